import type { Db } from '../../../../db/client';
import { forbidden } from '../../errors';
import { can } from '../../../shared/permissions';
import { toolInput, type AiTool, type ToolContext } from '../tool';
import { analysisTools } from './analysis';
import { cashReconciliation } from './cash';
import { listCompanies, listRiders } from './directory';
import { searchOrders } from './orders';
import { riderPerformance } from './performance';
import { systemStats } from './stats';
import { createTicketTool, listTickets } from './tickets';
import { label, msg } from '../../../shared/i18n/message';
import { dispatchStatusTool } from './dispatch';
import type { Actor } from '../../services/access';

/**
 * Every tool the assistants and the MCP server offer, one catalogue. Each runs for an Actor and
 * enforces it itself; `toolsFor` only hides the tools the permissions table does not offer the actor.
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

/** The tools the permissions table offers this actor. */
export function toolsFor(scope: Pick<Actor, 'role'>): AiTool[] {
  return ALL_TOOLS.filter((t) => t.permission === null || can(scope, t.permission));
}

/**
 * Run a tool by name for a scope with raw input (a model's tool_use input): refused when the role may
 * not call it, input parsed by the tool's own schema (a ZodError names the field).
 */
export async function callTool(db: Db, scope: Actor, name: string, rawInput: unknown, now = new Date(), ctx?: ToolContext): Promise<unknown> {
  const tool = toolsFor(scope).find((t) => t.name === name);
  if (!tool) throw forbidden(msg('errors.toolNotAllowed', { name, role: label(`errors.privilege.${scope.role}`) }));
  return tool.run(db, scope, toolInput(tool).parse(rawInput ?? {}), now, ctx);
}
