import { useState } from 'react';
import { numberText } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import { sendLocation } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { addPosition, forDuty } from './ledger';
import { useRider } from './RiderContext';
import { timeOfDay } from './useNow';

const coord = (n: number) => numberText(n, { minimumFractionDigits: 5, maximumFractionDigits: 5 });

/** GPS active card: the live position, whether it is being shared, and Update Location. */
export function GpsCard() {
  const t = useT();
  const { geo, duty, riderId, ledger, ledgerStore } = useRider();
  const [busy, setBusy] = useState(false);
  const { fix, status } = geo;

  const update = async () => {
    if (status === 'unsupported') return toast({ title: t('app.gps.unsupported'), variant: 'destructive' });
    setBusy(true);
    const f = await geo.request();
    if (!f) {
      setBusy(false);
      return toast({ title: t('app.gps.error'), variant: 'destructive' });
    }
    if (duty) ledgerStore.set((l) => addPosition(forDuty(l, duty.startTime), f, f.accuracy, Date.now()));
    const outcome = riderId ? await sendLocation(riderId, f, { quiet: false }) : null;
    setBusy(false);
    if (outcome?.kind === 'sent') toast({ title: t('app.gps.sent'), variant: 'success' });
    else if (outcome?.kind === 'dropped') toast({ title: t('app.gps.updateFailed'), description: outcome.message, variant: 'destructive' });
  };

  const active = status === 'active' && fix;
  return (
    <Card>
      <div className="space-y-3" data-testid="gps-card" data-status={status}>
        <div className="flex items-center gap-3">
          <span className={`grid size-11 place-items-center rounded-full ${active ? 'bg-success/15 text-success' : status === 'waiting' ? 'bg-base-200' : 'bg-error/15 text-error'}`}>
            <Icon name={active || status === 'waiting' ? 'gps' : 'alert'} className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">{active ? t('app.gps.active') : t('app.gps.title')}</h2>
            <p className="text-sm text-base-content/70">{duty ? t('app.gps.sharing') : t('app.gps.notSharing')}</p>
          </div>
          {active ? <span className="status status-success status-lg animate-pulse" aria-hidden="true" /> : null}
        </div>
        {status === 'unsupported' ? (
          <p role="alert" className="text-sm text-error">
            {t('app.gps.unsupported')}
          </p>
        ) : status === 'error' ? (
          <p role="alert" className="text-sm text-error" data-testid="gps-error">
            {t('app.gps.error')}
          </p>
        ) : status === 'waiting' ? (
          <p className="text-sm text-base-content/70">{t('app.gps.waiting')}</p>
        ) : null}
        {fix ? (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">{t('app.gps.position')}</dt>
            <dd className="tabular-nums" data-testid="gps-position" dir="ltr">
              {coord(fix.lat)}, {coord(fix.lng)}
            </dd>
            {fix.accuracy !== null ? (
              <>
                <dt className="text-base-content/70">{t('app.gps.accuracyLabel')}</dt>
                <dd className="tabular-nums">{t('app.gps.accuracy', { m: Math.round(fix.accuracy) })}</dd>
              </>
            ) : null}
            <dt className="text-base-content/70">{t('app.gps.updatedLabel')}</dt>
            <dd className="tabular-nums">{timeOfDay(fix.at)}</dd>
            {ledger.lastLocationAt ? (
              <>
                <dt className="text-base-content/70">{t('app.gps.lastSentLabel')}</dt>
                <dd className="tabular-nums">{timeOfDay(ledger.lastLocationAt)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <button type="button" className="btn btn-outline btn-block h-12 gap-2" onClick={() => void update()} disabled={busy} data-testid="gps-update">
          <Icon name="gps" />
          {t('app.gps.update')}
        </button>
      </div>
    </Card>
  );
}
