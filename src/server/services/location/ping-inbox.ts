import type { InStatement, InValue } from '@libsql/client';
import type { Db } from '../../../../db/client';

/**
 * The surge path of location pings (docs/decisions/002-location-ingest.md). Committed in `ping_inbox`, a
 * ping is stored and acknowledged; `drainInbox` moves the oldest ones on into location_pings and the
 * riders' last positions, in one transaction, sorted by rider so that the pings of one rider land in
 * one page of the covering index, in small chunks between the writer's batches (locations.ts).
 */

/** What the inbox needs of a waiting ping. */
export interface InboxPing {
  riderId: string;
  lat: number;
  lng: number;
  accuracyM: number | null;
  recordedAt: Date;
  receivedAt: Date;
  /** Recognise a replay by rider and phone time. */
  byPhoneTime: boolean;
}

/** A ping (rider, phone time) stored already in location_pings. */
const STORED = (rider: string, at: string) => `EXISTS (SELECT 1 FROM location_pings p WHERE p.rider_id = ${rider} AND p.recorded_at = ${at})`;

/** The VALUES rows of a batch, one per ping: rider, lat, lng, accuracy, phone time, arrival, by phone time (1/0). */
function valuesOf(pings: InboxPing[]): { rows: string; args: InValue[] } {
  return {
    rows: pings.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', '),
    args: pings.flatMap((p) => [p.riderId, p.lat, p.lng, p.accuracyM, p.recordedAt.getTime(), p.receivedAt.getTime(), p.byPhoneTime ? 1 : 0]),
  };
}

/**
 * Insert `pings` into location_pings, leaving out a phone-time replay of a ping stored there. One waiting in the
 * inbox is not looked for (the inbox has no index to look with): when it is moved on, drainInbox leaves it out.
 */
export function insertPings(pings: InboxPing[]): InStatement {
  const { rows, args } = valuesOf(pings);
  return {
    sql: `INSERT INTO location_pings (rider_id, lat, lng, accuracy_m, recorded_at, created_at)
      SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6 FROM (VALUES ${rows}) AS v
      WHERE v.column7 = 0 OR NOT ${STORED('v.column1', 'v.column5')}`,
    args,
  };
}

/** Append `pings` to the inbox: no lookups, so the batch dirties only the table's last page or two. */
export function appendInbox(pings: InboxPing[]): InStatement {
  const { rows, args } = valuesOf(pings);
  return { sql: `INSERT INTO ping_inbox (rider_id, lat, lng, accuracy_m, recorded_at, created_at, by_phone_time) VALUES ${rows}`, args };
}

/**
 * About how many pings wait (left by this process or another, or by one that stopped): the span of their ids, read
 * from the rowid's two ends without a scan. An upper bound: a deleted rider's pings leave gaps.
 */
export async function inboxBacklog(db: Db): Promise<number> {
  // Two subqueries: SQLite reads max() or min() from the rowid's end only when each is alone in its query (both in
  // one SELECT scan the table).
  const { rows } = await db.$client.execute('SELECT coalesce((SELECT max(id) FROM ping_inbox) - (SELECT min(id) FROM ping_inbox) + 1, 0) AS span');
  return Number(rows[0]?.span ?? 0);
}

/**
 * Moves up to `max` of the oldest waiting pings on, in one write transaction (so two instances draining
 * the same database never move a ping twice). Returns how many it moved.
 */
export async function drainInbox(db: Db, max: number): Promise<number> {
  // The id of the max-th oldest: a count of rows, whatever gaps the ids have (rows a deleted rider took along).
  const bound = `(SELECT MAX(id) FROM (SELECT id FROM ping_inbox ORDER BY id LIMIT ${Math.max(1, Math.floor(max))}))`;
  // Phone-time pings once per (rider, time) in the chunk (SQLite takes the bare columns from the MIN(id) row, the
  // first to arrive), and not at all when location_pings has that ping already (stored directly, or moved on in
  // an earlier chunk): a replay that waited beside its original is dropped here.
  const [, , removed] = await db.$client.batch(
    [
      `INSERT INTO location_pings (rider_id, lat, lng, accuracy_m, recorded_at, created_at)
        SELECT rider_id, lat, lng, accuracy_m, recorded_at, created_at FROM (
          SELECT rider_id, lat, lng, accuracy_m, recorded_at, created_at, by_phone_time, MIN(id) FROM ping_inbox
            WHERE id <= ${bound} AND by_phone_time = 1 GROUP BY rider_id, recorded_at
          UNION ALL
          SELECT rider_id, lat, lng, accuracy_m, recorded_at, created_at, by_phone_time, id FROM ping_inbox
            WHERE id <= ${bound} AND by_phone_time = 0
        ) AS c
        WHERE c.by_phone_time = 0 OR NOT ${STORED('c.rider_id', 'c.recorded_at')}
        ORDER BY rider_id, recorded_at`,
      // SQLite takes lat and lng from the row holding MAX(recorded_at): each rider's latest fix by phone time.
      `UPDATE riders SET last_lat = x.lat, last_lng = x.lng, position_at = x.at, last_seen_at = max(coalesce(riders.last_seen_at, 0), x.at)
        FROM (SELECT rider_id, lat, lng, MAX(recorded_at) AS at FROM ping_inbox WHERE id <= ${bound} GROUP BY rider_id) AS x
        WHERE riders.id = x.rider_id AND (riders.position_at IS NULL OR riders.position_at <= x.at)`,
      `DELETE FROM ping_inbox WHERE id <= ${bound}`,
    ],
    'write',
  );
  return removed!.rowsAffected;
}
