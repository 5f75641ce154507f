import type { LatLng } from '../../../shared/geo';
import type { RouteStop } from './plan-route';

/** Minutes at a stop: waiting at the shop, handing over at the door. */
export const SERVICE_MIN = { pickup: 4, dropoff: 3 } as const;

/** An order as the route planner sees it: `pickup` null once picked up. */
export interface OrderOnRoute {
  id: string;
  pickup: LatLng | null;
  dropoff: LatLng;
  promisedAt: Date | null;
  /** Cash collected at the drop-off (minor units). */
  cashMinor: number;
}

/**
 * The stops of orders for planRoute: `<id>:p` and `<id>:d`. One builder for the rider's re-plan (etas.ts) and the
 * dispatcher's batch offer, so an offer's stop order is the one the rider is given after accepting it.
 */
export function orderStops(list: readonly OrderOnRoute[]): RouteStop[] {
  return list.flatMap((o): RouteStop[] => [
    ...(o.pickup ? [{ id: `${o.id}:p`, kind: 'pickup' as const, orderId: o.id, at: o.pickup, dueAt: null, cashMinor: 0, serviceMin: SERVICE_MIN.pickup }] : []),
    { id: `${o.id}:d`, kind: 'dropoff', orderId: o.id, at: o.dropoff, dueAt: o.promisedAt?.getTime() ?? null, cashMinor: o.cashMinor, serviceMin: SERVICE_MIN.dropoff },
  ]);
}

/** The plan's order of timed stops: by time, a pickup before a drop-off at the same time. */
export const byPlannedTime = (a: { at: number; kind: string }, b: { at: number; kind: string }) => a.at - b.at || (a.kind === 'pickup' ? -1 : 1);

export interface StoredEtas {
  id: string;
  status: string;
  etaPickupAt: Date | null;
  etaDropoffAt: Date | null;
}

/**
 * The number (1, 2, …) of each stop of a rider's active orders in their planned sequence, by `<id>:p` and `<id>:d`:
 * the re-plan stores the ETAs along the plan and a ping only moves the times along it (etas.ts), so the stored ETAs'
 * order is the plan's. A stop without an ETA (no pin, or not planned yet) has no number; a picked-up order no pickup.
 */
export function plannedStopNumbers(list: readonly StoredEtas[]): Map<string, number> {
  const stops = list.flatMap((o) => [
    ...(o.status === 'assigned' && o.etaPickupAt ? [{ key: `${o.id}:p`, kind: 'pickup', at: o.etaPickupAt.getTime() }] : []),
    ...(o.etaDropoffAt ? [{ key: `${o.id}:d`, kind: 'dropoff', at: o.etaDropoffAt.getTime() }] : []),
  ]);
  return new Map(stops.sort(byPlannedTime).map((s, i) => [s.key, i + 1]));
}
