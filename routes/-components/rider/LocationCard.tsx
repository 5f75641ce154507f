import { useEffect, useState } from 'react';
import { relativeTime } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { getFix, GeoError, type Fix } from '../../../src/client/scanner';
import { toast } from '../../../src/client/toast';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { isStale } from '../../../src/shared/schemas/fleet';
import { sendLocationUpdate } from './writes';
import type { RiderActor, TrackingTodayData } from './types';

/** Location Status: today's last ping, live or stale, and Update Location (riders only). */
export function LocationCard({ k, actor, onWritten }: { k: TrackingTodayData; actor: RiderActor | null; onWritten: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Fix | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const last = k.route.lastLocation;
  const state = !last ? 'none' : isStale(last.at, now) ? 'stale' : 'live';

  const update = async () => {
    if (!actor) return;
    setBusy(true);
    try {
      const fix = await getFix();
      const r = await sendLocationUpdate(actor.userId, actor.riderId, fix);
      if (r.kind === 'refused') return toast({ title: t('riderDash.location.failed'), description: r.message, variant: 'destructive' });
      if (r.kind === 'sent') toast({ title: t('riderDash.location.doneTitle'), description: t('riderDash.location.doneText'), variant: 'success' });
      setSent(fix);
      onWritten();
    } catch (err) {
      if (err instanceof GeoError && err.kind === 'unsupported') toast({ title: t('riderDash.location.unsupported'), variant: 'destructive' });
      else if (err instanceof GeoError) toast({ title: t('riderDash.location.errorTitle'), description: t('riderDash.location.errorText'), variant: 'destructive' });
      else toast({ title: t('riderDash.location.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <span className="flex w-full items-center justify-between gap-2">
          {t('riderDash.location.title')}
          <Badge tone={state === 'live' ? 'success' : state === 'stale' ? 'warning' : 'neutral'} testId="location-state">
            {state === 'live' ? <span className="status status-success" aria-hidden="true" /> : null}
            {t(`riderDash.location.${state}`)}
          </Badge>
        </span>
      }
    >
      {last ? (
        <div className="space-y-1 text-sm">
          <p data-testid="location-last">{t('riderDash.location.lastUpdate', { when: relativeTime(last.at, now) ?? '' })}</p>
          <p className="font-mono text-base-content/70 tabular-nums">
            {last.lat.toFixed(5)}, {last.lng.toFixed(5)}
            {sent && sent.lat === last.lat && sent.lng === last.lng ? ` · ${t('riderDash.location.accuracy', { m: sent.accuracy })}` : ''}
          </p>
        </div>
      ) : (
        <p className="text-sm text-base-content/70">{t('riderDash.location.noneText')}</p>
      )}
      {actor ? (
        <button type="button" className="btn btn-outline btn-primary w-full sm:w-auto sm:self-end" onClick={update} disabled={busy} data-testid="update-location">
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          {t(busy ? 'riderDash.location.updating' : 'riderDash.location.update')}
        </button>
      ) : null}
    </Card>
  );
}
