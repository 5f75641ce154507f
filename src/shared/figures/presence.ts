/** Last seen, stale and active (docs/figures.md). No zod: shared by the fleet map and the server. */

/** A rider not seen for this long shows as stale on the fleet map (issue 5 item 6). */
export const STALE_AFTER_MS = 10 * 60 * 1000;

/** Stale at exactly 10 minutes without a sighting, or when never seen. */
export function isStale(lastSeenAt: Date | string | number | null | undefined, now: number = Date.now()): boolean {
  if (lastSeenAt === null || lastSeenAt === undefined) return true;
  const at = typeof lastSeenAt === 'number' ? lastSeenAt : new Date(lastSeenAt).getTime();
  return !Number.isFinite(at) || now - at >= STALE_AFTER_MS;
}

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
