import { useCallback, useMemo } from 'react';
import { useOnline } from '../../../../src/client/outbox/hooks';
import { useT } from '../../../../src/client/i18n';
import type { ViewOrder } from '../overlay';
import { useRider } from '../RiderContext';
import { OrdersMapCanvas } from './OrdersMapCanvas';
import { orderStops, type MapStop } from './stops';
import { useMapConfig } from './useMapConfig';

/** Brings the order's card into view when its pin is tapped. */
function showCard(orderId: string) {
  const card = document.querySelector<HTMLElement>(`[data-testid="my-order"][data-order-id="${CSS.escape(orderId)}"]`);
  card?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/**
 * The rider's map of today's orders (issue 20, item 6), loaded only when opened: every pin from the orders as cached,
 * the rider's last place and this duty's route from the phone; the tiles the rider viewed before come from the
 * service worker's cache when there is no signal.
 */
export default function OrdersMap({ orders }: { orders: readonly ViewOrder[] }) {
  const t = useT();
  const online = useOnline();
  const config = useMapConfig();
  const { geo, ledger } = useRider();
  const stops = useMemo(() => orderStops(orders), [orders]);
  const me = geo.fix ?? ledger.last;
  const stopTitle = useCallback(
    (s: MapStop) => t(s.kind === 'pickup' ? 'app.map.pinPickup' : 'app.map.pinDelivery', { n: s.n, name: s.customerName }),
    [t],
  );
  return (
    <div className="space-y-2" data-testid="rider-map" data-stops={stops.length}>
      <div className="relative isolate">
        <OrdersMapCanvas
          stops={stops}
          me={me ? { lat: me.lat, lng: me.lng } : null}
          trail={ledger.trail ?? []}
          tileUrl={config?.tileUrl}
          attribution={config?.attribution}
          label={t('app.map.label')}
          stopTitle={stopTitle}
          meTitle={t('app.map.you')}
          onPick={showCard}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/70">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-full border-2 border-primary bg-base-100" aria-hidden="true" />
          {t('app.orders.pickup')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-full bg-primary" aria-hidden="true" />
          {t('app.orders.delivery')}
        </span>
        {me ? (
          <span className="flex items-center gap-1.5">
            <span className="size-3 rounded-full bg-info" aria-hidden="true" />
            {t('app.map.you')}
          </span>
        ) : null}
      </div>
      {stops.length === 0 ? (
        <p className="text-sm text-base-content/70" data-testid="rider-map-no-pins">
          {t('app.map.noPins')}
        </p>
      ) : null}
      {!online ? (
        <p className="text-sm text-base-content/70" data-testid="rider-map-offline">
          {t('app.map.offline')}
        </p>
      ) : null}
    </div>
  );
}
