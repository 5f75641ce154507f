import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Db } from '../db/client';
import { toolsFor } from '../src/server/ai/tools';
import type { AiScope, ToolContext } from '../src/server/ai/tool';
import { DomainError } from '../src/server/errors';

export const MCP_SERVER_NAME = 'kwt-delivery';
/** The tool catalogue's version, told to clients at initialize. */
export const MCP_SERVER_VERSION = '1.0.0';

const INSTRUCTIONS = [
  'KWT Delivery: a delivery-fleet platform for Kuwait (KWD, 3 decimals) and the UAE (AED, 2 decimals).',
  'Every tool answers for the account behind this connection: an admin sees the whole system, a company only its own fleet and orders, a rider only itself.',
  'Money: each tool says whether it returns decimal numbers or decimal strings, always beside a currency; never add KWD and AED together unless a tool says it converted them.',
  'Times are ISO 8601 in UTC; dates given as YYYY-MM-DD are calendar days in Asia/Kuwait.',
].join(' ');

/** Lists come back as { items }: structured content must be an object. */
const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { items: value };

/** A domain error's message is meant for the caller; anything else is logged (stderr) and kept out of the answer. */
async function answer(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const result = asObject(await run());
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result };
  } catch (err) {
    if (err instanceof DomainError) return { content: [{ type: 'text', text: err.message }], isError: true };
    console.error(err);
    return { content: [{ type: 'text', text: 'The tool failed with an internal error' }], isError: true };
  }
}

export interface McpServerOptions {
  db: Db;
  scope: AiScope;
  ctx: ToolContext;
  /** The clock tools read (tests pin it). */
  now?: () => Date;
}

/** An MCP server offering the tools the scope's role may call, each running for that scope. */
export function buildMcpServer({ db, scope, ctx, now = () => new Date() }: McpServerOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of toolsFor(scope)) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.input }, (input) =>
      answer(() => tool.run(db, scope, input as never, now(), ctx)),
    );
  }
  return server;
}
