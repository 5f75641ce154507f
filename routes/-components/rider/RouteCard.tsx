import { numberText, percent } from '../../../src/client/format';
import { useT, useTn } from '../../../src/client/i18n';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { efficiencyTone, TARGET_ORDERS_PER_HOUR } from '../../../src/shared/rider-route';
import type { TrackingTodayData } from './types';

const BAR = { success: 'progress-success', warning: 'progress-warning', error: 'progress-error' } as const;
const TEXT = { success: 'text-success', warning: 'text-warning', error: 'text-error' } as const;

/** Today's Route, computed from the day's pings, shifts and orders (the spec's card is static). */
export function RouteCard({ k }: { k: TrackingTodayData }) {
  const t = useT();
  const tn = useTn();
  const r = k.route;
  const tone = efficiencyTone(r.efficiency);
  const hours = Math.floor(r.dutyMinutes / 60);
  return (
    <Card
      title={
        <span className="flex w-full items-center justify-between gap-2">
          {t('riderDash.route.title')}
          <Badge tone={r.onDuty ? 'success' : 'neutral'} testId="route-duty">
            {t(r.onDuty ? 'riderDash.route.onDuty' : 'riderDash.route.offDuty')}
          </Badge>
        </span>
      }
    >
      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="rider-route">
        <div className="rounded-box bg-base-200/60 p-3">
          <dt className="text-xs text-base-content/70">{t('riderDash.route.distance')}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums" data-testid="route-distance">
            {t('tracking.km', { km: r.distanceKm })}
          </dd>
        </div>
        <div className="rounded-box bg-base-200/60 p-3">
          <dt className="text-xs text-base-content/70">{t('riderDash.route.time')}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums" data-testid="route-time">
            {t('riderDash.route.durationOf', { h: tn('figures.unit.hours', hours), m: tn('figures.unit.minutes', r.dutyMinutes % 60) })}
          </dd>
        </div>
        <div className="rounded-box bg-base-200/60 p-3">
          <dt className="text-xs text-base-content/70">{t('riderDash.route.efficiency')}</dt>
          <dd className={`mt-1 text-lg font-bold tabular-nums ${TEXT[tone]}`} data-testid="route-efficiency">
            {percent(r.efficiency)}%
          </dd>
        </div>
      </dl>
      <progress className={`progress h-2 w-full ${BAR[tone]}`} value={r.efficiency} max={100} aria-label={t('riderDash.route.efficiency')} />
      <p className="text-xs text-base-content/70" data-testid="route-rate">{t('riderDash.route.rateOnDuty', {
          rate: tn('figures.unit.ordersPerHour', r.ordersPerHour, { n: numberText(r.ordersPerHour, { maximumFractionDigits: 2 }) }),
          target: TARGET_ORDERS_PER_HOUR,
        })}</p>
    </Card>
  );
}
