import { t, tn } from '../../../shared/i18n';
import type { Currency } from '../../../shared/money';
import type { riderPerformance } from '../tools/performance';
import { amounts, figures, percent, type Answer, type Asked } from './answer';

type Result = Awaited<ReturnType<typeof riderPerformance.run>>;

const perCurrency = (m: Record<string, string>, fallback: Currency) =>
  amounts(Object.entries(m).map(([currency, amount]) => ({ currency: currency as Currency, amount })), fallback);

/** rider_performance: delivered of assigned over the period, completion, orders per hour and efficiency first. */
export function performanceAnswer(r: Result, asked: Asked): Answer {
  const fallback = (Object.keys(r.feesEarned)[0] ?? Object.keys(r.cashCollected)[0] ?? 'KWD') as Currency;
  const params = {
    name: r.rider.name,
    delivered: r.orders.delivered,
    assigned: tn('analysis.unit.order', r.orders.assigned),
    days: tn('analysis.unit.day', r.period.days),
    rate: r.completionRate,
    perHour: r.ordersPerHour,
    hours: r.hoursWorked,
    efficiency: r.efficiency,
  };
  return {
    text: t(asked.role === 'rider' ? 'answers.performance.self' : 'answers.performance.rider', params),
    table: figures([
      ['answers.metric.assigned', String(r.orders.assigned)],
      ['answers.metric.delivered', String(r.orders.delivered)],
      ['answers.metric.failed', String(r.orders.failed)],
      ['answers.metric.cancelled', String(r.orders.cancelled)],
      ['answers.metric.open', String(r.orders.open)],
      ['answers.metric.completion', percent(r.completionRate)],
      ['answers.metric.hours', String(r.hoursWorked)],
      ['answers.metric.perHour', String(r.ordersPerHour)],
      ['answers.metric.efficiency', percent(r.efficiency)],
      ['answers.metric.fees', perCurrency(r.feesEarned, fallback)],
      ['answers.metric.cashCollected', perCurrency(r.cashCollected, fallback)],
    ]),
  };
}
