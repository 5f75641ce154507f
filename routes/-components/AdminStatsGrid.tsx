import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useT } from '../../src/client/i18n';
import { money, percent } from '../../src/client/format';
import { trpc } from '../../src/client/trpc';
import { StatCard } from '../../src/client/ui/Card';

/**
 * Spec section 3 client fallbacks, for a figure absent from a successful answer only. A failed query
 * shows an error with a retry instead: made-up figures are never shown as the business's own.
 */
const FALLBACK = { totalRiders: 3, totalCompanies: 1, dailyOrders: 24, totalRevenue: 1250.5, activeRiders: 2, completionRate: 96.7 };
type Stats = typeof FALLBACK;
const withFallbacks = (data: Partial<Record<keyof Stats, number | null>>): Stats =>
  Object.fromEntries(Object.entries(FALLBACK).map(([k, v]) => [k, data[k as keyof Stats] ?? v])) as Stats;

export function AdminStatsGrid() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data, isPending, isError, isFetching, refetch } = useQuery(trpc.admin.stats.queryOptions());
  // Live: the server pushes fresh figures after every order, rider, company, duty or location change.
  const live = useSubscription(
    trpc.admin.statsLive.subscriptionOptions(undefined, {
      onData: (stats) => queryClient.setQueryData(trpc.admin.stats.queryKey(), stats),
    }),
  );
  if (isError && !data) {
    return (
      <div role="alert" className="alert alert-error alert-soft" data-testid="admin-stats-error">
        <span>{t('stats.loadFailed')}</span>
        <button type="button" className="btn btn-sm" disabled={isFetching} onClick={() => void refetch()} data-testid="admin-stats-retry">
          {isFetching ? <span className="loading loading-spinner loading-xs" /> : null}
          {t('stats.retry')}
        </button>
      </div>
    );
  }
  const s = withFallbacks(data ?? {});
  const show = (v: string | number) => (isPending ? <span className="skeleton inline-block h-7 w-16" /> : v);
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="admin-stats" data-live={live.status}>
      <StatCard testId="stat-total-riders" label={t('stats.totalRiders')} value={show(s.totalRiders)} />
      <StatCard testId="stat-daily-orders" label={t('stats.dailyOrders')} value={show(s.dailyOrders)} hint={t('stats.todayHint')} />
      <StatCard testId="stat-total-companies" label={t('stats.totalCompanies')} value={show(s.totalCompanies)} />
      <StatCard testId="stat-revenue" label={t('stats.revenue')} value={show(money(s.totalRevenue, 'KWD'))} hint={t('stats.todayHint')} />
      <StatCard testId="stat-completion" label={t('stats.completionRate')} value={show(percent(s.completionRate))} hint={t('stats.last30Hint')} />
      <StatCard testId="stat-active" label={t('stats.activeNow')} value={show(s.activeRiders)} hint={t('stats.activeHint')} />
    </div>
  );
}
