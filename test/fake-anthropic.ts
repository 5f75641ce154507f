/**
 * A loopback stand-in for Anthropic's Messages API (POST /v1/messages), so the real
 * @anthropic-ai/sdk runs against it: JSON or server-sent events (stream: true), text and tool_use
 * blocks, API errors, and requests that never finish (before the answer or halfway through a stream).
 * Replies are scripted in order; every request is logged with its headers and body.
 */
export type FakeReply =
  | { text: string; chunks?: number }
  | { toolUse: { name: string; input: Record<string, unknown>; id?: string }; text?: string }
  | { status: number; message?: string }
  | 'hang'
  | 'stall';

export interface FakeRequest {
  headers: Headers;
  body: {
    model: string;
    system?: string;
    messages: { role: string; content: unknown }[];
    tools?: { name: string; input_schema: Record<string, unknown> }[];
    tool_choice?: { type: string };
    stream?: boolean;
  };
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function split(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

function streamEvents(message: Record<string, unknown>, blocks: Block[], chunks: number, stopReason: string): string[] {
  const events = [sse('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 0 } } })];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
      for (const text of split(block.text, chunks)) events.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
    } else {
      events.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } }));
      for (const partial_json of split(JSON.stringify(block.input), 2)) {
        events.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }));
      }
    }
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
  });
  events.push(sse('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } }));
  events.push(sse('message_stop', { type: 'message_stop' }));
  return events;
}

export function startFakeAnthropic() {
  const script: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const pending: (() => void)[] = [];
  let seq = 0;

  function answer(body: FakeRequest['body'], reply: FakeReply): Response | Promise<Response> {
    if (reply === 'hang') return new Promise<Response>((resolve) => pending.push(() => resolve(new Response('stopped', { status: 503 }))));
    if (typeof reply === 'object' && 'status' in reply) {
      return Response.json({ type: 'error', error: { type: 'api_error', message: reply.message ?? 'Internal server error' } }, { status: reply.status });
    }
    const id = `msg_fake_${++seq}`;
    const blocks: Block[] = [];
    if (reply === 'stall') blocks.push({ type: 'text', text: 'never finished' });
    else if ('toolUse' in reply) {
      if (reply.text) blocks.push({ type: 'text', text: reply.text });
      blocks.push({ type: 'tool_use', id: reply.toolUse.id ?? `toolu_fake_${seq}`, name: reply.toolUse.name, input: reply.toolUse.input });
    } else blocks.push({ type: 'text', text: reply.text });
    const stopReason = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    const message = { id, type: 'message', role: 'assistant', model: body.model, stop_sequence: null };
    if (!body.stream) {
      if (reply === 'stall') return new Promise<Response>((resolve) => pending.push(() => resolve(new Response('stopped', { status: 503 }))));
      return Response.json({ ...message, content: blocks, stop_reason: stopReason, usage: { input_tokens: 10, output_tokens: 20 } });
    }
    const chunks = typeof reply === 'object' && 'chunks' in reply ? (reply.chunks ?? 3) : 3;
    const events = streamEvents(message, blocks, chunks, stopReason);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // A stall sends the start of the message, then nothing more until the fake stops.
        const sent = reply === 'stall' ? events.slice(0, 2) : events;
        for (const e of sent) controller.enqueue(encoder.encode(e));
        if (reply === 'stall') pending.push(() => controller.close());
        else controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'POST' || url.pathname !== '/v1/messages') {
        unexpected.push(`${req.method} ${url.pathname}`);
        return Response.json({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }, { status: 404 });
      }
      // The SDK sends the key as x-api-key or as a bearer token, depending on its version.
      const key = req.headers.get('x-api-key') ?? req.headers.get('authorization')?.replace(/^Bearer /, '');
      if (key !== FAKE_API_KEY) {
        unexpected.push(`bad key ${key}`);
        return Response.json({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }, { status: 401 });
      }
      const body = (await req.json()) as FakeRequest['body'];
      requests.push({ headers: req.headers, body });
      const reply = script.shift();
      if (!reply) {
        unexpected.push('request with no scripted reply');
        return Response.json({ type: 'error', error: { type: 'api_error', message: 'No scripted reply' } }, { status: 500 });
      }
      return answer(body, reply);
    },
  });

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    requests,
    unexpected,
    /** Queue the next replies, in order. */
    reply(...replies: FakeReply[]) {
      script.push(...replies);
    },
    reset() {
      script.length = 0;
      requests.length = 0;
      unexpected.length = 0;
    },
    get scripted() {
      return script.length;
    },
    stop() {
      for (const release of pending.splice(0)) release();
      server.stop(true);
    },
  };
}
export type FakeAnthropic = ReturnType<typeof startFakeAnthropic>;

export const FAKE_API_KEY = 'sk-ant-test-fake-key';
