import { useT } from '../../../../src/client/i18n';
import type { RiderOfferView } from '../../../../src/shared/schemas/dispatch';

/** A batch's stops in the order to ride them: each pickup before its drop-off. */
export function OfferStops({ offer }: { offer: RiderOfferView }) {
  const t = useT();
  const customer = new Map(offer.orders.map((o) => [o.id, o.customerName]));
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">{t('offer.stops')}</h3>
      <ol className="space-y-2" data-testid="offer-stops">
        {offer.stops.map((s, i) => (
          <li key={`${s.orderId}:${s.kind}`} className="flex items-start gap-3 rounded-box border border-base-300 p-3" data-testid="offer-stop" data-kind={s.kind}>
            <span className={`badge shrink-0 tabular-nums ${s.kind === 'pickup' ? 'badge-primary' : 'badge-success'}`}>{i + 1}</span>
            <div className="min-w-0">
              <p className="font-medium">{t(s.kind === 'pickup' ? 'offer.stop.pickup' : 'offer.stop.dropoff', { customer: customer.get(s.orderId) ?? '' })}</p>
              <p className="break-words text-sm text-base-content/70">{s.address}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
