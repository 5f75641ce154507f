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

const ANALYSIS_WORD = /\b(analy[sz](is|es|e)|assessment)\b|تحليل|تقييم/i;
const REPORT_WORD = /\b(reports?|download|export)\b|تقرير|تنزيل|تصدير/i;
const TYPE_WORDS: [AnalysisType, RegExp][] = [
  ['financial', /\b(financ\w*|revenue|money|profit\w*|income)\b|مالي|إيراد|ايراد|أرباح|دخل/i],
  ['hr', /\b(hr|human resources?|overtime|working hours|staff\w*|workforce|breaks?)\b|الموارد البشرية|عمل إضافي|ساعات العمل|استراح/i],
  ['legal', /\b(legal|complian\w*|licen[cs]es?|laws?|regulat\w*)\b|قانون|امتثال|رخص/i],
  ['performance', /\b(performance|efficien\w*|productiv\w*|orders per hour)\b|أداء|اداء|أدائ|ادائ|كفاءة|إنتاجية/i],
];
const TOPICS: [Exclude<Topic, 'performance'>, RegExp][] = [
  ['tickets', /\b(tickets?)\b|تذكر|تذاكر/i],
  ['cash', /\b(cash|cod|hand-?overs?|collected)\b|نقد|كاش|عهدة|العهدة|تحصيل/i],
  ['orders', /\b(orders?|deliver(y|ies))\b|طلب|توصيل/i],
  ['riders', /\b(riders?|fleet|drivers?)\b|مندوب|سائق|أسطول|الأسطول/i],
  ['companies', /\b(compan(y|ies))\b|شرك/i],
  ['stats', /\b(stats|statistics|figures|numbers|overview|dashboard|summary|revenue|today|how (am i|are we) doing)\b|إحصائ|احصائ|أرقام|ارقام|ملخص|نظرة عامة|اليوم/i],
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

/** Arabic words for each order status, as the catalog and people write them. */
const AR_STATUS: [string, RegExp][] = [
  ['pending', /قيد الانتظار|معلق/],
  ['assigned', /مسند|المسندة/],
  ['picked_up', /تم الاستلام|مستلم/],
  ['delivered', /تم التوصيل|تم التسليم|مسلم/],
  ['cancelled', /ملغ/],
  ['failed', /فاشل|فشل/],
];

function orderStatus(message: string): string | undefined {
  const m = message.toLowerCase().replace(/picked[ -]up/g, 'picked_up');
  return ORDER_STATUSES.find((s) => new RegExp(`\\b${s}\\b`).test(m)) ?? AR_STATUS.find(([, re]) => re.test(message))?.[0];
}

/** Arabic as typed: without short vowels or tatweel, so 'مُسنَد' and 'مسند' read alike. */
const plain = (message: string) => message.replace(/[\u064B-\u0652\u0640]/g, '');

export function supportIntent(raw: string, role: Role): SupportIntent {
  const message = plain(raw);
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
