import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { testEnv } from '../../../test/app';
import { FAKE_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../../../test/fake-anthropic';
import { askClaude, claudeClient, MAX_TOOL_ROUNDS, toMessages, toolDefinition } from './claude';
import { defineTool, type AiTool } from './tool';

let fake: FakeAnthropic;
let client: Anthropic;

const echo = defineTool({
  name: 'echo_count',
  title: 'Echo count',
  description: 'Counts to n.',
  input: { n: z.number().int().min(1).max(5).describe('How far'), label: z.string().default('x') },
  output: z.object({ counted: z.array(z.string()) }),
  readOnly: true,
  permission: 'access-admin-portal',
  run: async (_db, _scope, input) => ({ counted: Array.from({ length: input.n }, (_, i) => `${input.label}${i + 1}`) }),
});
const tools = [echo] as unknown as AiTool[];
const runTool = (tool: AiTool, input: Record<string, unknown>) => tool.run(undefined as never, undefined as never, input as never);

beforeAll(() => {
  fake = startFakeAnthropic();
  client = claudeClient(testEnv({ ANTHROPIC_API_KEY: FAKE_API_KEY, ANTHROPIC_BASE_URL: fake.baseUrl }))!;
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('askClaude against the fake Messages API', () => {
  test('no key, no client', () => {
    expect(claudeClient(testEnv())).toBeNull();
  });

  test('a text reply arrives streamed, in deltas, with the model, system and turns sent', async () => {
    fake.reply({ text: 'Hello from the fake model.', chunks: 4 });
    const deltas: string[] = [];
    const answer = await askClaude(client, 'claude-test-1', { system: 'Be brief.', messages: toMessages([], 'Hi'), onText: (d) => deltas.push(d) }, 5000);
    expect(answer).toEqual({ text: 'Hello from the fake model.', toolCalls: [] });
    expect(deltas.length).toBe(4);
    expect(deltas.join('')).toBe('Hello from the fake model.');
    const [sent] = fake.requests;
    expect(sent!.body).toMatchObject({ model: 'claude-test-1', system: 'Be brief.', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    expect(sent!.body.tools).toBeUndefined();
    expect(fake.unexpected).toEqual([]);
  });

  test('tool_use round trip: the tool runs and its result reaches the model in the next request', async () => {
    fake.reply({ toolUse: { name: 'echo_count', input: { n: 3 }, id: 'toolu_1' }, text: 'Let me count.' }, { text: 'Counted to three.' });
    const answer = await askClaude(client, 'm', { system: 's', messages: toMessages([], 'count'), tools, runTool }, 5000);
    expect(answer.text).toBe('Counted to three.');
    expect(answer.toolCalls).toEqual([{ name: 'echo_count', input: { n: 3, label: 'x' }, result: { counted: ['x1', 'x2', 'x3'] }, isError: false }]);
    expect(fake.requests).toHaveLength(2);
    const first = fake.requests[0]!.body;
    expect(first.tools).toEqual([toolDefinition(echo as unknown as AiTool)]);
    expect(first.tool_choice).toEqual({ type: 'auto' });
    const second = fake.requests[1]!.body.messages;
    expect(second).toHaveLength(3);
    expect(second[1]).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Let me count.' }, { type: 'tool_use', id: 'toolu_1', name: 'echo_count', input: { n: 3 } }] });
    expect(second[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"counted":["x1","x2","x3"]}' }] });
  });

  test('tool definitions are JSON schema from the zod shape', () => {
    expect(toolDefinition(echo as unknown as AiTool)).toEqual({
      name: 'echo_count',
      description: 'Counts to n.',
      input_schema: {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: 5, description: 'How far' }, label: { type: 'string', default: 'x' } },
        required: ['n'],
        // Strict, as the tool parses it: a key the tool does not define is refused, not dropped.
        additionalProperties: false,
      },
    });
  });

  test('bad tool input and unknown tools come back to the model as errors, not crashes', async () => {
    fake.reply({ toolUse: { name: 'echo_count', input: { n: 99 } } }, { toolUse: { name: 'drop_tables', input: {} } }, { text: 'Sorry.' });
    const answer = await askClaude(client, 'm', { system: 's', messages: toMessages([], 'x'), tools, runTool }, 5000);
    expect(answer.text).toBe('Sorry.');
    expect(answer.toolCalls.map((c) => [c.name, c.isError])).toEqual([
      ['echo_count', true],
      ['drop_tables', true],
    ]);
    const results = fake.requests.slice(1).map((r) => (r.body.messages.at(-1)!.content as { content: string; is_error: boolean }[])[0]!);
    expect(results[0]).toMatchObject({ is_error: true, content: expect.stringContaining('n: Too big') });
    expect(results[1]).toMatchObject({ is_error: true, content: 'Unknown tool drop_tables' });
  });

  test(`after ${MAX_TOOL_ROUNDS} rounds of tools the model must answer in text`, async () => {
    for (let i = 0; i < MAX_TOOL_ROUNDS; i++) fake.reply({ toolUse: { name: 'echo_count', input: { n: 1 } } });
    fake.reply({ text: 'Done.' });
    const answer = await askClaude(client, 'm', { system: 's', messages: toMessages([], 'loop'), tools, runTool }, 5000);
    expect(answer.text).toBe('Done.');
    expect(fake.requests.map((r) => r.body.tool_choice?.type)).toEqual([...Array(MAX_TOOL_ROUNDS).fill('auto'), 'none']);
  });

  test('an API error throws', async () => {
    fake.reply({ status: 500, message: 'Overloaded' });
    const err = await askClaude(client, 'm', { system: 's', messages: toMessages([], 'x') }, 5000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(500);
    expect(fake.requests).toHaveLength(1);
  });

  test('no answer within the deadline throws, before the reply and halfway through a stream', async () => {
    for (const reply of ['hang', 'stall'] as const) {
      fake.reply(reply);
      const started = performance.now();
      const err = await askClaude(client, 'm', { system: 's', messages: toMessages([], 'x') }, 300).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Anthropic.AnthropicError);
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });
});

describe('toMessages', () => {
  test('starts with the user, alternates, drops blanks, ends with the new message', () => {
    expect(
      toMessages(
        [
          { role: 'assistant', content: 'Hello! (widget greeting)' },
          { role: 'user', content: 'a' },
          { role: 'user', content: 'b' },
          { role: 'assistant', content: '  ' },
          { role: 'assistant', content: 'c' },
        ],
        'd',
      ),
    ).toEqual([
      { role: 'user', content: 'a\n\nb' },
      { role: 'assistant', content: 'c' },
      { role: 'user', content: 'd' },
    ]);
  });
});
