import { money, percent } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { StatCard } from '../../../src/client/ui/Card';
import type { RiderDashboardData } from './types';

/** Today's Orders, Completed, Earnings, Performance. */
export function StatsCards({ d }: { d: RiderDashboardData }) {
  const t = useT();
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="rider-stats">
      <StatCard testId="rider-today-orders" label={t('rider.todayOrders')} value={d.todayOrders} />
      <StatCard testId="rider-completed" label={t('rider.completed')} value={d.completedOrders} />
      <StatCard testId="rider-earnings" label={t('rider.earnings')} value={money(d.todayEarnings, d.currency)} />
      <StatCard testId="rider-performance" label={t('rider.performance')} value={`${percent(d.performanceRating)}%`} />
    </div>
  );
}
