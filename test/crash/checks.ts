/**
 * What a crash test reads back from the database file (the server stopped, the file opened afresh, as the
 * next start would open it): how many times each planned write is stored, and whether anything is half
 * written.
 */
import type { Db } from '../../db/client';
import type { Write } from './writes';

const one = async (db: Db, sql: string, args: (string | number)[]): Promise<number> => Number((await db.$client.execute({ sql, args })).rows[0]![0]);

const keyRows = (db: Db, w: Write, scope: string) => one(db, 'SELECT count(*) FROM idempotency_keys WHERE user_id = ? AND scope = ? AND key = ?', [w.rider.userId, scope, w.key]);

/**
 * How many times the write is stored. A ping: its rows by rider and phone time, in location_pings and in
 * the surge inbox (ping_inbox) together. A cash submission: its key's record, and the hand-over and
 * ledger journal that record names. An order status: its history row, and its key's record.
 * Each part is counted; the parts must agree (else the write is half there, and this throws).
 */
export async function timesStored(db: Db, w: Write): Promise<number> {
  switch (w.kind) {
    case 'ping': {
      const at = w.body.recordedAt as number;
      // Stored: in location_pings (once: a second copy there is a duplicate), or waiting in the surge inbox, where a
      // replay may wait beside its original until the move on keeps one (services/location/ping-inbox.ts): counted once.
      return one(
        db,
        `SELECT CASE WHEN lp > 0 THEN lp ELSE min(inbox, 1) END FROM (SELECT
          (SELECT count(*) FROM location_pings WHERE rider_id = ?1 AND recorded_at = ?2) AS lp,
          (SELECT count(*) FROM ping_inbox WHERE rider_id = ?1 AND recorded_at = ?2) AS inbox)`,
        [w.rider.id, at],
      );
    }
    case 'cash': {
      const keys = await keyRows(db, w, 'cash.submit');
      if (keys === 0) return 0;
      const { rows } = await db.$client.execute({ sql: 'SELECT response_body FROM idempotency_keys WHERE user_id = ? AND scope = ? AND key = ?', args: [w.rider.userId, 'cash.submit', w.key] });
      const submissionId = (JSON.parse(String(rows[0]![0])) as { submissionId: string }).submissionId;
      const submissions = await one(db, 'SELECT count(*) FROM cash_submissions WHERE id = ? AND rider_id = ?', [submissionId, w.rider.id]);
      const journals = await one(db, "SELECT count(DISTINCT journal_id) FROM cash_ledger WHERE submission_id = ? AND kind = 'handover_submitted'", [submissionId]);
      if (submissions !== keys || journals !== keys) throw new Error(`cash ${w.key}: ${keys} key records, ${submissions} hand-overs, ${journals} journals`);
      return keys;
    }
    case 'status': {
      const orderId = w.path.split('/')[4]!;
      const status = w.body.status as string;
      const events = await one(db, 'SELECT count(*) FROM order_status_events WHERE order_id = ? AND status = ?', [orderId, status]);
      const keys = await keyRows(db, w, `order.${status}`);
      if (events !== keys) throw new Error(`order ${orderId} ${status}: ${events} history rows, ${keys} key records`);
      return events;
    }
  }
}

/** Rows of a query, as "a | b | c" strings (so a failure shows them). */
async function rows(db: Db, sql: string, args: string[] = []): Promise<string[]> {
  return (await db.$client.execute({ sql, args })).rows.map((r) => Array.from(r as unknown as ArrayLike<unknown>).join(' | '));
}

/**
 * Half-written data anywhere in the file, by kind of violation; every list must be empty:
 * a ledger journal whose entries do not sum to zero; a ping stored twice (rider, phone time); a driven order
 * whose status has no history row, or is delivered without its time, or a history row its order does not show; a delivered cash order
 * without its collection; a hand-over without its journal, or a journal without its hand-over.
 */
export async function halfWritten(db: Db, drivenOrders: string[]): Promise<Record<string, string[]>> {
  const driven = JSON.stringify(drivenOrders);
  return {
    unbalancedJournals: await rows(db, 'SELECT journal_id, sum(amount_minor) FROM cash_ledger GROUP BY journal_id HAVING sum(amount_minor) != 0'),
    duplicatePings: await rows(
      db,
      // In location_pings, what every reader reads (the inbox may hold a replay beside its original until it is moved on).
      'SELECT rider_id, recorded_at, count(*) FROM location_pings GROUP BY rider_id, recorded_at HAVING count(*) > 1',
    ),
    statusWithoutHistory: await rows(
      db,
      "SELECT o.id, o.status FROM orders o WHERE o.id IN (SELECT value FROM json_each(?)) AND o.status != 'assigned' AND NOT EXISTS (SELECT 1 FROM order_status_events e WHERE e.order_id = o.id AND e.status = o.status)",
      [driven],
    ),
    deliveredWithoutTime: await rows(db, "SELECT o.id FROM orders o WHERE o.id IN (SELECT value FROM json_each(?)) AND (o.status = 'delivered') != (o.delivered_at IS NOT NULL)", [driven]),
    historyNotShown: await rows(
      db,
      "SELECT o.id, o.status, e.status FROM order_status_events e JOIN orders o ON o.id = e.order_id WHERE (e.status = 'delivered' AND o.status != 'delivered') OR (e.status = 'picked_up' AND o.status = 'assigned')",
    ),
    deliveredWithoutCollection: await rows(
      db,
      "SELECT o.id FROM orders o WHERE o.status = 'delivered' AND o.cod_amount_minor > 0 AND NOT EXISTS (SELECT 1 FROM cash_ledger l WHERE l.order_id = o.id AND l.kind = 'collection')",
    ),
    handoverWithoutJournal: await rows(db, "SELECT s.id FROM cash_submissions s WHERE NOT EXISTS (SELECT 1 FROM cash_ledger l WHERE l.submission_id = s.id AND l.kind = 'handover_submitted')"),
    journalWithoutHandover: await rows(
      db,
      "SELECT l.journal_id FROM cash_ledger l WHERE l.kind = 'handover_submitted' AND NOT EXISTS (SELECT 1 FROM cash_submissions s WHERE s.id = l.submission_id)",
    ),
  };
}

/** Counts of what the run adds, for the totals. */
export async function totals(db: Db) {
  return {
    pings: await one(db, 'SELECT (SELECT count(*) FROM location_pings) + (SELECT count(*) FROM ping_inbox)', []),
    inbox: await one(db, 'SELECT count(*) FROM ping_inbox', []),
    handovers: await one(db, 'SELECT count(*) FROM cash_submissions', []),
    statusEvents: await one(db, "SELECT count(*) FROM order_status_events WHERE status IN ('picked_up', 'delivered')", []),
  };
}
