import { t, tn } from '../../../shared/i18n';
import type { systemStats } from '../tools/stats';
import { figures, money, percent, type Answer } from './answer';

type Result = Awaited<ReturnType<typeof systemStats.run>>;

/** system_stats: the day's (admin, rider) or the month's (company) headline figures. */
export function statsAnswer(r: Result): Answer {
  if (r.scope === 'system') {
    const revenue = money(r.totalRevenue, r.currency);
    return {
      text: t('answers.stats.admin', {
        orders: tn('analysis.unit.order', r.dailyOrders),
        revenue,
        active: r.activeRiders,
        riders: tn('analysis.unit.rider', r.totalRiders),
        companies: tn('answers.unit.company', r.totalCompanies),
        rate: r.completionRate,
      }),
      table: figures([
        ['answers.metric.ordersToday', String(r.dailyOrders)],
        ['answers.metric.feesToday', revenue],
        ['answers.metric.activeRiders', String(r.activeRiders)],
        ['answers.metric.riders', String(r.totalRiders)],
        ['answers.metric.companies', String(r.totalCompanies)],
        ['answers.metric.completion30', percent(r.completionRate)],
      ]),
    };
  }
  if (r.scope === 'company') {
    const revenue = money(r.monthlyRevenue, r.currency);
    return {
      text: t('answers.stats.company', {
        company: r.companyName ?? '',
        revenue,
        open: tn('analysis.unit.order', r.activeOrders),
        fleet: tn('analysis.unit.rider', r.fleetSize),
        rate: r.successRate,
      }),
      table: figures([
        ['answers.metric.feesMonth', revenue],
        ['answers.metric.openOrders', String(r.activeOrders)],
        ['answers.metric.fleet', String(r.fleetSize)],
        ['answers.metric.success30', percent(r.successRate)],
      ]),
    };
  }
  const earnings = money(r.todayEarnings, r.currency);
  const cash = money(r.cashOnHand, r.currency);
  const pending = money(r.pendingCash, r.currency);
  return {
    text: t('answers.stats.rider', { completed: r.completedOrders, orders: tn('analysis.unit.order', r.todayOrders), earnings, cash, pending }),
    table: figures([
      ['answers.metric.ordersToday', String(r.todayOrders)],
      ['answers.metric.completedToday', String(r.completedOrders)],
      ['answers.metric.earningsToday', earnings],
      ['handover.balance.onHand', cash],
      ['handover.balance.pending', pending],
      ['handover.balance.outstanding', money(r.outstandingCash, r.currency)],
      ['answers.metric.rating', percent(r.performanceRating)],
    ]),
  };
}
