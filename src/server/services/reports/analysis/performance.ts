import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { orders } from '../../../../../db/schema';
import { t } from '../../../../shared/i18n';
import { EFFICIENCY_GREEN, efficiency, efficiencyTone, ordersPerHour, TARGET_ORDERS_PER_HOUR, type EfficiencyTone } from '../../../../shared/performance';
import { REPORT_ORDER_STATUSES, type StatusCounts } from '../../../../shared/schemas/reports';
import type { AnalysisBody, AnalysisContext } from './context';
import { count, hoursOf, namesText, percent } from './format';
import { PRIORITY, priorityOf } from './rules';
import { orderRows } from '../../access';
import { deliveredDuringShift, orderMinutes, orderTimeMs } from '../figures';

interface Throughput {
  /** Deliveries made during one of the rider's shifts: the ones the rate counts. */
  deliveries: number;
  hours: number;
  ordersPerHour: number;
  efficiencyPercent: number;
  tone: EfficiencyTone;
}

export interface PerformanceFigures {
  /** Orders created in the period, by their status now. */
  orders: { created: number; byStatus: StatusCounts; open: number };
  /** Delivered of delivered + failed + cancelled (as the admin's Completion Rate). */
  completionRatePercent: number | null;
  /** Delivered of delivered + failed (as the company's Success Rate). */
  successRatePercent: number | null;
  /**
   * Orders delivered during a shift per hour worked (duty less completed breaks); efficiency = rate / target × 100,
   * capped 0–100. Deliveries outside any recorded shift are counted apart, so missing duty records do not inflate the rate.
   */
  throughput: Throughput & { targetOrdersPerHour: number; deliveriesOffDuty: number };
  /** Average order time (docs/figures.md): pick-up, else assignment, to delivery, over the period's timed deliveries. */
  averageDeliveryMinutes: number | null;
  perRider: ({ riderId: string; name: string; deliveriesOffDuty: number } & Throughput)[];
}

function throughput(deliveries: number, ms: number): Throughput {
  const perHour = ordersPerHour(deliveries, ms / 3_600_000);
  const eff = efficiency(perHour);
  return { deliveries, hours: hoursOf(ms), ordersPerHour: Math.round(perHour * 100) / 100, efficiencyPercent: eff, tone: efficiencyTone(eff) };
}


async function orderOutcomes(ctx: AnalysisContext) {
  const { start, end } = ctx.period;
  const [byStatus, delivered] = await Promise.all([
    ctx.db
      .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), orderRows(ctx.actor)))
      .groupBy(orders.status),
    ctx.db
      .select({
        riderId: orders.riderId,
        n: sql<number>`count(*)`.mapWith(Number),
        onDuty: sql<number>`coalesce(sum(case when ${deliveredDuringShift} then 1 else 0 end), 0)`.mapWith(Number),
        // Average order time (docs/figures.md): pick-up (else assignment) to delivery, over the timed deliveries.
        totalMs: sql<number>`coalesce(sum(${orderTimeMs}), 0)`.mapWith(Number),
        timed: sql<number>`count(${orderTimeMs})`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.status, 'delivered'), gte(orders.deliveredAt, start), lt(orders.deliveredAt, end), orderRows(ctx.actor)))
      .groupBy(orders.riderId),
  ]);
  const counts = Object.fromEntries(REPORT_ORDER_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of byStatus) counts[r.status] = r.n;
  return { counts, delivered };
}

export async function performanceAnalysis(ctx: AnalysisContext): Promise<AnalysisBody<PerformanceFigures>> {
  const { target, period, riders } = ctx;
  const [{ counts, delivered }, duty] = await Promise.all([orderOutcomes(ctx), ctx.duty()]);
  const created = Object.values(counts).reduce((a, b) => a + b, 0);
  const open = counts.pending + counts.assigned + counts.picked_up;
  const completion = percent(counts.delivered, counts.delivered + counts.failed + counts.cancelled);
  const success = percent(counts.delivered, counts.delivered + counts.failed);
  const deliveries = delivered.reduce((n, r) => n + r.n, 0);
  const offDuty = deliveries - delivered.reduce((n, r) => n + r.onDuty, 0);
  const deliveryMs = delivered.reduce((n, r) => n + r.totalMs, 0);
  const timed = delivered.reduce((n, r) => n + r.timed, 0);
  const averageMinutes = timed ? orderMinutes(deliveryMs / timed) : null;
  const workedMs = [...duty.values()].reduce((n, d) => n + d.workedMs, 0);
  const overall = throughput(deliveries - offDuty, workedMs);
  const perRider = riders.map((r) => {
    const d = delivered.find((row) => row.riderId === r.id);
    return { riderId: r.id, name: r.name, ...throughput(d?.onDuty ?? 0, duty.get(r.id)!.workedMs), deliveriesOffDuty: (d?.n ?? 0) - (d?.onDuty ?? 0) };
  });
  const measured = perRider.filter((r) => r.hours > 0);
  const low = measured.filter((r) => r.efficiencyPercent < PRIORITY.performance.efficiencyHigh);
  const target3 = { target: TARGET_ORDERS_PER_HOUR, red: PRIORITY.performance.efficiencyHigh, redRate: (TARGET_ORDERS_PER_HOUR * PRIORITY.performance.efficiencyHigh) / 100 };

  const text = [t('analysis.performance.orders', { from: period.from, to: period.to, created: count(created, 'order'), delivered: counts.delivered, failed: counts.failed, cancelled: counts.cancelled, open })];
  if (completion !== null) text.push(t('analysis.performance.rates', { completion, success: success ?? 0 }));
  if (workedMs > 0) {
    text.push(t('analysis.performance.throughput', { ...target3, deliveries: count(overall.deliveries, 'order'), hours: overall.hours, rate: overall.ordersPerHour, efficiency: overall.efficiencyPercent }));
    if (offDuty) text.push(t('analysis.performance.offDuty', { deliveries: count(offDuty, 'order') }));
  } else text.push(t('analysis.performance.noDuty', { deliveries: count(deliveries, 'order') }));
  if (averageMinutes !== null) text.push(t('analysis.performance.deliveryTime', { minutes: averageMinutes }));
  if (target.kind !== 'rider' && measured.length > 1) {
    const best = [...measured].sort((a, b) => b.efficiencyPercent - a.efficiencyPercent || b.deliveries - a.deliveries || a.name.localeCompare(b.name))[0]!;
    text.push(t('analysis.performance.best', { name: best.name, efficiency: best.efficiencyPercent }));
  }

  const recommendations: string[] = [];
  if (low.length) recommendations.push(t('analysis.performance.rec.lowEfficiency', { ...target3, names: namesText(low.map((r) => r.name)) }));
  if (completion !== null && completion < PRIORITY.performance.completionMedium) {
    recommendations.push(t('analysis.performance.rec.completion', { completion, threshold: PRIORITY.performance.completionMedium }));
  }
  if (offDuty) recommendations.push(t('analysis.performance.rec.offDuty', { deliveries: count(offDuty, 'order') }));
  if (!recommendations.length) recommendations.push(t('analysis.performance.rec.ok', { greenRate: (TARGET_ORDERS_PER_HOUR * EFFICIENCY_GREEN) / 100 }));

  const eff = workedMs > 0 ? overall.efficiencyPercent : null;
  return {
    analysis: text.join(' '),
    recommendations,
    priority: priorityOf({
      high: (eff !== null && eff < PRIORITY.performance.efficiencyHigh) || (completion !== null && completion < PRIORITY.performance.completionHigh),
      medium:
        (eff !== null && eff < PRIORITY.performance.efficiencyMedium) ||
        (completion !== null && completion < PRIORITY.performance.completionMedium) ||
        low.length > 0 ||
        offDuty > 0,
    }),
    figures: {
      orders: { created, byStatus: counts, open },
      completionRatePercent: completion,
      successRatePercent: success,
      throughput: { ...overall, targetOrdersPerHour: TARGET_ORDERS_PER_HOUR, deliveriesOffDuty: offDuty },
      averageDeliveryMinutes: averageMinutes,
      perRider,
    },
  };
}
