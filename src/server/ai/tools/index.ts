import type { Db } from '../../../../db/client';
import { forbidden } from '../../errors';
import { toolInput, type AiScope, type AiTool, type ToolContext } from '../tool';
import { analysisTools } from './analysis';
import { cashReconciliation } from './cash';
import { listCompanies, listRiders } from './directory';
import { searchOrders } from './orders';
import { riderPerformance } from './performance';
import { systemStats } from './stats';
import { createTicketTool, listTickets } from './tickets';
import { dispatchStatusTool } from './dispatch';

/**
 * Every tool the assistants and the MCP server offer, one catalogue. Each runs for an AiScope and
 * enforces it itself; `toolsFor` only hides the tools a role may not call at all.
 */
const catalogue: unknown[] = [
  systemStats,
  listCompanies,
  listRiders,
  searchOrders,
  riderPerformance,
  cashReconciliation,
  ...analysisTools,
  listTickets,
  createTicketTool,
  dispatchStatusTool,
];
/** Each tool's input type is checked where it is defined; here they are held alike (callers parse first). */
export const ALL_TOOLS = catalogue as AiTool[];

export function toolsFor(scope: Pick<AiScope, 'role'>): AiTool[] {
  return ALL_TOOLS.filter((t) => t.roles.includes(scope.role));
}

/**
 * Run a tool by name for a scope with raw input (a model's tool_use input): refused when the role may
 * not call it, input parsed by the tool's own schema (a ZodError names the field).
 */
export async function callTool(db: Db, scope: AiScope, name: string, rawInput: unknown, now = new Date(), ctx?: ToolContext): Promise<unknown> {
  const tool = toolsFor(scope).find((t) => t.name === name);
  if (!tool) throw forbidden(`No tool named ${name} for a ${scope.role} account`);
  return tool.run(db, scope, toolInput(tool).parse(rawInput ?? {}), now, ctx);
}
