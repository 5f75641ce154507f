import type { MessageKey } from '../../../src/shared/i18n';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { money, relativeTime } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { Badge } from '../../../src/client/ui/Badge';
import { PhoneText } from '../../../src/client/ui/Phone';
import { RiderDocumentsButton } from '../compliance/RiderDocumentsDialog';
import { EndDutyButton } from './EndDutyButton';
import { AcceptanceLine, type Acceptance } from './dispatch/AcceptanceLine';

export type FleetRider = RouterOutputs['company']['riders'][number];

const STATUS_TONE = { active: 'success', inactive: 'neutral', suspended: 'warning' } as const;
const REGION_LABEL = { KWD: 'region.kuwait', AED: 'region.uae' } as const;

export type RiderAction = 'edit' | 'suspend' | 'reactivate' | 'invite';

/** One rider of the company's fleet: who, what they ride, how they do, and what a manager can do. */
export function RiderCard({ rider: r, onAction, busy, acceptance }: { rider: FleetRider; onAction: (a: RiderAction, r: FleetRider) => void; busy: boolean; acceptance?: Acceptance }) {
  const t = useT();
  const active = r.status === 'active';
  return (
    <article className="flex flex-col rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="rider-card" data-status={r.status}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{r.name}</h3>
          <p className="text-sm text-base-content/70">
            {t(`vehicle.${r.vehicleType}` as MessageKey)} · <span dir="ltr">{r.licenseNumber || '—'}</span>
          </p>
        </div>
        <Badge tone={STATUS_TONE[r.status]} testId="rider-status">
          {t(`status.${r.status}` as MessageKey)}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-base-content/70">{t('company.fleet.ordersLabel')}</dt>
          <dd className="font-semibold tabular-nums">{r.orders}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">{t('rider.earnings')}</dt>
          <dd className="font-semibold tabular-nums">{money(r.earnings, r.currency)}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">{t('company.fleet.regionLabel')}</dt>
          <dd className="font-semibold">{t(REGION_LABEL[r.region])}</dd>
        </div>
      </dl>
      {acceptance !== undefined ? <AcceptanceLine acceptance={acceptance} /> : null}
      <p className="mt-2 text-xs text-base-content/70">
        <PhoneText phone={r.phone} /> · {r.lastSeenAt ? t('company.fleet.lastSeen', { when: relativeTime(r.lastSeenAt) ?? '' }) : t('company.fleet.neverSeen')}
      </p>
      <div className="mt-3 flex flex-wrap gap-1 border-t border-base-200 pt-3">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onAction('edit', r)} data-testid="rider-edit">
          {t('company.fleet.edit')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => onAction(active ? 'suspend' : 'reactivate', r)}
          data-testid={active ? 'rider-suspend' : 'rider-reactivate'}
        >
          {active ? t('company.fleet.suspend') : t('company.fleet.reactivate')}
        </button>
        <RiderDocumentsButton rider={r} />
        {r.onDuty ? <EndDutyButton rider={r} /> : null}
        {active ? (
          <button type="button" className="btn btn-outline btn-primary btn-sm ms-auto" onClick={() => onAction('invite', r)} data-testid="rider-invite">
            {t(r.signedUp ? 'company.fleet.resetPassword' : 'company.fleet.invite')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
