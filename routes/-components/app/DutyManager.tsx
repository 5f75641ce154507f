import { lazy, Suspense, useState } from 'react';
import { numberText } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { breakEnd, breakStart } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { onBreak } from './overlay';
import { useRider } from './RiderContext';
import { clock, timeOfDay, useNow } from './useNow';

const fmt = (n: number) => numberText(n);
const OdometerDialog = lazy(() => import('./OdometerDialog').then((m) => ({ default: m.OdometerDialog })));

/** Start Duty (start odometer), breaks, End Duty (end odometer), and the time on duty. */
export function DutyManager() {
  const t = useT();
  const { duty, dutyKnown } = useRider();
  const [dialog, setDialog] = useState<'start' | 'end' | null>(null);
  const now = useNow(1000, duty !== null);
  const resting = onBreak(duty);

  const toggleBreak = async () => {
    const outcome = resting ? await breakEnd() : await breakStart();
    if (outcome.kind === 'sent') toast({ title: resting ? t('app.duty.breakEnded') : t('app.duty.breakStarted'), variant: 'success' });
  };

  return (
    <Card>
      <div className="space-y-4" data-testid="duty-manager">
        <div className="flex items-center justify-between gap-3">
          <h2 className="card-title text-base">{t('app.duty.title')}</h2>
          <span data-testid="duty-status">
            {!duty ? (
              <Badge tone="neutral">{t('app.duty.offDuty')}</Badge>
            ) : resting ? (
              <Badge tone="warning">{t('app.duty.onBreak')}</Badge>
            ) : (
              <Badge tone="success">{t('app.duty.onDuty')}</Badge>
            )}
          </span>
        </div>
        {duty ? (
          <>
            <div>
              <p className="text-sm text-base-content/70">{t('app.duty.timeOnDuty')}</p>
              {/* The server rendered this a moment ago (src/server/ssr): its clock is behind, and the next tick mends it. */}
              <p className="text-4xl font-bold tabular-nums" data-testid="duty-clock" suppressHydrationWarning>
                {clock(now - duty.startTime)}
              </p>
              <p className="text-sm text-base-content/70">
                {t('app.duty.startedAt', { time: timeOfDay(duty.startTime), km: fmt(duty.startOdometer ?? 0) })}
                {duty.breaks.length ? ` · ${t('app.duty.breaks', { count: duty.breaks.length })}` : ''}
              </p>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <button type="button" className={`btn h-14 gap-2 ${resting ? 'btn-success' : 'btn-warning'}`} onClick={() => void toggleBreak()} data-testid="break-toggle">
                <Icon name={resting ? 'play' : 'pause'} />
                {resting ? t('app.duty.breakEnd') : t('app.duty.breakStart')}
              </button>
              <button type="button" className="btn btn-error btn-outline h-14 gap-2" onClick={() => setDialog('end')} data-testid="duty-end">
                <Icon name="stop" />
                {t('app.duty.end')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-base-content/70">{t('app.duty.offDutyHint')}</p>
            <button type="button" className="btn btn-primary btn-block h-14 gap-2 text-lg" disabled={!dutyKnown} onClick={() => setDialog('start')} data-testid="duty-start">
              <Icon name="play" />
              {t('app.duty.start')}
            </button>
          </>
        )}
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <OdometerDialog mode={dialog} startKm={duty?.startOdometer ?? null} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
