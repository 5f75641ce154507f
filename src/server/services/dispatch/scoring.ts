import type { LatLng } from '../../../shared/geo';
import { travelMinutes, type TravelModel } from '../routing';
import type { RiderFacts } from './facts';

/** The parts of a rider's score for one pickup, kept on the offer for the audit (docs/decisions/012-dispatch-scoring.md). */
export interface Score {
  /** Whole minutes to the pickup (rounded up); null when the rider's position or the pickup is unknown. */
  etaMinutes: number | null;
  load: number;
  ordersToday: number;
}

export function scoreOf(f: RiderFacts, pickup: LatLng | null, model: TravelModel, localHour: number): Score {
  const eta = f.position && pickup ? Math.ceil(travelMinutes(model, f.position, pickup, f.rider.vehicleType, localHour)) : null;
  return { etaMinutes: eta, load: f.load, ordersToday: f.ordersToday };
}

/**
 * Best first: the earliest arrival at the pickup (to the whole minute, so riders a few seconds apart tie), then the
 * lighter current load, then fewer orders today (fairness), then the rider id (a stable order). An unknown ETA
 * comes after every known one.
 */
export function compareScores(a: Score & { riderId: string }, b: Score & { riderId: string }): number {
  const ea = a.etaMinutes ?? Number.POSITIVE_INFINITY;
  const eb = b.etaMinutes ?? Number.POSITIVE_INFINITY;
  if (ea !== eb) return ea < eb ? -1 : 1;
  if (a.load !== b.load) return a.load - b.load;
  if (a.ordersToday !== b.ordersToday) return a.ordersToday - b.ordersToday;
  return a.riderId < b.riderId ? -1 : a.riderId > b.riderId ? 1 : 0;
}
