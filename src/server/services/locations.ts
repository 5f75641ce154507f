import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { idempotencyKeys, locationPings, riders } from '../../../db/schema';
import type { LocationInput } from '../../shared/schemas/tracking';
import { publishChange } from './events';
import { IDEMPOTENCY_TTL_MS } from './idempotency';

/**
 * Location pings, group-committed. A fleet of 20,000 riders pinging every 10 s sends 2,000 pings a
 * second; one transaction per ping (insert, move the rider, record the idempotency key) spends most of
 * its time on per-statement and per-transaction costs and queues behind every other writer. So pings
 * wait here while a write is in flight and then go together: one transaction, one multi-row INSERT for
 * the pings, one UPDATE … FROM (VALUES …) for the riders' last positions, one lookup and one INSERT for
 * the idempotency keys. Every caller's promise settles only after that transaction has committed, so an
 * acknowledged ping is stored. The result is the same as writing the pings one by one in arrival order:
 * pings keep that order, a rider's last position is their last ping to arrive, a replayed key answers
 * what the first write answered (also when both are in one batch). When a batch fails, its pings are
 * written one transaction each, so one bad ping (a rider deleted meanwhile) fails only its own request
 * and a failure of the database reaches every waiter.
 */
export type LocationResult = { success: true; recordedAt: string };

interface Pending {
  riderId: string;
  /** The user whose Idempotency-Key this is (the rider's account). */
  userId: string | null;
  key: string | undefined;
  lat: number;
  lng: number;
  accuracyM: number | null;
  recordedAt: Date;
  receivedAt: Date;
  resolve: (r: LocationResult) => void;
  reject: (e: unknown) => void;
}

export interface PingWriterOptions {
  /** The most pings one transaction takes (6 parameters each in the INSERT). */
  maxBatch?: number;
  /** How long the first ping of an idle writer waits for others, in ms (0: the next turn of the event loop). */
  lingerMs?: number;
}

const DEFAULTS: Required<PingWriterOptions> = { maxBatch: 400, lingerMs: 0 };

const keyOf = (p: Pending) => (p.key && p.userId ? `${p.userId}\u0000${p.key}` : null);
const resultOf = (p: Pending): LocationResult => ({ success: true, recordedAt: p.recordedAt.toISOString() });

/** One batch in one transaction; returns each ping's answer, in order. */
async function writeBatch(tx: Db, batch: Pending[], now: Date): Promise<LocationResult[]> {
  const answers: (LocationResult | undefined)[] = new Array(batch.length);
  const keyed = batch.filter((p) => keyOf(p));
  const seen = new Map<string, LocationResult>();
  if (keyed.length) {
    const pairs = sql.join(keyed.map((p) => sql`(${p.userId}, ${p.key})`), sql`, `);
    const rows = await tx
      .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.scope} = 'location' AND (${idempotencyKeys.userId}, ${idempotencyKeys.key}) IN (VALUES ${pairs})`);
    for (const r of rows) seen.set(`${r.userId}\u0000${r.key}`, r.body as LocationResult);
  }
  const fresh: Pending[] = [];
  batch.forEach((p, i) => {
    const k = keyOf(p);
    const earlier = k ? seen.get(k) : undefined;
    if (earlier) return void (answers[i] = earlier);
    answers[i] = resultOf(p);
    if (k) seen.set(k, answers[i]!);
    fresh.push(p);
  });
  if (fresh.length) {
    await tx.insert(locationPings).values(
      fresh.map((p) => ({ riderId: p.riderId, lat: p.lat, lng: p.lng, accuracyM: p.accuracyM, recordedAt: p.recordedAt, receivedAt: p.receivedAt })),
    );
    const last = new Map<string, Pending>();
    for (const p of fresh) last.set(p.riderId, p);
    const positions = sql.join([...last.values()].map((p) => sql`(${p.riderId}, ${p.lat}, ${p.lng}, ${p.recordedAt.getTime()})`), sql`, `);
    await tx.run(sql`UPDATE riders SET last_lat = v.column2, last_lng = v.column3, last_seen_at = v.column4 FROM (VALUES ${positions}) AS v WHERE ${riders.id} = v.column1`);
    const keys = fresh.filter((p) => keyOf(p));
    if (keys.length)
      await tx.insert(idempotencyKeys).values(
        keys.map((p) => ({
          key: p.key!,
          userId: p.userId!,
          scope: 'location',
          responseStatus: 200,
          responseBody: resultOf(p),
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })),
      );
  }
  return answers as LocationResult[];
}

export class PingWriter {
  private queue: Pending[] = [];
  private busy = false;
  private scheduled = false;
  private readonly opts: Required<PingWriterOptions>;

  constructor(
    private readonly db: Db,
    opts: PingWriterOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  write(p: Omit<Pending, 'resolve' | 'reject'>): Promise<LocationResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...p, resolve, reject });
      this.kick();
    });
  }

  /** Pings waiting for the next transaction (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private kick() {
    if (this.busy || this.scheduled || !this.queue.length) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      void this.flush();
    };
    if (this.opts.lingerMs > 0) setTimeout(go, this.opts.lingerMs);
    else setImmediate(go);
  }

  private async flush() {
    if (this.busy || !this.queue.length) return;
    this.busy = true;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    try {
      const now = new Date();
      let answers: LocationResult[];
      try {
        answers = await this.db.transaction((tx) => writeBatch(tx as unknown as Db, batch, now));
      } catch {
        // Find out which ping failed: each on its own, each waiter with its own outcome.
        await this.oneByOne(batch, now);
        return;
      }
      publishChange('locations');
      batch.forEach((p, i) => p.resolve(answers[i]!));
    } finally {
      this.busy = false;
      this.kick();
    }
  }

  private async oneByOne(batch: Pending[], now: Date) {
    let stored = false;
    for (const p of batch) {
      try {
        const [answer] = await this.db.transaction((tx) => writeBatch(tx as unknown as Db, [p], now));
        stored = true;
        p.resolve(answer!);
      } catch (err) {
        p.reject(err);
      }
    }
    if (stored) publishChange('locations');
  }
}

const writers = new WeakMap<Db, PingWriter>();

/** The process's writer for this database (one per database handle). */
export function pingWriter(db: Db): PingWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new PingWriter(db)));
  return w;
}

/**
 * Store a ping and move the rider's last known position; with an idempotency key (and the user it
 * belongs to) a replay is stored once and answered as the first time. Resolves once committed.
 * Not for use inside a transaction: the ping waits for the writer's own.
 */
export function recordLocation(db: Db, riderId: string, input: LocationInput, by?: { userId: string }, now = new Date()): Promise<LocationResult> {
  const recordedAt = input.recordedAt ? new Date(Math.min(input.recordedAt, now.getTime())) : now;
  return pingWriter(db).write({
    riderId,
    userId: by?.userId ?? null,
    key: input.idempotencyKey,
    lat: input.lat,
    lng: input.lng,
    accuracyM: input.accuracy ?? null,
    recordedAt,
    receivedAt: now,
  });
}
