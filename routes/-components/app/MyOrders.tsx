import { lazy, Suspense, useMemo, useState } from 'react';
import { money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { useStepsAfterFirstPaint } from '../../../src/client/ui/useStepsAfterFirstPaint';
import { toast } from '../../../src/client/toast';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import type { MessageKey } from '../../../src/shared/i18n';
import { orderPickedUp } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { telLink, whatsAppLink } from './links';
import { lazyOnInteraction } from '../../../src/client/ui/lazyOnInteraction';
import type { ViewOrder } from './overlay';
import { useRider } from './RiderContext';
import { RiderOrderAddress } from './RiderOrderAddress';

/** Leaflet and the map come only when the rider opens the map (not in the app's first download). */
const OrdersMap = lazy(() => import('./map/OrdersMap'));
// The delivery and failure dialogs (with the storage warning and the photo's handling): loaded on the first tap.
const DeliverDialog = lazyOnInteraction(() => import('./OrderDialogs').then((m) => m.DeliverDialog));
const FailDialog = lazyOnInteraction(() => import('./OrderDialogs').then((m) => m.FailDialog));

const PRIORITY_TONE = { normal: 'ghost', high: 'warning', urgent: 'error' } as const;

function OrderCard({ order, n, onDeliver, onFail }: { order: ViewOrder; n: number | undefined; onDeliver: () => void; onFail: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const pickUp = async () => {
    setBusy(true);
    const outcome = await orderPickedUp(order.id);
    setBusy(false);
    if (outcome.kind === 'sent') toast({ title: t('app.pickup.done'), variant: 'success' });
  };
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="my-order" data-order-id={order.id}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {n ? (
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content" data-testid="order-map-number">
            {n}
          </span>
        ) : null}
        <p className="me-auto font-semibold">{order.customerName}</p>
        {order.priority !== 'normal' ? <Badge tone={PRIORITY_TONE[order.priority]}>{t(`priority.${order.priority}` as MessageKey)}</Badge> : null}
        <Badge tone={order.status === 'picked_up' ? 'primary' : 'neutral'} testId="order-status">
          {t(`orderStatus.${order.status}` as MessageKey)}
        </Badge>
        {order.waiting ? (
          <Badge tone="warning">
            <Icon name="cloudOff" className="size-3.5" />
            {t('app.orders.waiting')}
          </Badge>
        ) : null}
      </div>
      {order.itemDescription ? <p className="mb-3 text-sm text-base-content/70">{order.itemDescription}</p> : null}
      <div className="space-y-3">
        <RiderOrderAddress label={t('app.orders.pickup')} address={order.pickupAddress} parts={order.pickupAddressParts} places={order.pickupPlace} plan={order.pickupPlan} testId="order-pickup" />
        <RiderOrderAddress label={t('app.orders.delivery')} address={order.deliveryAddress} parts={order.deliveryAddressParts} places={order.deliveryPlace} plan={order.dropoffPlan} testId="order-delivery" />
      </div>
      <p className={`mt-3 flex items-center justify-between gap-2 rounded-box px-3 py-2 text-sm ${order.cashToCollect > 0 ? 'bg-warning/15' : 'bg-base-200'}`}>
        {order.cashToCollect > 0 ? (
          <>
            <span>{t('app.orders.cashToCollect')}</span>
            <span className="text-base font-bold tabular-nums" data-testid="order-cash">
              {money(order.cashToCollect, order.currency)}
            </span>
          </>
        ) : (
          <span className="text-base-content/70">{t('app.orders.noCash')}</span>
        )}
      </p>
      {order.customerPhone ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <a href={telLink(order.customerPhone)} className="btn btn-outline h-11 gap-1.5" aria-label={t('app.orders.callCustomer', { name: order.customerName })}>
            <Icon name="call" className="size-4" />
            {t('app.orders.call')}
          </a>
          <a href={whatsAppLink(order.customerPhone)} target="_blank" rel="noreferrer" className="btn btn-outline h-11 gap-1.5" aria-label={t('app.orders.whatsappCustomer', { name: order.customerName })}>
            <Icon name="whatsapp" className="size-4" />
            {t('app.orders.whatsapp')}
          </a>
        </div>
      ) : null}
      {order.notes ? <p className="mt-2 text-sm italic text-base-content/70">{order.notes}</p> : null}
      <div className="mt-4 grid grid-cols-2 gap-2">
        {order.status === 'assigned' ? (
          <button type="button" className="btn btn-primary col-span-2 h-14 gap-2 text-base" disabled={busy} onClick={() => void pickUp()} data-testid="order-picked-up">
            <Icon name="box" />
            {t('app.orders.pickedUp')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-success h-14 gap-2 text-base" onClick={onDeliver} data-testid="order-delivered">
              <Icon name="check" />
              {t('app.orders.delivered')}
            </button>
            <button type="button" className="btn btn-error btn-outline h-14 gap-2 text-base" onClick={onFail} data-testid="order-failed">
              <Icon name="close" />
              {t('app.orders.failed')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** Cards in the first render (more than a phone's screen holds); the rest follow in batches after the first paint. */
const FIRST_CARDS = 6;
const CARDS_PER_STEP = 10;

/** The rider's assigned and picked-up orders, changed with one tap; every change through the outbox. */
export function MyOrders() {
  const t = useT();
  const { orders, ordersFailed } = useRider();
  // A day of 40 orders is not built and laid out in one task before the rider sees the first ones (issue 20 item 9:
  // the offline cold start); the server's rendering of /app and the hydrating render both hold the first cards.
  const steps = useStepsAfterFirstPaint(Math.ceil(Math.max(0, (orders?.length ?? 0) - FIRST_CARDS) / CARDS_PER_STEP));
  const shownCards = FIRST_CARDS + steps * CARDS_PER_STEP;
  const [dialog, setDialog] = useState<{ kind: 'deliver' | 'fail'; order: ViewOrder } | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  // The cards carry their pin's number while the map is open (the numbering comes with the map, not with the list).
  const [stops, setStops] = useState<typeof import('./map/stops') | null>(null);
  const toggleMap = () => {
    setMapOpen((o) => !o);
    if (!stops) void import('./map/stops').then(setStops, () => undefined);
  };
  const numbers = useMemo(() => (mapOpen && orders && stops ? stops.numberedOrders(stops.orderStops(orders)) : null), [mapOpen, orders, stops]);
  const title = (
    <span className="flex w-full items-center gap-2">
      {t('app.orders.title')}
      {orders?.length ? <span className="badge badge-primary tabular-nums">{orders.length}</span> : null}
      {orders?.length ? (
        <button type="button" className={`btn btn-sm ms-auto h-10 gap-1.5 ${mapOpen ? 'btn-primary' : 'btn-outline'}`} aria-expanded={mapOpen} onClick={toggleMap} data-testid="rider-map-toggle">
          <Icon name={mapOpen ? 'close' : 'map'} className="size-4" />
          {t(mapOpen ? 'app.orders.hideMap' : 'app.orders.showMap')}
        </button>
      ) : null}
    </span>
  );
  return (
    <Card title={title}>
      {mapOpen && orders?.length ? (
        <Suspense fallback={<div className="skeleton h-72 w-full sm:h-96" />}>
          <OrdersMap orders={orders} />
        </Suspense>
      ) : null}
      <div id="my-orders" className="scroll-mt-20" data-testid="my-orders">
        {!orders && ordersFailed ? (
          <p className="text-base-content/70">{t('app.orders.unavailable')}</p>
        ) : !orders ? (
          <div className="skeleton h-32 w-full" />
        ) : orders.length === 0 ? (
          <p className="text-base-content/70" data-testid="my-orders-empty">
            {t('app.orders.empty')}
          </p>
        ) : (
          <ul className="space-y-3">
            {orders.slice(0, shownCards).map((o) => (
              <OrderCard key={o.id} order={o} n={numbers?.get(o.id)} onDeliver={() => setDialog({ kind: 'deliver', order: o })} onFail={() => setDialog({ kind: 'fail', order: o })} />
            ))}
          </ul>
        )}
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === 'deliver' ? <DeliverDialog order={dialog.order} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'fail' ? <FailDialog order={dialog.order} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </Card>
  );
}
