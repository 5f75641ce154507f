import type { Role } from '../../shared/permissions';
import type { AnalysisType } from '../../shared/schemas/ai';
import { ORDER_STATUSES } from '../../shared/schemas/oversight';

/**
 * What a support-chat message asks for, read the same way for both providers: the offline assistant
 * answers from it, and it decides which download (manager report or analysis) goes with a reply.
 */
export type Topic = 'stats' | 'orders' | 'riders' | 'companies' | 'cash' | 'performance' | 'tickets';

export type SupportIntent =
  | { kind: 'analysis'; type: AnalysisType }
  | { kind: 'pick-analysis' }
  | { kind: 'report' }
  | { kind: 'tool'; topic: Topic; tool: string; input: Record<string, unknown> }
  | { kind: 'help' };

const ANALYSIS_WORD = /\b(analy[sz](is|es|e)|assessment)\b/i;
const REPORT_WORD = /\b(reports?|download|export)\b/i;
const TYPE_WORDS: [AnalysisType, RegExp][] = [
  ['financial', /\b(financ\w*|revenue|money|profit\w*|income)\b/i],
  ['hr', /\b(hr|human resources?|overtime|working hours|staff\w*|workforce|breaks?)\b/i],
  ['legal', /\b(legal|complian\w*|licen[cs]es?|laws?|regulat\w*)\b/i],
  ['performance', /\b(performance|efficien\w*|productiv\w*|orders per hour)\b/i],
];
const TOPICS: [Exclude<Topic, 'performance'>, RegExp][] = [
  ['tickets', /\b(tickets?)\b/i],
  ['cash', /\b(cash|cod|hand-?overs?|collected)\b/i],
  ['orders', /\b(orders?|deliver(y|ies))\b/i],
  ['riders', /\b(riders?|fleet|drivers?)\b/i],
  ['companies', /\b(compan(y|ies))\b/i],
  ['stats', /\b(stats|statistics|figures|numbers|overview|dashboard|summary|revenue|today|how (am i|are we) doing)\b/i],
];
const TOOL_OF: Record<Exclude<Topic, 'performance'>, string> = {
  stats: 'system_stats',
  orders: 'search_orders',
  riders: 'list_riders',
  companies: 'list_companies',
  cash: 'cash_reconciliation',
  tickets: 'list_tickets',
};

export const analysisTool = (type: AnalysisType) => `analysis_${type}`;

function orderStatus(message: string): string | undefined {
  const m = message.toLowerCase().replace(/picked[ -]up/g, 'picked_up');
  return ORDER_STATUSES.find((s) => new RegExp(`\\b${s}\\b`).test(m));
}

export function supportIntent(message: string, role: Role): SupportIntent {
  const type = TYPE_WORDS.find(([, re]) => re.test(message))?.[0];
  const asksAnalysis = ANALYSIS_WORD.test(message);
  if (type && (asksAnalysis || REPORT_WORD.test(message))) return { kind: 'analysis', type };
  if (asksAnalysis) return { kind: 'pick-analysis' };
  if (REPORT_WORD.test(message)) return { kind: 'report' };
  // HR and legal figures exist only as analyses.
  if (type === 'hr' || type === 'legal') return { kind: 'analysis', type };
  const topic = TOPICS.find(([, re]) => re.test(message))?.[0];
  if (topic === 'orders') {
    const status = orderStatus(message);
    return { kind: 'tool', topic, tool: TOOL_OF.orders, input: status ? { status } : {} };
  }
  if (topic) return { kind: 'tool', topic, tool: TOOL_OF[topic], input: {} };
  if (type === 'performance') {
    // A rider's own performance is a tool; a fleet's is the performance analysis.
    return role === 'rider' ? { kind: 'tool', topic: 'performance', tool: 'rider_performance', input: {} } : { kind: 'analysis', type };
  }
  if (type === 'financial') return { kind: 'tool', topic: 'stats', tool: TOOL_OF.stats, input: {} };
  return { kind: 'help' };
}
