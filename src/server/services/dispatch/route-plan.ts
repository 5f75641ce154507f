import { distanceKm, type LatLng } from '../../../shared/geo';
import { travelMinutes, type TravelModel, type VehicleType } from '../routing';
import type { OrderRow } from './facts';

export interface PlannedStop {
  orderId: string;
  kind: 'pickup' | 'dropoff';
  at: Date;
}

export const pickupOf = (o: OrderRow): LatLng | null => (o.pickupLat !== null && o.pickupLng !== null ? { lat: o.pickupLat, lng: o.pickupLng } : null);
export const dropoffOf = (o: OrderRow): LatLng | null => (o.dropoffLat !== null && o.dropoffLng !== null ? { lat: o.dropoffLat, lng: o.dropoffLng } : null);

function nearestFirst<T>(from: LatLng, items: T[], at: (t: T) => LatLng): T[] {
  const left = [...items];
  const out: T[] = [];
  let here = from;
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (distanceKm(here, at(left[i]!)) < distanceKm(here, at(left[best]!))) best = i;
    const [next] = left.splice(best, 1);
    out.push(next!);
    here = at(next!);
  }
  return out;
}

/**
 * The stops of a batch offered together (issue 25, item 2): every pickup first (the pickups are within the batch
 * radius of each other), nearest first, then the drop-offs nearest first, timed with the travel model from the
 * rider's position. `late` names the orders whose drop-off would come after their promised time. Orders without
 * coordinates are never batched, so every order here has both points.
 */
export function planBatch(start: LatLng, batch: readonly OrderRow[], model: TravelModel, vehicle: VehicleType, hour: number, now: Date) {
  const pickups = nearestFirst(start, [...batch], (o) => pickupOf(o)!);
  const dropoffs = nearestFirst(pickupOf(pickups.at(-1)!)!, [...batch], (o) => dropoffOf(o)!);
  const stops: PlannedStop[] = [];
  let here = start;
  let t = now.getTime();
  const visit = (o: OrderRow, kind: PlannedStop['kind'], to: LatLng) => {
    t += travelMinutes(model, here, to, vehicle, hour) * 60_000;
    here = to;
    stops.push({ orderId: o.id, kind, at: new Date(t) });
  };
  for (const o of pickups) visit(o, 'pickup', pickupOf(o)!);
  for (const o of dropoffs) visit(o, 'dropoff', dropoffOf(o)!);
  const late = batch.filter((o) => o.promisedAt && stops.find((s) => s.orderId === o.id && s.kind === 'dropoff')!.at > o.promisedAt).map((o) => o.id);
  return { stops, late };
}
