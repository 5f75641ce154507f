import { isClientClosed, type Db } from '../../../../db/client';
import type { LocationInput } from '../../../shared/schemas/tracking';
import { log } from '../../log';
import { publishChange } from '../../lib/events';
import { etaRefresher } from '../routing';
import { drainInbox, inboxBacklog } from './ping-inbox';
import { writeInbox, writeKeyed, writePings, type LocationResult, type Pending } from './location-batches';

/**
 * Location pings, group-committed. 2,000 pings a second (bench:ingest: 20,000 riders every 10 s; the app pings every 30 s);
 * one transaction per ping (insert, move the rider, check and record the idempotency key) spends most of its
 * time on per-statement and per-transaction costs and queues behind every other writer. So pings wait here
 * while a write is in flight and then go together, in one transaction: one INSERT … SELECT FROM (VALUES …)
 * for the pings and one UPDATE … FROM (VALUES …) for the riders' last positions. Every caller's promise
 * settles only after that transaction has committed, so an acknowledged ping is stored.
 *
 * - Pings are stored in arrival order, except in a surge: a batch of `surgeBatch` pings or more (32 riders at
 *   once) is committed to a small inbox table instead, which costs a page or two per batch where location_pings'
 *   covering index and the riders' positions cost a random page per ping; it is acknowledged from there and
 *   moved on (sorted by rider) in chunks of a quarter of what waits (100 to 400), one every 10 ms at most, between
 *   batches or when idle (ping-inbox.ts). While pings wait in the inbox every batch goes there too, so a rider's
 *   pings never overtake each other.
 * - A rider's last position is their latest fix by the phone's time (the server's when none was sent): a
 *   ping that arrives late (an outbox replaying what it queued offline) never moves the rider back.
 * - A replay is recognised by the ping itself when it carries the phone's time, as the rider app's always
 *   does, replaying the same body with the same key: a ping already stored for that rider at that
 *   millisecond is the same ping (in a surge the inbox takes it unchecked and the move on leaves it out). No idempotency_keys row is written for it (2,000 pings a second would add
 *   170 million rows a day to that table, each a random insert into its unique index). The answer is the
 *   first one, as it depends only on the ping.
 * - Without the phone's time (or with a future one, clamped to now), the key is kept in idempotency_keys as
 *   every other rider write keeps it (lib/idempotency.ts), and a replay gets the first answer back.
 * - When a batch fails, its pings are written one transaction each, so one bad ping (a rider deleted
 *   meanwhile) fails only its own request, and a failure of the database reaches every waiter.
 */
export type { LocationResult } from './location-batches';

export interface PingWriterOptions {
  /** The most pings one transaction takes. */
  maxBatch?: number;
  /** How long the first ping of an idle writer waits for others, in ms (0: the next turn of the event loop). */
  lingerMs?: number;
  /** A batch this big is a surge: it goes to the inbox (ping-inbox.ts), as does every batch while the inbox holds pings. */
  surgeBatch?: number;
  /** The fewest pings one move out of the inbox takes when that many wait (it holds the writer for 10–30 µs each). */
  drainChunk?: number;
  /** The most: a move takes a quarter of what waits, between drainChunk and this, so that under steady load
   * faster than drainChunk / drainEveryMs the moves grow (and take more pings per page) until they keep up. */
  maxDrainChunk?: number;
  /** Moves out of the inbox start at most this often, in ms, between batches or when idle: at most
   * maxDrainChunk / drainEveryMs pings a ms, each move a stop of 1–3 ms per 100 pings. */
  drainEveryMs?: number;
}

const DEFAULTS: Required<PingWriterOptions> = { maxBatch: 500, lingerMs: 0, surgeBatch: 32, drainChunk: 100, maxDrainChunk: 400, drainEveryMs: 10 };

export interface PingWriterStats {
  batches: number;
  pings: number;
  /** Batches and pings that went to the inbox, and pings moved out of it. */
  surgeBatches: number;
  surgePings: number;
  drained: number;
  /** Moves out of the inbox (transactions). */
  moves: number;
  largestBatch: number;
  /** Time from taking a batch to its commit, summed and at most, in ms. */
  writeMs: number;
  slowestWriteMs: number;
}

export class PingWriter {
  private queue: Pending[] = [];
  private busy = false;
  private scheduled = false;
  private readonly opts: Required<PingWriterOptions>;
  readonly stats: PingWriterStats = { batches: 0, pings: 0, surgeBatches: 0, surgePings: 0, drained: 0, moves: 0, largestBatch: 0, writeMs: 0, slowestWriteMs: 0 };
  /** Pings waiting in the inbox: about this many (an upper estimate after a move); 0 none; null until looked at. */
  private inbox: number | null = null;
  private lastDrain = -Infinity;
  /** No drain before this (after a failed one). */
  private drainAfter = -Infinity;
  private drainTimer: ReturnType<typeof setTimeout> | null = null;

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

  /** Resolves once no ping waits and no batch is being written: every ping handed in has its answer (a stopping server waits for this). */
  async settled(): Promise<void> {
    while (this.busy || this.scheduled || this.queue.length) await new Promise((r) => setTimeout(r, 5));
  }

  /** Pings waiting in the inbox, as far as this writer knows (null: not looked yet). */
  get inboxWaiting(): number | null {
    return this.inbox;
  }

  /** Pings may wait in the inbox and the last move out of it is `drainEveryMs` old. */
  private drainDue(): boolean {
    return this.inbox !== 0 && performance.now() >= Math.max(this.lastDrain + this.opts.drainEveryMs, this.drainAfter);
  }

  private kick() {
    if (this.busy || this.scheduled) return;
    if (!this.queue.length && !this.drainDue()) {
      if (this.inbox !== 0) this.drainLater();
      return;
    }
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      void this.flush();
    };
    if (this.opts.lingerMs > 0) setTimeout(go, this.opts.lingerMs);
    else setImmediate(go);
  }

  /** Comes back when the next move out of the inbox is due (nothing else would wake an idle writer). */
  private drainLater() {
    if (this.drainTimer) return;
    const wait = Math.max(0, this.lastDrain + this.opts.drainEveryMs - performance.now(), this.drainAfter - performance.now());
    this.drainTimer = setTimeout(() => {
      this.drainTimer = null;
      this.kick();
    }, wait);
    this.drainTimer.unref?.();
  }

  private write1(batch: Pending[], now: Date) {
    if (batch.some((p) => p.replay === 'key')) return writeKeyed(this.db, batch, now);
    if (batch.length < this.opts.surgeBatch && !this.inbox) return writePings(this.db, batch);
    this.stats.surgeBatches++;
    this.stats.surgePings += batch.length;
    this.inbox = (this.inbox ?? 0) + batch.length;
    return writeInbox(this.db, batch);
  }

  /** Moves a chunk out of the inbox: a quarter of what waits, from drainChunk to maxDrainChunk (looked up when not known). */
  private async drain() {
    if (this.inbox === null) this.inbox = await inboxBacklog(this.db);
    if (this.inbox === 0) return;
    const chunk = Math.min(this.opts.maxDrainChunk, Math.max(this.opts.drainChunk, Math.ceil(this.inbox / 4)));
    const moved = await drainInbox(this.db, chunk);
    this.stats.drained += moved;
    this.stats.moves++;
    // A short chunk emptied it; else what is left (another process's pings included) sizes the next chunk.
    this.inbox = moved < chunk ? 0 : await inboxBacklog(this.db);
    if (moved) publishChange('locations');
  }

  private async flush() {
    if (this.busy) return;
    this.busy = true;
    if (this.drainDue()) {
      try {
        await this.drain();
      } catch (err) {
        // Left in the inbox (one transaction): tried again in a second, or by the next process to open the
        // database when this handle has been closed (a stopping server, the end of a test file).
        if (isClientClosed(err)) this.inbox = 0;
        else log.error('Moving pings out of the inbox failed', err);
        this.drainAfter = performance.now() + 1000;
      } finally {
        this.lastDrain = performance.now();
        this.busy = false;
        this.kick();
      }
      return;
    }
    if (!this.queue.length) {
      this.busy = false;
      return;
    }
    const batch = this.queue.splice(0, this.opts.maxBatch);
    const started = performance.now();
    try {
      const now = new Date();
      let answers: LocationResult[];
      try {
        answers = await this.write1(batch, now);
        const ms = performance.now() - started;
        Object.assign(this.stats, {
          batches: this.stats.batches + 1,
          pings: this.stats.pings + batch.length,
          largestBatch: Math.max(this.stats.largestBatch, batch.length),
          writeMs: this.stats.writeMs + ms,
          slowestWriteMs: Math.max(this.stats.slowestWriteMs, ms),
        });
      } catch {
        // Find out which ping failed: each on its own, each waiter with its own outcome.
        await this.oneByOne(batch, now);
        return;
      }
      publishChange('locations');
      // The riders' ETAs follow, throttled and off this path (routing/eta-refresh.ts).
      etaRefresher(this.db).note(batch.map((p) => p.riderId));
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
        const [answer] = await this.write1([p], now);
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
  const phoneTime = input.recordedAt !== undefined && input.recordedAt <= now.getTime();
  const keyed = !!input.idempotencyKey && !!by;
  return pingWriter(db).write({
    riderId,
    userId: by?.userId ?? null,
    key: input.idempotencyKey,
    replay: keyed ? (phoneTime ? 'ping' : 'key') : null,
    lat: input.lat,
    lng: input.lng,
    accuracyM: input.accuracy ?? null,
    recordedAt,
    receivedAt: now,
  });
}
