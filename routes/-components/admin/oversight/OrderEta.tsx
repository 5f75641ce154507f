import { useT } from '../../../../src/client/i18n';
import { dateTimeFormat } from '../../../../src/shared/intl';
import type { Currency } from '../../../../src/shared/money';
import { dateLocale, regionOfCurrency } from '../../../../src/shared/regions';
import type { OrderStatus } from '../../../../src/shared/schemas/oversight';

/** Issue 25: an order's ETAs (kept by the server as the rider's pings arrive), as times of day in the company's zone. */
interface Eta {
  status: OrderStatus;
  currency: Currency;
  etaPickupAt?: string | null;
  etaDropoffAt: string | null;
}

const onItsWay = (o: Eta) => (o.status === 'assigned' || o.status === 'picked_up') && o.etaDropoffAt !== null;

function useEtaTime() {
  const t = useT();
  return {
    t,
    at: (iso: string, currency: Currency) => {
      const region = regionOfCurrency(currency);
      return dateTimeFormat(dateLocale(region), { timeZone: region.timezone, timeStyle: 'short' }).format(new Date(iso));
    },
  };
}

/** One line for the orders list: "ETA 14:32". */
export function OrderEtaShort({ order }: { order: Eta }) {
  const { t, at } = useEtaTime();
  if (!onItsWay(order)) return null;
  return (
    <span className="block text-xs text-base-content/70" data-testid="order-eta" dir="auto">
      {t('oversight.order.etaShort', { time: at(order.etaDropoffAt!, order.currency) })}
    </span>
  );
}

/** The detail's row: pickup (until picked up) and drop-off. */
export function OrderEtaRow({ order }: { order: Eta }) {
  const { t, at } = useEtaTime();
  if (!onItsWay(order)) return null;
  return (
    <div data-testid="order-eta-detail">
      <dt className="text-base-content/70">{t('oversight.order.eta')}</dt>
      <dd dir="auto">
        {order.status === 'assigned' && order.etaPickupAt ? `${t('oversight.order.etaPickup', { time: at(order.etaPickupAt, order.currency) })} · ` : ''}
        {t('oversight.order.etaDropoff', { time: at(order.etaDropoffAt!, order.currency) })}
      </dd>
    </div>
  );
}
