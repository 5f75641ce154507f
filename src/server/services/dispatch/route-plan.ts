import type { LatLng } from '../../../shared/geo';
import { orderStops, planRoute } from '../routing';
import type { OrderRow } from './facts';

export const pickupOf = (o: OrderRow): LatLng | null => (o.pickupLat !== null && o.pickupLng !== null ? { lat: o.pickupLat, lng: o.pickupLng } : null);
export const dropoffOf = (o: OrderRow): LatLng | null => (o.dropoffLat !== null && o.dropoffLng !== null ? { lat: o.dropoffLat, lng: o.dropoffLng } : null);

export interface BatchCash {
  /** Cash the rider holds now (minor units). */
  heldMinor: number;
  /** The company's cash limit (minor units); Infinity for none. */
  limitMinor: number;
}

/**
 * The stops of a batch offered together (issue 25, item 2) in the route planner's order (routing's planRoute, the
 * rider's re-plan: lateness then distance, each pickup before its drop-off, within the cash limit), timed from the
 * rider's position. `late` names the orders whose drop-off would come after their promised time. Orders without
 * coordinates are never batched, so every order here has both points.
 */
export function planBatch(start: LatLng, batch: readonly OrderRow[], travel: (a: LatLng, b: LatLng) => number, now: Date, cash: BatchCash) {
  const plan = planRoute({
    start,
    startAt: now.getTime(),
    stops: orderStops(
      batch.map((o) => ({ id: o.id, pickup: pickupOf(o), dropoff: dropoffOf(o)!, promisedAt: o.promisedAt, cashMinor: o.paymentMethod === 'cash' ? o.codAmountMinor : 0 })),
    ),
    cashHeldMinor: cash.heldMinor,
    cashLimitMinor: cash.limitMinor,
    travel,
  });
  const stops = plan.sequence.map((id) => ({ orderId: id.slice(0, -2), kind: id.endsWith(':p') ? ('pickup' as const) : ('dropoff' as const) }));
  const late = batch.filter((o) => o.promisedAt && plan.arrivals.get(`${o.id}:d`)! > o.promisedAt.getTime()).map((o) => o.id);
  return { stops, late };
}
