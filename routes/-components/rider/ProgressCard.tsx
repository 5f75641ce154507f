import { money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { Card } from '../../../src/client/ui/Card';
import type { TrackingTodayData } from './types';

/** Spec "Tracking today": ordersCompleted, cashCollected, kmTraveled. */
export function ProgressCard({ k }: { k: TrackingTodayData }) {
  const t = useT();
  const cell = (label: string, value: string | number, testId: string) => (
    <div className="rounded-box bg-base-200/60 p-3">
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="mt-1 text-lg font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Card title={t('tracking.title')}>
      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="rider-progress">
        {cell(t('tracking.ordersCompleted'), k.ordersCompleted, 'progress-orders')}
        {cell(t('tracking.cashCollected'), money(k.cashCollected, k.currency), 'progress-cash')}
        {cell(t('tracking.kmTraveled'), t('tracking.km', { km: k.kmTraveled }), 'progress-km')}
      </dl>
    </Card>
  );
}
