import type { InStatement } from '@libsql/client';
import type { Db } from '../../../../db/client';
import { IDEMPOTENCY_TTL_MS } from '../../lib/idempotency';
import { appendInbox, insertPings, type InboxPing } from './ping-inbox';

/** The statements of a batch of location pings (locations.ts's writer calls them, one batch per transaction). */

export type LocationResult = { success: true; recordedAt: string };

export interface Pending {
  riderId: string;
  /** The user whose Idempotency-Key this is (the rider's account). */
  userId: string | null;
  key: string | undefined;
  /** How a replay is recognised: by rider and phone time ('ping'), by the kept key ('key'), or not (no key). */
  replay: 'ping' | 'key' | null;
  lat: number;
  lng: number;
  accuracyM: number | null;
  recordedAt: Date;
  receivedAt: Date;
  resolve: (r: LocationResult) => void;
  reject: (e: unknown) => void;
}

const resultOf = (p: Pending): LocationResult => ({ success: true, recordedAt: p.recordedAt.toISOString() });
const keyOf = (p: Pending) => (p.replay === 'key' && p.key && p.userId ? `${p.userId}\u0000${p.key}` : null);
const pingOf = (p: Pending) => (p.replay === 'ping' ? `${p.riderId}\u0000${p.recordedAt.getTime()}` : null);

/**
 * The two statements of a batch. `pings` are the ones to insert (replays within the batch already left
 * out); a 'ping'-replay one is skipped too when that rider already has a ping at that time.
 */
const inboxPing = (p: Pending): InboxPing => ({ ...p, byPhoneTime: p.replay === 'ping' });

function statements(pings: Pending[]): InStatement[] {
  const insert = insertPings(pings.map(inboxPing));
  const latest = new Map<string, Pending>();
  for (const p of pings) {
    const seen = latest.get(p.riderId);
    if (!seen || seen.recordedAt.getTime() <= p.recordedAt.getTime()) latest.set(p.riderId, p);
  }
  const positions = [...latest.values()];
  const update: InStatement = {
    // The position only moves forward in the phone's time (position_at); the sighting (last_seen_at) to the newest.
    sql: `UPDATE riders SET last_lat = v.column2, last_lng = v.column3, position_at = v.column4, last_seen_at = max(coalesce(riders.last_seen_at, 0), v.column4)
      FROM (VALUES ${positions.map(() => '(?, ?, ?, ?)').join(', ')}) AS v
      WHERE riders.id = v.column1 AND (riders.position_at IS NULL OR riders.position_at <= v.column4)`,
    args: positions.flatMap((p) => [p.riderId, p.lat, p.lng, p.recordedAt.getTime()]),
  };
  return [insert, update];
}

/** The batch without phone-time replays of a ping earlier in it. */
function firstOfEach(batch: Pending[]): Pending[] {
  const first = new Set<string>();
  return batch.filter((p) => {
    const k = pingOf(p);
    if (!k) return true;
    if (first.has(k)) return false;
    first.add(k);
    return true;
  });
}

/** Answers for a batch without kept keys: one `batch` call, a single transaction with no await inside. */
export async function writePings(db: Db, batch: Pending[]): Promise<LocationResult[]> {
  await db.$client.batch(statements(firstOfEach(batch)), 'write');
  return batch.map(resultOf);
}

/** The same, in a surge: into the inbox only (ping-inbox.ts), one small append; replays are dropped when moved on. */
export async function writeInbox(db: Db, batch: Pending[]): Promise<LocationResult[]> {
  await db.$client.execute(appendInbox(firstOfEach(batch).map(inboxPing)));
  return batch.map(resultOf);
}

/**
 * Answers for a batch with kept keys (pings without the phone's time): read which keys are known, then one
 * `batch` as above plus the new keys. Only this writer keeps 'location' keys and it writes one batch at a
 * time, so nothing can slip in between the read and the write.
 */
export async function writeKeyed(db: Db, batch: Pending[], now: Date): Promise<LocationResult[]> {
  const keyed = batch.filter((p) => keyOf(p));
  const seen = new Map<string, LocationResult>();
  if (keyed.length) {
    const { rows } = await db.$client.execute({
      sql: `SELECT user_id, key, response_body FROM idempotency_keys WHERE scope = 'location' AND (user_id, key) IN (VALUES ${keyed.map(() => '(?, ?)').join(', ')})`,
      args: keyed.flatMap((p) => [p.userId, p.key!]),
    });
    for (const r of rows) seen.set(`${String(r.user_id)}\u0000${String(r.key)}`, JSON.parse(String(r.response_body)) as LocationResult);
  }
  const answers: LocationResult[] = [];
  const fresh: Pending[] = [];
  for (const p of batch) {
    const k = keyOf(p) ?? pingOf(p);
    const earlier = k ? seen.get(k) : undefined;
    if (earlier) {
      answers.push(earlier);
      continue;
    }
    const answer = resultOf(p);
    if (k) seen.set(k, answer);
    answers.push(answer);
    fresh.push(p);
  }
  if (!fresh.length) return answers;
  const keys = fresh.filter((p) => keyOf(p));
  const keep: InStatement[] = keys.length
    ? [
        {
          sql: `INSERT INTO idempotency_keys (key, user_id, scope, response_status, response_body, created_at, expires_at) VALUES ${keys.map(() => "(?, ?, 'location', 200, ?, ?, ?)").join(', ')}`,
          args: keys.flatMap((p) => [p.key!, p.userId!, JSON.stringify(resultOf(p)), now.getTime(), now.getTime() + IDEMPOTENCY_TTL_MS]),
        },
      ]
    : [];
  await db.$client.batch([...statements(fresh), ...keep], 'write');
  return answers;
}
