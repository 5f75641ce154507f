import { money, numberText } from '../../../src/client/format';
import { useT, useTn } from '../../../src/client/i18n';
import { Card } from '../../../src/client/ui/Card';
import type { TrackingTodayData } from './types';

/**
 * Spec "Tracking today": ordersCompleted, cashCollected, kmTraveled, with the day's average order time (the /app
 * panel's figures of the same day). Two columns (the card is half the page on a wide screen), so a long amount
 * ("KWD 1,234.500") fits, or wraps at its space, never past its cell.
 */
export function ProgressCard({ k }: { k: TrackingTodayData }) {
  const t = useT();
  const tn = useTn();
  const cell = (label: string, value: string | number, testId: string) => (
    <div className="min-w-0 rounded-box bg-base-200/60 p-3">
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="mt-1 text-lg leading-tight font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const average = k.averageOrderMinutes ?? 0;
  return (
    <Card title={t('tracking.title')}>
      <dl className="grid grid-cols-2 gap-2 text-center" data-testid="rider-progress">
        {cell(t('tracking.ordersCompleted'), k.ordersCompleted, 'progress-orders')}
        {cell(t('tracking.kmTraveled'), t('tracking.km', { km: k.kmTraveled }), 'progress-km')}
        {cell(t('tracking.averageOrderTime'), tn('figures.unit.minutes', average, { n: numberText(average, { maximumFractionDigits: 1 }) }), 'progress-average')}
        {cell(t('tracking.cashCollected'), money(k.cashCollected, k.currency), 'progress-cash')}
      </dl>
    </Card>
  );
}
