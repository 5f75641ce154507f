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
