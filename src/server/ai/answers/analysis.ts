import { t, tn, type MessageKey } from '../../../shared/i18n';
import { formatMoney, type Currency } from '../../../shared/money';
import type { Analysis, AnalysisType } from '../../../shared/schemas/ai';
import { analysisSummaryText } from '../../services/reports';
import { comma, joinAll, percent, table, type Answer } from './answer';

/** The parts of each analysis's `figures` (services/reports/analysis) an answer reads. */
type Amount = { minor: number; currency: Currency };
type PerCurrency = Partial<Record<Currency, Amount>>;
interface Financial {
  revenue: PerCurrency;
  deliveredOrders: Partial<Record<Currency, number>>;
  cashCollected: PerCurrency;
  cashOutstanding: { onHand: PerCurrency; pendingConfirmation: PerCurrency };
}
interface Hr {
  riders: { total: number; worked: number };
  hours: { worked: number; shifts: number };
  overtime: { hours: number };
  perRider: { name: string; hours: number; shifts: number; breaks: number; overtimeHours: number }[];
}
type Check = { status: 'ok' | 'issue'; riders: { name: string }[] };
interface Legal {
  checks: Record<string, Check>;
}
interface Performance {
  orders: { created: number; byStatus: Record<string, number> };
  completionRatePercent: number;
  throughput: { ordersPerHour: number; efficiencyPercent: number };
  perRider: { name: string; deliveries: number; hours: number; ordersPerHour: number; efficiencyPercent: number }[];
}

const CURRENCY_ORDER: Currency[] = ['KWD', 'AED'];
/** Non-zero amounts joined ("KWD 2.000 and AED 15.00"); all zero reads as zero in the first currency present. */
function amounts(m: PerCurrency): string {
  const present = CURRENCY_ORDER.flatMap((c) => (m[c] ? [m[c]] : []));
  const nonZero = present.filter((a) => a.minor !== 0);
  return nonZero.length ? joinAll(nonZero.map((a) => formatMoney(a.minor, a.currency))) : formatMoney(0, present[0]?.currency ?? 'KWD');
}
const cell = (a: Amount | undefined, c: Currency) => formatMoney(a?.minor ?? 0, c);

function financial(a: Analysis, f: Financial, base: Record<string, string | number>): Answer {
  const currencies = CURRENCY_ORDER.filter((c) => (f.revenue[c]?.minor ?? 0) || (f.cashCollected[c]?.minor ?? 0) || (f.cashOutstanding.onHand[c]?.minor ?? 0) || (f.deliveredOrders[c] ?? 0));
  return {
    text: t('answers.analysis.financial', { ...base, revenue: amounts(f.revenue), onHand: amounts(f.cashOutstanding.onHand), pending: amounts(f.cashOutstanding.pendingConfirmation) }),
    table: table(
      ['answers.col.currency', ['answers.col.revenue', 'numeric'], ['answers.col.delivered', 'numeric'], ['answers.col.collected', 'numeric'], ['handover.balance.onHand', 'numeric'], ['handover.balance.pending', 'numeric']],
      currencies.map((c) => [c, cell(f.revenue[c], c), String(f.deliveredOrders[c] ?? 0), cell(f.cashCollected[c], c), cell(f.cashOutstanding.onHand[c], c), cell(f.cashOutstanding.pendingConfirmation[c], c)]),
    ),
  };
}

function hr(f: Hr, base: Record<string, string | number>): Answer {
  return {
    text: t('answers.analysis.hr', { ...base, hours: f.hours.worked, shifts: tn('analysis.unit.shift', f.hours.shifts), worked: f.riders.worked, riders: tn('analysis.unit.rider', f.riders.total), overtime: f.overtime.hours }),
    table: table(
      ['answers.col.rider', ['answers.col.hours', 'numeric'], ['answers.col.shifts', 'numeric'], ['answers.col.breaks', 'numeric'], ['answers.col.overtime', 'numeric']],
      [...f.perRider].sort((x, y) => y.hours - x.hours).map((r) => [r.name, String(r.hours), String(r.shifts), String(r.breaks), String(r.overtimeHours)]),
    ),
  };
}

function legal(f: Legal, base: Record<string, string | number>): Answer {
  const checks = Object.entries(f.checks);
  return {
    text: t('answers.analysis.legal', { ...base, issues: checks.filter(([, c]) => c.status === 'issue').length, checks: checks.length }),
    table: table(
      ['answers.col.check', 'answers.col.status', 'answers.col.who'],
      checks.map(([name, c]) => [t(`answers.check.${name}` as MessageKey), t(c.status === 'issue' ? 'answers.check.issue' : 'answers.check.ok'), c.riders.map((r) => r.name).join(comma()) || '—']),
    ),
  };
}

function performance(f: Performance, base: Record<string, string | number>): Answer {
  return {
    text: t('answers.analysis.performance', {
      ...base,
      delivered: f.orders.byStatus.delivered ?? 0,
      created: tn('analysis.unit.order', f.orders.created),
      rate: f.completionRatePercent,
      perHour: f.throughput.ordersPerHour,
      efficiency: f.throughput.efficiencyPercent,
    }),
    table: table(
      ['answers.col.rider', ['answers.col.delivered', 'numeric'], ['answers.col.hours', 'numeric'], ['answers.col.perHour', 'numeric'], ['answers.col.efficiency', 'numeric']],
      [...f.perRider].sort((x, y) => y.deliveries - x.deliveries).map((r) => [r.name, String(r.deliveries), String(r.hours), String(r.ordersPerHour), percent(r.efficiencyPercent)]),
    ),
  };
}

/**
 * analysis_*: the headline figure of the analysis first, then its full text (summary, recommendations,
 * priority) as before; the per-rider or per-currency rows below.
 */
export function analysisAnswer(a: Analysis): Answer {
  const base = { scope: a.scope.name, from: a.period.from, to: a.period.to };
  const compose: Record<AnalysisType, () => Answer> = {
    financial: () => financial(a, a.figures as unknown as Financial, base),
    hr: () => hr(a.figures as unknown as Hr, base),
    legal: () => legal(a.figures as unknown as Legal, base),
    performance: () => performance(a.figures as unknown as Performance, base),
  };
  const head = compose[a.type]();
  return { text: `${head.text}\n\n${analysisSummaryText(a)}`, table: head.table };
}
