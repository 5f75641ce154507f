import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../../src/shared/i18n';
import { ORDER_TRANSITIONS } from '../../../../src/shared/schemas/oversight';
import { formatDateTime, REGIONS } from '../../../../src/shared/regions';
import { money } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Modal } from '../../../../src/client/ui/Modal';
import { OrderAddress } from '../../address/OrderAddress';
import { useZoneLabel } from '../../../../src/client/ui/ZonedTime';
import { DeliveryProof } from './DeliveryProof';
import { OrderEtaRow } from './OrderEta';
import { OrderStatusBadge } from './StatusBadge';
import { useSaveFeedback } from './useSaveFeedback';

/** The procedures behind the order detail: the admin's, or a company's own (same shapes, scoped on the server). */
export interface OrderDetailApi {
  detail: typeof trpc.admin.orderDetail;
  assign: typeof trpc.admin.orderAssign;
  move: typeof trpc.admin.orderSetStatus;
  /** Active riders of the order's company (a hook: called on every render). */
  useRiders: (companyId: string | undefined) => { id: string; name: string }[] | undefined;
  /** Queries to refresh after a change. */
  refresh: QueryKey;
  /** More about the order under its facts, e.g. the customer's tracking link. */
  extra?: (order: { trackingCode: string | null; companyName: string }) => ReactNode;
}

function useAdminRiders(companyId: string | undefined) {
  const { data } = useQuery({ ...trpc.admin.riderList.queryOptions({ companyId, status: 'active', pageSize: 100 }), enabled: Boolean(companyId) });
  return data?.items;
}

export const adminOrderApi: OrderDetailApi = {
  detail: trpc.admin.orderDetail,
  assign: trpc.admin.orderAssign,
  move: trpc.admin.orderSetStatus,
  useRiders: useAdminRiders,
  refresh: trpc.admin.pathKey(),
};

/** One order: its facts, timeline, assignment and the status moves the state machine allows. */
export function OrderDetail({ id, onClose, api = adminOrderApi }: { id: string | null; onClose: () => void; api?: OrderDetailApi }) {
  const t = useT();
  const [riderId, setRiderId] = useState('');
  const { data: o } = useQuery({ ...api.detail.queryOptions({ id: id ?? '' }), enabled: Boolean(id) });
  const riders = api.useRiders(o?.companyId);
  const onDone = useSaveFeedback(undefined, api.refresh);
  const assign = useMutation(api.assign.mutationOptions(onDone));
  const move = useMutation(api.move.mutationOptions(onDone));
  const region = o ? REGIONS[o.currency === 'AED' ? 'uae' : 'kuwait'] : REGIONS.kuwait;
  const zone = useZoneLabel();
  return (
    <Modal open={Boolean(id)} onClose={onClose} title={t('oversight.order.title')} testId="order-detail">
      {!o ? (
        <div className="skeleton h-40 w-full" />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold">{o.customerName}</span>
            <OrderStatusBadge status={o.status} />
            <span className="ms-auto font-semibold tabular-nums">{money(o.deliveryFee, o.currency)}</span>
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-base-content/70">{t('oversight.col.company')}</dt>
              <dd>{o.companyName}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">{t('oversight.col.rider')}</dt>
              <dd>{o.riderName ?? t('oversight.unassigned')}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">{t('oversight.order.pickup')}</dt>
              <dd>
                <OrderAddress text={o.pickupAddress} parts={o.pickupAddressParts} testId="order-pickup-address" />
              </dd>
            </div>
            <div>
              <dt className="text-base-content/70">{t('oversight.order.delivery')}</dt>
              <dd>
                <OrderAddress text={o.deliveryAddress} parts={o.deliveryAddressParts} testId="order-delivery-address" />
              </dd>
            </div>
            <OrderEtaRow order={o} />
            <div>
              <dt className="text-base-content/70">{t('oversight.order.item')}</dt>
              <dd>{o.itemDescription || '—'}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">{t('oversight.order.cod')}</dt>
              <dd className="tabular-nums">{money(o.codAmount, o.currency)}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">{t('proof.customerPhone')}</dt>
              <dd>
                {o.customerPhone ? (
                  <a className="link" dir="ltr" href={`tel:${o.customerPhone}`} data-testid="order-customer-phone">
                    {o.customerPhone}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
          {o.proof ? <DeliveryProof proof={o.proof} deliveredAt={o.deliveredAt ? new Date(o.deliveredAt).toISOString() : null} customerName={o.customerName} region={region} /> : null}
          {'pinLocked' in o && o.pinLocked ? (
            <div role="alert" className="alert alert-warning flex flex-wrap items-center gap-2 text-sm" data-testid="order-pin-locked">
              <span className="grow">{t('oversight.order.pinLocked')}</span>
              <button type="button" className="btn btn-primary btn-sm" disabled={move.isPending} onClick={() => move.mutate({ orderId: o.id, status: 'delivered' })} data-testid="order-confirm-delivery">
                {t('oversight.order.confirmDelivery')}
              </button>
            </div>
          ) : null}
          {api.extra?.(o)}
          {o.status === 'pending' || o.status === 'assigned' ? (
            <div className="flex flex-wrap items-end gap-2">
              <label className="grow text-sm">
                {t('oversight.order.assign')}
                <select className="select select-sm w-full" value={riderId} onChange={(e) => setRiderId(e.target.value)}>
                  <option value="">{t('oversight.order.chooseRider')}</option>
                  {riders?.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="btn btn-primary btn-sm" disabled={!riderId || assign.isPending} onClick={() => assign.mutate({ orderId: o.id, riderId })}>
                {t('oversight.order.assignButton')}
              </button>
            </div>
          ) : null}
          {ORDER_TRANSITIONS[o.status].length ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-base-content/70">{t('oversight.order.moveTo')}</span>
              {ORDER_TRANSITIONS[o.status]
                .filter((s) => s !== 'assigned')
                .map((s) => (
                  <button key={s} type="button" className="btn btn-outline btn-xs" disabled={move.isPending} onClick={() => move.mutate({ orderId: o.id, status: s })}>
                    {t(`orderStatus.${s}` as MessageKey)}
                  </button>
                ))}
            </div>
          ) : null}
          <section>
            <h3 className="mb-2 font-semibold">{t('zone.heading', { label: t('oversight.order.timeline'), zone: zone(region) })}</h3>
            {o.timeline.length === 0 ? (
              <p className="text-sm text-base-content/70">{t('oversight.order.noTimeline')}</p>
            ) : (
              <ul className="timeline timeline-vertical timeline-compact">
                {o.timeline.map((e, i) => (
                  <li key={`${e.status}-${e.at}`}>
                    {i > 0 ? <hr /> : null}
                    <div className="timeline-middle size-2.5 rounded-full bg-primary" />
                    <div className="timeline-end mb-2 text-sm">
                      <OrderStatusBadge status={e.status} /> <span className="text-base-content/70">{formatDateTime(new Date(e.at), region)}</span>
                      {e.actor ? <span className="text-base-content/70"> · {e.actor}</span> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
