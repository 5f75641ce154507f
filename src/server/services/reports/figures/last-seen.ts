import { sql } from 'drizzle-orm';
import { lastSeenOf } from '../../../../shared/figures';

/**
 * Last seen, in SQL, for a query over `riders` (unaliased): the newer of the rider's stored sighting
 * (riders.last_seen_at: duty start, a location update) and its newest ping, in ms; 0 when never seen.
 * Pings written past the ingest path (bulk loads, a simulator) would otherwise leave the stored value old.
 */
// Table-qualified by hand: inside sql`` drizzle renders a column as a bare name, which would bind to the ping.
export const lastSeenMs = sql<number>`max(coalesce("riders"."last_seen_at", 0), coalesce((select max(p.recorded_at) from location_pings p where p.rider_id = "riders"."id"), 0))`.mapWith(Number);

/**
 * The time of the rider's last known position, in SQL (ms; 0 when none): the phone's time of the stored fix
 * (riders.position_at), else, for a position written past the ingest (seeds, bulk loads), the last sighting. A duty
 * start is a sighting, not a fix (docs/figures.md).
 */
export const positionMs = sql<number>`coalesce("riders"."position_at", ${lastSeenMs})`.mapWith(Number);

/** The SQL value as the answer carries it: a Date, or null when the rider was never seen. */
export const lastSeenDate = (ms: number | null | undefined): Date | null => lastSeenOf(ms ?? null);
