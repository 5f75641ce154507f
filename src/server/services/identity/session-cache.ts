import type { Db } from '../../../../db/client';
import { readRow } from '../../../../db/prepared';
import { writeCount } from '../../../../db/serialize';
import type { Actor } from '../../../shared/actor';
import type { SessionUser } from '../../../shared/schemas/auth';
import { sessionFromToken } from './session-lookup';
import { SESSION_RENEW_BEFORE_MS, type ValidSession } from './sessions';

export type FoundSession = { session: ValidSession; user: SessionUser; actor: Actor };

/** A remembered session, with the user's JSON as the session check answers it (serialised once). */
export interface CachedSession extends FoundSession {
  userJson: string;
}

export interface SessionCacheOptions {
  /** Sessions remembered at most; the oldest is forgotten first. */
  maxEntries?: number;
  /** How often the epoch is read when this process has written nothing, in ms: another process's change shows within this. */
  recheckMs?: number;
}

const EPOCH = 'SELECT value FROM auth_epoch WHERE id = 1';

/**
 * Sessions resolved once and then answered from memory: every API request resolves its cookie, and the
 * rider app's location pings and session checks are most of the traffic.
 *
 * Nothing is served stale: triggers bump `auth_epoch` on every change a session's answer depends on
 * (a session deleted or renewed, a user's name, role, language, password or suspension, a rider's or
 * manager's company link, a company's name: migration 0010), and the cache is emptied when it moves. The
 * epoch is read again after every write of this process (db/serialize.ts counts them), so a sign-out or a
 * suspension here is seen by the very next request, and at least every `recheckMs` for writes of other
 * processes (a second instance on the same Turso database, the MCP server).
 *
 * Only live sessions are kept, and only while they are not due for renewal: an expired session, one due
 * for renewal and an unknown token always go to the database (session-lookup.ts), which deletes, renews
 * or refuses as before.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private epoch: number | null = null;
  private checkedAt = -Infinity;
  private writesSeen = -2;
  private readonly maxEntries: number;
  private readonly recheckMs: number;

  constructor(
    private readonly db: Db,
    opts: SessionCacheOptions = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.recheckMs = opts.recheckMs ?? 250;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Is the epoch due to be read again (this process wrote, or `recheckMs` passed)? */
  private stale(nowMs: number): boolean {
    return writeCount(this.db.$client) !== this.writesSeen || nowMs - this.checkedAt >= this.recheckMs;
  }

  /** Empties the cache when the epoch moved since it was last read. */
  private async fresh(nowMs: number): Promise<void> {
    this.writesSeen = writeCount(this.db.$client);
    this.checkedAt = nowMs;
    const row = await readRow(this.db.$client, EPOCH, []);
    const epoch = row ? Number(row[0]) : null;
    if (epoch !== this.epoch || epoch === null) this.entries.clear();
    this.epoch = epoch;
  }

  private usable(hit: CachedSession | undefined, nowMs: number): CachedSession | undefined {
    return hit && hit.session.expiresAt.getTime() - nowMs >= SESSION_RENEW_BEFORE_MS ? hit : undefined;
  }

  /**
   * A remembered live session not due for renewal, or undefined (then resolve it with `lookup`). Never writes.
   * Answers without a promise when the epoch needs no new read (most requests): the fast lane's hot path.
   */
  peek(token: string, nowMs = Date.now()): CachedSession | undefined | Promise<CachedSession | undefined> {
    if (!this.stale(nowMs)) return this.usable(this.entries.get(token), nowMs);
    return this.fresh(nowMs).then(() => this.usable(this.entries.get(token), nowMs));
  }

  /** The session of a token as session-lookup.ts resolves it (deleting, renewing or refusing), remembered when live. */
  async lookup(token: string, now = new Date()): Promise<FoundSession | null> {
    const hit = await this.peek(token, now.getTime());
    if (hit) return hit;
    const epochBefore = this.epoch;
    const found = await sessionFromToken(this.db, token, now);
    // A renewal wrote (and moved the epoch); only a session read within one epoch is kept.
    if (found && !found.session.renewed && this.epoch === epochBefore && this.epoch !== null) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { ...found, userJson: JSON.stringify(found.user) });
    }
    return found;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The process's session cache for this database handle. */
export function sessionCache(db: Db): SessionCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new SessionCache(db)));
  return c;
}
