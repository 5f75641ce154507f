import { isClientClosed, type Db } from '../../../../db/client';
import { log } from '../../log';
import { moveEtas } from './etas';

/**
 * The location ingest's side of the ETAs: a ping only notes its rider (a Map lookup); at most once a second a
 * background pass takes the riders noted whose ETAs are at least REFRESH_MS old and moves their ETAs (updateEtasOf:
 * one read of their active orders and one UPDATE for all, 500 riders at a time), off the ping writer's path. So a
 * rider's ETAs move at most once per REFRESH_MS, and a rider without orders costs a Map entry and an index probe.
 */
export const REFRESH_MS = 30_000;
const TICK_MS = 1_000;
/** Riders in one read and one write. */
const CHUNK = 500;
/** Riders re-planned in one pass (orders without ETAs yet); the rest wait for the next. */
const REPLANS_PER_PASS = 20;

export class EtaRefresher {
  /** Rider → when their ETAs were last looked at (ms); noted riders wait in `due`. */
  private readonly last = new Map<string, number>();
  private readonly due = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  readonly stats = { noted: 0, passes: 0, riders: 0, updated: 0, ms: 0 };

  constructor(
    private readonly db: Db,
    private readonly refreshMs = REFRESH_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The riders of a stored batch of pings. Cheap: no I/O here. */
  note(riderIds: Iterable<string>): void {
    const now = this.clock();
    for (const id of riderIds) {
      const seen = this.last.get(id);
      if (seen !== undefined && now - seen < this.refreshMs) continue;
      this.last.set(id, now);
      this.due.add(id);
      this.stats.noted++;
    }
    this.schedule();
  }

  /** The next pass in a tick, when riders are due and none is scheduled or running. */
  private schedule() {
    if (!this.due.size || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().finally(() => {
        this.running = null;
        // Riders deferred (re-plans over the pass's share) or noted during the pass.
        this.schedule();
      });
    }, TICK_MS);
    this.timer.unref?.();
  }

  /** One pass over the riders noted (tests call it directly). */
  async pass(): Promise<void> {
    const started = performance.now();
    const riders = [...this.due];
    this.due.clear();
    this.stats.passes++;
    let replans = REPLANS_PER_PASS;
    for (let i = 0; i < riders.length; i += CHUNK) {
      // One read and one write per chunk (moveEtas); one failure leaves the other chunks' ETAs moving.
      try {
        const { changes, deferred, replanned } = await moveEtas(this.db, riders.slice(i, i + CHUNK), new Date(this.clock()), replans);
        replans -= replanned;
        for (const id of deferred) this.due.add(id);
        this.stats.riders += new Set(changes.map((c) => c.riderId)).size;
        this.stats.updated += changes.length;
      } catch (err) {
        if (!isClientClosed(err)) log.error('updating ETAs from pings failed', err instanceof Error ? { err: err.message } : err);
      }
    }
    // Entries older than the period would be refreshed anyway: drop them so the map holds the riders of the last period.
    const now = this.clock();
    for (const [id, at] of this.last) if (now - at >= this.refreshMs) this.last.delete(id);
    this.stats.ms += performance.now() - started;
  }

  /** Waits for a pass in progress (a stopping server, the end of a test). */
  async settled(): Promise<void> {
    const stop = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
    stop();
    await this.running;
    stop();
  }
}

const refreshers = new WeakMap<Db, EtaRefresher>();

/** The process's refresher for this database. */
export function etaRefresher(db: Db): EtaRefresher {
  let r = refreshers.get(db);
  if (!r) refreshers.set(db, (r = new EtaRefresher(db)));
  return r;
}
