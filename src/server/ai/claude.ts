import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, Message, MessageParam, Tool, ToolResultBlockParam, ToolUseBlock } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import type { Env } from '../env';
import { toolInput, type AiTool } from './tool';
import { DomainError } from '../errors';

/**
 * The Claude provider: the Messages API through @anthropic-ai/sdk, streamed, with tool use over the
 * same AiTools the MCP server exposes. It knows nothing of chats; the chat services give it
 * instructions, turns and tools, and turn any failure into the spec's apology.
 */
const clients = new WeakMap<Env, Anthropic>();

/** null when no ANTHROPIC_API_KEY is set: the offline assistant answers instead. */
export function claudeClient(config: Env): Anthropic | null {
  if (!config.ANTHROPIC_API_KEY) return null;
  let client = clients.get(config);
  if (!client) {
    client = new Anthropic({
      apiKey: config.ANTHROPIC_API_KEY,
      baseURL: config.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com',
      // One reply has one deadline (AI_TIMEOUT_MS); a failed call is answered with an apology, not retried.
      maxRetries: 0,
      timeout: config.AI_TIMEOUT_MS,
    });
    clients.set(config, client);
  }
  return client;
}

/** Tool rounds per reply; the last round must answer in text. */
export const MAX_TOOL_ROUNDS = 4;
/** A tool result longer than this is cut before it reaches the model. */
const MAX_RESULT_CHARS = 20_000;

export function toolDefinition(tool: AiTool): Tool {
  const { $schema: _drop, ...schema } = z.toJSONSchema(toolInput(tool), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, input_schema: { ...schema, type: 'object' } };
}

export interface ToolCall {
  name: string;
  input: unknown;
  result: unknown;
  isError: boolean;
}

export interface ClaudeRequest {
  system: string;
  messages: MessageParam[];
  tools?: readonly AiTool[];
  /** Runs one validated tool call for the caller's scope. */
  runTool?: (tool: AiTool, input: Record<string, unknown>) => Promise<unknown>;
  /** Each streamed text delta, as it arrives. */
  onText?: (delta: string) => void;
  /** How a successful tool result reads to the model (default: its JSON). */
  resultText?: (call: ToolCall) => string;
  maxTokens?: number;
}

export interface ClaudeAnswer {
  text: string;
  toolCalls: ToolCall[];
}

const textOf = (msg: Message) =>
  msg.content
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('')
    .trim();

const errorText = (err: unknown) =>
  err instanceof z.ZodError
    ? err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')
    : err instanceof DomainError
      ? err.localized()
      : err instanceof Error
        ? err.message
        : String(err);

async function callTool(req: ClaudeRequest, use: ToolUseBlock): Promise<ToolCall> {
  const tool = req.tools?.find((t) => t.name === use.name);
  try {
    if (!tool || !req.runTool) throw new Error(`Unknown tool ${use.name}`);
    const input = toolInput(tool).parse(use.input ?? {});
    return { name: use.name, input, result: await req.runTool(tool, input), isError: false };
  } catch (err) {
    return { name: use.name, input: use.input, result: errorText(err), isError: true };
  }
}

function toolResult(req: ClaudeRequest, use: ToolUseBlock, call: ToolCall): ToolResultBlockParam {
  const text = typeof call.result === 'string' ? call.result : !call.isError && req.resultText ? req.resultText(call) : JSON.stringify(call.result);
  return { type: 'tool_result', tool_use_id: use.id, content: text.slice(0, MAX_RESULT_CHARS), ...(call.isError ? { is_error: true } : {}) };
}

/**
 * One reply: stream a message, run the tools it asks for with the caller's scope, send the results
 * back, and repeat until it answers in text (at most MAX_TOOL_ROUNDS rounds of tools). Throws on an
 * API error or when `timeoutMs` passes; the caller apologises.
 */
export async function askClaude(client: Anthropic, model: string, req: ClaudeRequest, timeoutMs: number): Promise<ClaudeAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const tools = (req.tools ?? []).map(toolDefinition);
  const messages = [...req.messages];
  const toolCalls: ToolCall[] = [];
  for (let round = 0; ; round++) {
    const last = round >= MAX_TOOL_ROUNDS;
    const stream = client.messages.stream(
      {
        model,
        max_tokens: req.maxTokens ?? 1024,
        system: req.system,
        messages,
        ...(tools.length ? { tools, tool_choice: last ? { type: 'none' as const } : { type: 'auto' as const } } : {}),
      },
      { signal },
    );
    if (req.onText) stream.on('text', req.onText);
    const message = await stream.finalMessage();
    const uses = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (message.stop_reason !== 'tool_use' || !uses.length || last) return { text: textOf(message), toolCalls };
    messages.push({ role: 'assistant', content: message.content as ContentBlockParam[] });
    const results: ToolResultBlockParam[] = [];
    for (const use of uses) {
      const call = await callTool(req, use);
      toolCalls.push(call);
      results.push(toolResult(req, use, call));
    }
    messages.push({ role: 'user', content: results });
  }
}

/**
 * Chat history as the Messages API wants it: starting with the user, roles alternating (a widget's
 * greeting is dropped, two turns of one role are joined), then the new message.
 */
export function toMessages(history: readonly { role: 'user' | 'assistant'; content: string }[], message: string): MessageParam[] {
  const out: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of [...history, { role: 'user' as const, content: message }]) {
    const content = turn.content.trim();
    if (!content || (!out.length && turn.role === 'assistant')) continue;
    const prev = out.at(-1);
    if (prev?.role === turn.role) prev.content = `${prev.content}\n\n${content}`;
    else out.push({ role: turn.role, content });
  }
  return out;
}
