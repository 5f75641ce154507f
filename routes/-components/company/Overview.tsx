import { useQuery } from '@tanstack/react-query';
import { money, percent } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { StatCard } from '../../../src/client/ui/Card';

/** Fleet Size, Active Orders, Monthly Revenue and Success Rate from this company's own rows. */
export function Overview() {
  const t = useT();
  const { data, isPending } = useQuery(trpc.company.overview.queryOptions());
  const show = (v: string | number | undefined) => (isPending || v === undefined ? <span className="skeleton inline-block h-7 w-16" /> : v);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="company-stats" data-tour="stats">
      <StatCard testId="stat-fleet-size" label={t('company.stats.fleetSize')} value={show(data?.fleetSize)} hint={t('company.stats.fleetHint')} />
      <StatCard testId="stat-active-orders" label={t('company.stats.activeOrders')} value={show(data?.activeOrders)} hint={t('company.stats.activeHint')} />
      <StatCard
        testId="stat-monthly-revenue"
        label={t('company.stats.monthlyRevenue')}
        value={show(data ? money(data.monthlyRevenue, data.currency) : undefined)}
        hint={t('company.stats.monthHint')}
      />
      <StatCard testId="stat-success-rate" label={t('company.stats.successRate')} value={show(data ? `${percent(data.successRate)}%` : undefined)} hint={t('company.stats.successHint')} />
    </div>
  );
}
