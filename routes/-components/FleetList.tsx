import { useQuery } from '@tanstack/react-query';
import type { MessageKey } from '../../src/shared/i18n';
import { money, relativeTime } from '../../src/client/format';
import { useT } from '../../src/client/i18n';
import { trpc } from '../../src/client/trpc';
import { Badge } from '../../src/client/ui/Badge';

/** The company's own riders, from the database. */
export function FleetList() {
  const t = useT();
  const { data, isPending } = useQuery(trpc.company.riders.queryOptions());
  if (isPending) return <div className="skeleton h-40 w-full" />;
  if (!data?.length) {
    return (
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-10 text-center" data-testid="fleet-empty">
        <p className="text-lg font-semibold">{t('company.fleet.empty')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="fleet-list">
      {data.map((r) => (
        <article key={r.id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="rider-card">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="truncate font-semibold">{r.name}</h3>
              <p className="text-sm text-base-content/70">
                {t(`vehicle.${r.vehicleType}` as MessageKey)} · <span dir="ltr">{r.licenseNumber}</span>
              </p>
            </div>
            <Badge tone={r.status === 'active' ? 'success' : 'warning'}>{t(`status.${r.status}` as MessageKey)}</Badge>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-base-content/60">{t('company.fleet.ordersLabel')}</dt>
              <dd className="font-semibold tabular-nums">{t('company.fleet.orders', { count: r.orders })}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t('rider.earnings')}</dt>
              <dd className="font-semibold tabular-nums">{money(r.earnings, r.region)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-base-content/60">
            {r.lastSeenAt ? t('company.fleet.lastSeen', { when: relativeTime(r.lastSeenAt) ?? '' }) : t('company.fleet.neverSeen')}
          </p>
        </article>
      ))}
    </div>
  );
}
