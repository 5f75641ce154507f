import { useQuery } from '@tanstack/react-query';
import { money, percent } from '../../src/client/format';
import { useT } from '../../src/client/i18n';
import { trpc } from '../../src/client/trpc';
import { Card, StatCard } from '../../src/client/ui/Card';

/** A rider's own figures for today, from their orders, cash and pings. */
export function RiderToday() {
  const t = useT();
  const dash = useQuery(trpc.rider.dashboard.queryOptions());
  const track = useQuery(trpc.tracking.today.queryOptions());
  if (dash.isPending || track.isPending) return <div className="skeleton h-48 w-full" />;
  if (!dash.data || !track.data) return null;
  const d = dash.data;
  const k = track.data;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="rider-stats">
        <StatCard testId="rider-today-orders" label={t('rider.todayOrders')} value={d.todayOrders} />
        <StatCard testId="rider-completed" label={t('rider.completed')} value={d.completedOrders} />
        <StatCard testId="rider-earnings" label={t('rider.earnings')} value={money(d.todayEarnings, d.currency)} />
        <StatCard testId="rider-performance" label={t('rider.performance')} value={`${percent(d.performanceRating)}%`} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('rider.cash.title')}>
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-base-content/60">{t('rider.cash.onHand')}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="cash-on-hand">
                {money(d.cashOnHand, d.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-base-content/60">{t('rider.cash.pending')}</dt>
              <dd className="text-xl font-bold tabular-nums">{money(d.pendingCash, d.currency)}</dd>
            </div>
          </dl>
        </Card>
        <Card title={t('tracking.title')}>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className="text-xs text-base-content/60">{t('tracking.ordersCompleted')}</dt>
              <dd className="text-lg font-bold tabular-nums">{k.ordersCompleted}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">{t('tracking.cashCollected')}</dt>
              <dd className="text-lg font-bold tabular-nums">{money(k.cashCollected, k.currency)}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">{t('tracking.kmTraveled')}</dt>
              <dd className="text-lg font-bold tabular-nums">{t('tracking.km', { km: k.kmTraveled })}</dd>
            </div>
          </dl>
        </Card>
      </div>
    </div>
  );
}
