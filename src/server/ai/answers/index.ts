import type { Answer, Asked } from './answer';
import { analysisAnswer } from './analysis';
import { cashAnswer } from './cash';
import { companiesAnswer, ridersAnswer } from './directory';
import { ordersAnswer } from './orders';
import { performanceAnswer } from './performance';
import { statsAnswer } from './stats';
import { createdTicketAnswer, ticketsAnswer } from './tickets';
import { dispatchAnswer } from './dispatch';

export type { Answer, Asked } from './answer';

/**
 * One answer composer per tool (src/server/ai/tools): the offline assistant replies with it, and the
 * Claude assistant gets its sentence at the head of each tool result and its table under the reply.
 * Each composer is typed by its tool's result, so a change of a tool's shape fails here at compile time.
 */
const composers: Record<string, (result: never, asked: Asked) => Answer> = {
  system_stats: statsAnswer,
  list_companies: companiesAnswer,
  list_riders: ridersAnswer,
  search_orders: ordersAnswer,
  rider_performance: performanceAnswer,
  cash_reconciliation: cashAnswer,
  analysis_financial: analysisAnswer,
  analysis_hr: analysisAnswer,
  analysis_legal: analysisAnswer,
  analysis_performance: analysisAnswer,
  list_tickets: ticketsAnswer,
  create_ticket: createdTicketAnswer,
  dispatch_status: dispatchAnswer,
};

export const hasComposer = (tool: string) => tool in composers;

/** The answer for a tool's result, in the current language. */
export function composeAnswer(tool: string, result: unknown, asked: Asked): Answer {
  const compose = composers[tool];
  if (!compose) throw new Error(`No answer composer for the tool ${tool}`);
  return compose(result as never, asked);
}
