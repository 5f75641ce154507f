import { distanceKm, type LatLng } from './geo';
import { isStale, STALE_AFTER_MS } from './schemas/fleet';

/**
 * The pure half of the figures defined in docs/figures.md: what the rider's phone must compute
 * offline and the fleet map ages every few seconds. The server computes every figure through
 * src/server/services/figures/, which uses these same functions; no screen has its own formula.
 * Orders per hour and efficiency are in ./performance (the spec's formulas).
 */

export { isStale, STALE_AFTER_MS };

/** A rider is active at `now` when on duty and last seen less than 10 minutes ago (the map's "live"). */
export const ACTIVE_WINDOW_MS = STALE_AFTER_MS;

/** Last seen: the newest of the rider's stored sighting (duty start, a location update) and newest ping. */
export function lastSeenOf(...instants: readonly (Date | number | null | undefined)[]): Date | null {
  let newest = 0;
  for (const at of instants) {
    const ms = at instanceof Date ? at.getTime() : (at ?? 0);
    if (Number.isFinite(ms) && ms > newest) newest = ms;
  }
  return newest > 0 ? new Date(newest) : null;
}

export function isActiveRider(r: { onDuty: boolean; lastSeenAt: Date | string | number | null }, now: number): boolean {
  return r.onDuty && !isStale(r.lastSeenAt, now);
}

/** One delivered order's time: from its pick-up (else its assignment) to its delivery. */
export interface OrderTime {
  /** ms; null when the order has neither a pick-up nor an assignment time. */
  startedAt: number | null;
  deliveredAt: number;
}

/**
 * Average order time in minutes (one decimal): the mean of delivered − started over the delivered
 * orders with a known start not after their delivery; null when there is none.
 */
export function averageOrderMinutes(orders: readonly OrderTime[]): number | null {
  let total = 0;
  let n = 0;
  for (const o of orders) {
    if (o.startedAt === null || !Number.isFinite(o.startedAt) || o.deliveredAt < o.startedAt) continue;
    total += o.deliveredAt - o.startedAt;
    n++;
  }
  return n ? Math.round(total / n / 6_000) / 10 : null;
}

/** A shift with both odometer readings, ended in the window: its km are end − start. */
export interface OdometerShift {
  start: Date;
  end: Date;
  km: number;
}

/**
 * Km in a window: the odometer (end − start) of each shift ended in it with both readings, and GPS
 * for the rest: each step between two of the window's pings counts for the share of its time that lies
 * outside those shifts (inside one, the odometer has it; across a shift's edge, partly). One decimal.
 */
export function kmOf(pings: readonly (LatLng & { at: Date })[], shifts: readonly OdometerShift[]): number {
  const outside = (from: number, to: number) => {
    if (to <= from) return shifts.some((s) => from >= s.start.getTime() && from <= s.end.getTime()) ? 0 : 1;
    let covered = 0;
    for (const s of shifts) covered += Math.max(0, Math.min(to, s.end.getTime()) - Math.max(from, s.start.getTime()));
    return Math.max(0, 1 - covered / (to - from));
  };
  let km = 0;
  for (const s of shifts) km += s.km;
  for (let i = 1; i < pings.length; i++) {
    const a = pings[i - 1]!;
    const b = pings[i]!;
    km += distanceKm(a, b) * outside(a.at.getTime(), b.at.getTime());
  }
  return Math.round(km * 10) / 10;
}
