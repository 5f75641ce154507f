import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../src/client/i18n';
import { useSession } from '../../src/client/session';
import { trpc } from '../../src/client/trpc';
import { Badge } from '../../src/client/ui/Badge';
import { LeafletMap } from './fleet/LeafletMap';
import { localDate, markerState } from './fleet/markers';
import { Roster } from './fleet/Roster';
import { isActiveRider } from '../../src/shared/figures/presence';

function useNow(everyMs: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * Live fleet map (issue 5 item 6): a company's own riders, or every rider for an
 * admin (optionally one company); positions from the latest pings, pushed live;
 * a rider not seen for 10 minutes is greyed; a tap draws that rider's day.
 */
export function FleetMap() {
  const t = useT();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [companyId, setCompanyId] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const now = useNow(30_000);
  const input = isAdmin && companyId ? { companyId } : undefined;

  const config = useQuery({ ...trpc.tracking.mapConfig.queryOptions(), staleTime: Infinity });
  const fleet = useQuery(trpc.tracking.fleet.queryOptions(input));
  const live = useSubscription(
    trpc.tracking.fleetLive.subscriptionOptions(input, { onData: (rows) => queryClient.setQueryData(trpc.tracking.fleet.queryKey(input), rows) }),
  );
  const companies = useQuery({ ...trpc.admin.companies.queryOptions(), enabled: isAdmin });
  const riders = fleet.data ?? [];
  const chosen = riders.find((r) => r.id === selected) ?? null;
  const history = useQuery({
    ...trpc.tracking.history.queryOptions({ riderId: chosen?.id ?? '', date: chosen ? localDate(chosen.region) : '2000-01-01' }),
    enabled: !!chosen,
  });
  const placed = riders.filter((r) => r.lat !== null && r.lng !== null);
  // Live is the active-rider figure (on duty, seen less than 10 minutes ago; docs/figures.md), as Active Now counts it.
  const counts = { live: riders.filter((r) => isActiveRider(r, now)).length, stale: placed.filter((r) => markerState(r, now) === 'stale').length };

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" data-testid="fleet-map" data-live={live.status} aria-labelledby="fleet-map-title">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <h2 id="fleet-map-title" className="card-title text-base">
              {t('fleet.title')}
            </h2>
            <Badge tone={live.status === 'pending' ? 'success' : 'ghost'} testId="fleet-live">
              {live.status === 'pending' ? <span className="status status-success" aria-hidden="true" /> : null}
              {t(live.status === 'pending' ? 'fleet.live' : 'fleet.connecting')}
            </Badge>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-base-content/70" data-testid="fleet-counts">
              {t('fleet.counts', { live: counts.live, stale: counts.stale })}
            </span>
            {isAdmin ? (
              <select className="select select-sm w-auto" value={companyId} onChange={(e) => { setCompanyId(e.target.value); setSelected(null); }} aria-label={t('fleet.company')} data-testid="fleet-company">
                <option value="">{t('fleet.allCompanies')}</option>
                {companies.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            ) : null}
          </div>
        </div>
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="relative isolate min-w-0">
            <LeafletMap
              tileUrl={config.data?.tileUrl}
              attribution={config.data?.attribution}
              riders={riders}
              now={now}
              selected={selected}
              onSelect={setSelected}
              route={chosen && history.data ? history.data.points : null}
              label={t('fleet.mapLabel')}
              fitKey={companyId || 'all'}
            />
          </div>
          <div className="min-w-0 rounded-box border border-base-300">
            {fleet.isPending ? <div className="skeleton m-3 h-40" /> : <Roster riders={riders} now={now} selected={selected} onSelect={setSelected} showCompany={isAdmin} />}
          </div>
        </div>
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-2 text-sm">
          <Legend />
          {chosen ? (
            <p className="flex items-center gap-2" data-testid="fleet-route">
              <span>{history.data ? t(history.data.points.length ? 'fleet.route' : 'fleet.routeEmpty', { name: chosen.name, km: history.data.distanceKm }) : t('fleet.routeLoading', { name: chosen.name })}</span>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => setSelected(null)}>
                {t('fleet.clear')}
              </button>
            </p>
          ) : (
            <p className="text-base-content/70">{t('fleet.hint')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function Legend() {
  const t = useT();
  const item = (cls: string, label: string) => (
    <span className="flex items-center gap-1.5">
      <span className={`size-2.5 rounded-full ${cls}`} aria-hidden="true" />
      {label}
    </span>
  );
  return (
    <div className="flex flex-wrap gap-3 text-base-content/70">
      {item('bg-success', t('fleet.state.onDuty'))}
      {item('bg-info', t('fleet.state.offDuty'))}
      {item('bg-base-300', t('fleet.state.stale'))}
    </div>
  );
}
