import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Db } from '../db/client';
import { toolsFor } from '../src/server/ai/tools';
import { toolInput, type AiTool, type ToolContext } from '../src/server/ai/tool';
import { DomainError } from '../src/server/errors';
import type { Actor } from '../src/server/services/access';

export const MCP_SERVER_NAME = 'kwt-delivery';
/** The tool catalogue's version, told to clients at initialize. */
export const MCP_SERVER_VERSION = '1.1.0';

const INSTRUCTIONS = [
  'KWT Delivery: a delivery-fleet platform for Kuwait (KWD, 3 decimals) and the UAE (AED, 2 decimals).',
  'Every tool answers for the account behind this connection: an admin sees the whole system, a company only its own fleet and orders, a rider only itself.',
  'Money: each tool says whether it returns decimal numbers or decimal strings, always beside a currency; never add KWD and AED together unless a tool says it converted them.',
  'Times are ISO 8601 in UTC; dates given as YYYY-MM-DD are calendar days in Asia/Kuwait.',
  'Arguments a tool does not define are refused, not ignored: check the spelling (companyId, not company_id).',
].join(' ');

/** A list result travels as { items }: structured content is an object. */
const structuredSchema = (tool: AiTool): z.ZodType => (tool.output instanceof z.ZodArray ? z.object({ items: tool.output }) : tool.output);

/**
 * JSON Schema as the SDK's own McpServer writes it (draft-07, which the SDK client's validator reads),
 * with `type: "object"` at the top as MCP requires of an outputSchema (a union of shapes is still one).
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  ({ type: 'object', ...z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) }) as Tool['inputSchema'];

/** What tools/list says of a tool: its schemas both ways, a title, and hints (nothing here reaches outside the platform). */
export const describeTool = (tool: AiTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: jsonSchema(toolInput(tool), 'input'),
  outputSchema: jsonSchema(structuredSchema(tool), 'output') as Tool['outputSchema'],
  annotations: tool.readOnly
    ? { title: tool.title, readOnlyHint: true, openWorldHint: false }
    : { title: tool.title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
});

/** A result as structuredContent carries it: JSON (instants as ISO strings), a list as { items }. */
export const wireOf = (result: unknown): unknown => JSON.parse(JSON.stringify(Array.isArray(result) ? { items: result } : result));

/** A JSON-RPC error with its own message (an McpError's message carries an "MCP error -32602:" prefix the client adds again). */
const protocolError = (code: ErrorCode, message: string) => Object.assign(new Error(message), { code });

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

const issuesText = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');

/**
 * One call: arguments checked by the tool's strict schema (an error names the field, so a model can
 * correct itself), the result checked against the tool's output schema before it is sent as
 * structuredContent and as the same JSON in text. A domain error's message is meant for the caller (rendered by key
 * in the request's language: Accept-Language over HTTP, English over stdio);
 * anything else is logged (stderr) and kept out of the answer.
 */
async function callOne(tool: AiTool, args: unknown, run: (input: unknown) => Promise<unknown>): Promise<CallToolResult> {
  const input = toolInput(tool).safeParse(args ?? {});
  if (!input.success) return toolError(`Invalid arguments for ${tool.name}: ${issuesText(input.error)}`);
  let result: unknown;
  try {
    result = await run(input.data);
  } catch (err) {
    if (err instanceof DomainError) return toolError(err.localized());
    console.error(err);
    return toolError('The tool failed with an internal error');
  }
  const checked = structuredSchema(tool).safeParse(wireOf(result));
  if (!checked.success) {
    console.error(`MCP tool ${tool.name}: result does not match its output schema: ${issuesText(checked.error)}`);
    return toolError('The tool failed with an internal error');
  }
  const structured = checked.data as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}

export interface McpServerOptions {
  db: Db;
  /** Who the connection acts for (the API token's user): what every tool scopes to. */
  actor: Actor;
  ctx: ToolContext;
  /** The clock tools read (tests pin it). */
  now?: () => Date;
}

/**
 * An MCP server offering the tools the permissions table gives the actor, each running for that actor. Tools
 * only: no resources, prompts, logging or completions. The tool list is fixed for the connection
 * (and /mcp is stateless, with no stream to send on), so `tools.listChanged` is not advertised.
 */
export function buildMcpServer({ db, actor, ctx, now = () => new Date() }: McpServerOptions): Server {
  const tools = toolsFor(actor);
  const server = new Server({ name: MCP_SERVER_NAME, title: 'KWT Delivery', version: MCP_SERVER_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(describeTool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    // An unknown tool is a protocol error (the spec's example), not a tool result.
    if (!tool) throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callOne(tool, request.params.arguments, (input) => tool.run(db, actor, input as never, now(), ctx));
  });
  return server;
}
