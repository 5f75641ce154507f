import { useCallback, useEffect, useRef, useState } from 'react';
import { numberText, money } from '../../../src/client/format';
import { useT, useTn } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import {
  efficiencyTone,
  PERFORMANCE_AUTO_SYNC_MS,
  PERFORMANCE_RECOMPUTE_MS,
  SYNC_STATUS_RESET_MS,
  TARGET_ORDERS_PER_HOUR,
} from '../../../src/shared/performance';
import { syncPerformance } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { useRider } from './RiderContext';
import { timeOfDay, useNow } from './useNow';
import { useTodayFigures } from './useToday';

type SyncStatus = 'idle' | 'syncing' | 'success' | 'error';

const TONE = {
  green: { text: 'text-success', bar: 'progress-success' },
  yellow: { text: 'text-warning', bar: 'progress-warning' },
  red: { text: 'text-error', bar: 'progress-error' },
} as const;

const num = (n: number, digits = 1) => numberText(n, { maximumFractionDigits: digits });

/** Spec: recomputed every 10 s; synced every 5 min on duty and on demand; status back to idle after 3 s. */
export function PerformancePanel() {
  const t = useT();
  const tn = useTn();
  const { duty, ledger, riderId, geo, ledgerStore } = useRider();
  const now = useNow(PERFORMANCE_RECOMPUTE_MS);
  const { metrics, currency } = useTodayFigures(now);
  const tone = TONE[efficiencyTone(metrics.efficiency)];
  const [status, setStatus] = useState<SyncStatus>('idle');
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ duty, riderId, metrics, fix: geo.fix });
  latest.current = { duty, riderId, metrics, fix: geo.fix };

  const sync = useCallback(
    async (syncType: 'auto' | 'manual') => {
      const { duty: d, riderId: id, metrics: m, fix } = latest.current;
      setStatus('syncing');
      clearTimeout(resetTimer.current);
      const outcome = await syncPerformance({
        ...m,
        timestamp: new Date().toISOString(),
        ...(id ? { riderId: id } : {}),
        dutyStartTime: d ? new Date(d.startTime).toISOString() : null,
        currentLocation: fix ? { lat: fix.lat, lng: fix.lng } : null,
        breakCount: d?.breaks.length ?? 0,
        syncType,
      });
      const ok = outcome.kind === 'sent';
      setStatus(ok ? 'success' : 'error');
      if (ok) {
        const lastSync = (outcome.result as { lastSync?: string } | null)?.lastSync ?? new Date().toISOString();
        ledgerStore.set((x) => ({ ...x, lastSync }));
      } else if (syncType === 'manual' && outcome.kind !== 'unauthorized') {
        toast({ title: t('app.perf.syncFailed'), variant: 'destructive' });
      }
      resetTimer.current = setTimeout(() => setStatus('idle'), SYNC_STATUS_RESET_MS);
    },
    [ledgerStore, t],
  );

  // Auto sync every 5 minutes while on duty.
  const onDuty = duty !== null;
  useEffect(() => {
    if (!onDuty) return;
    const id = setInterval(() => void sync('auto'), PERFORMANCE_AUTO_SYNC_MS);
    return () => clearInterval(id);
  }, [onDuty, sync]);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const stats: { label: string; value: string; testId: string }[] = [
    { label: t('app.perf.ordersCompleted'), value: num(metrics.ordersCompleted, 0), testId: 'perf-orders' },
    { label: t('app.perf.ordersPerHour'), value: num(metrics.ordersPerHour, 2), testId: 'perf-rate' },
    { label: t('app.perf.totalDistance'), value: t('app.perf.km', { km: num(metrics.totalDistance) }), testId: 'perf-distance' },
    { label: t('app.perf.averageOrderTime'), value: tn('figures.unit.minutes', metrics.averageOrderTime, { n: num(metrics.averageOrderTime) }), testId: 'perf-average' },
    { label: t('app.perf.cashCollected'), value: money(metrics.cashCollected, currency), testId: 'perf-cash' },
    { label: t('app.perf.workingHours'), value: tn('figures.unit.hours', metrics.workingHours, { n: num(metrics.workingHours, 2) }), testId: 'perf-hours' },
  ];

  return (
    <Card>
      <div className="space-y-4" data-testid="performance-panel">
        <div className="flex items-center justify-between gap-2">
          <h2 className="card-title text-base">{t('app.perf.title')}</h2>
          <button
            type="button"
            className={`btn h-11 gap-2 ${status === 'success' ? 'btn-success' : status === 'error' ? 'btn-error' : 'btn-outline'}`}
            onClick={() => void sync('manual')}
            disabled={status === 'syncing'}
            data-testid="perf-sync"
            data-status={status}
          >
            <Icon name={status === 'success' ? 'check' : 'sync'} className={`size-4 ${status === 'syncing' ? 'animate-spin' : ''}`} />
            {status === 'syncing' ? t('app.perf.syncing') : status === 'success' ? t('app.perf.synced') : t('app.perf.sync')}
          </button>
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <span className="text-sm text-base-content/70">{t('app.perf.efficiency')}</span>
            <span className={`text-3xl font-bold tabular-nums ${tone.text}`} data-testid="perf-efficiency" data-tone={efficiencyTone(metrics.efficiency)}>
              {num(metrics.efficiency)}%
            </span>
          </div>
          <progress className={`progress ${tone.bar} h-3 w-full`} value={metrics.efficiency} max={100} aria-label={t('app.perf.efficiency')} />
          <p className="mt-1 text-xs text-base-content/70">{t('app.perf.targetRate', { rate: tn('figures.unit.ordersPerHour', TARGET_ORDERS_PER_HOUR, { n: num(TARGET_ORDERS_PER_HOUR) }) })}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="rider-stats">
          {stats.map((s) => (
            <div key={s.testId} className="rounded-box bg-base-200 p-3">
              <dt className="text-xs text-base-content/70">{s.label}</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid={s.testId}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-base-content/70" data-testid="perf-sync-note">
          {status === 'error'
            ? t('app.perf.syncFailed')
            : ledger.lastSync
              ? t('app.perf.lastSync', { time: timeOfDay(Date.parse(ledger.lastSync)) })
              : onDuty
                ? t('app.perf.autoSync')
                : t('app.perf.offDuty')}
        </p>
      </div>
    </Card>
  );
}
