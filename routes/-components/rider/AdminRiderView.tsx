import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { DashboardSkeleton, RiderDashboard } from './RiderDashboard';
import { RiderPicker } from './RiderPicker';

/** An admin on /rider: pick a rider, then see that rider's day read-only (no cash or location writes). */
export function AdminRiderView({ riderId, onPick }: { riderId: string | undefined; onPick: (riderId: string | undefined) => void }) {
  const t = useT();
  const day = useQuery({ ...trpc.admin.riderDay.queryOptions({ riderId: riderId ?? '' }), enabled: !!riderId });
  if (!riderId) {
    return (
      <Card title={t('riderDash.pick.title')}>
        <p className="text-sm text-base-content/70">{t('riderDash.pick.choose')}</p>
        <RiderPicker onPick={onPick} />
      </Card>
    );
  }
  return (
    <section className="space-y-4" aria-labelledby="viewing-rider">
      <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="viewing-rider" className="text-lg font-semibold break-words" data-testid="viewing-rider">
            {day.data ? t('riderDash.pick.viewing', { name: day.data.rider.name, company: day.data.rider.company }) : t('riderDash.pick.title')}
          </h2>
          <p className="text-sm text-base-content/70">{t('riderDash.readOnly')}</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onPick(undefined)} data-testid="change-rider">
          {t('riderDash.pick.change')}
        </button>
      </div>
      {day.isPending ? <DashboardSkeleton /> : null}
      {day.isError ? <p className="alert alert-error">{day.error.message}</p> : null}
      {day.data ? <RiderDashboard d={day.data.dashboard} k={day.data.today} actor={null} onWritten={() => undefined} /> : null}
    </section>
  );
}
