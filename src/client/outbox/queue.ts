import type { OutboxEntry, OutboxStore, OutboxWrite, Outcome, OutcomeRecord, ServerFlag, Verdict } from './types';

export const OUTBOX_REPLAY_INTERVAL_MS = 30_000;
/** Answers kept for refs (a delivery waiting for its photo's captureId). */
export const RESULT_TTL_MS = 7 * 24 * 3_600_000;
const DONE_KEPT = 50;
/** The rider's outbox list (issue 20): the last outcomes, for a few days, so replays made while the app was closed are seen. */
export const OUTCOMES_KEPT = 50;
export const OUTCOME_TTL_MS = 3 * 24 * 3_600_000;

/** The flags of a 2xx answer (`{ flags: [{ kind, outcome, reason }] }`), if any. */
export function flagsOf(json: unknown): ServerFlag[] {
  const flags = (json as { flags?: unknown } | null)?.flags;
  if (!Array.isArray(flags)) return [];
  return flags.filter((f): f is ServerFlag => !!f && typeof f === 'object' && typeof (f as ServerFlag).reason === 'string');
}

/** 2xx applied; 401 sign in again; 408, 429 and 5xx try later; any other 4xx is refused for good. */
export function verdict(status: number): Verdict {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'auth';
  if (status === 408 || status === 429 || status >= 500 || status < 200) return 'retry';
  if (status >= 400) return 'drop';
  return 'retry';
}

/** The server's own words: `{ error: { message } }` or `{ message }`, else "status: text" (spec section 8). */
export function serverMessage(status: number, statusText: string, body: unknown, text: string): string {
  const b = body as { message?: unknown; error?: { message?: unknown } } | null;
  const m = b && typeof b === 'object' ? (b.error?.message ?? b.message) : undefined;
  if (typeof m === 'string' && m) return m;
  return `${status}: ${text || statusText}`;
}

export interface OutboxSnapshot {
  /** The current owner's entries still to send, oldest first. */
  pending: readonly OutboxEntry[];
  /** Entries the server has applied lately, with when: views overlay them until their data is refetched. */
  done: readonly { entry: OutboxEntry; at: number }[];
  /** The current owner's kept outcomes, newest first (sent, flagged for the company, refused). */
  outcomes: readonly OutcomeRecord[];
}

export interface OutboxDeps {
  store: OutboxStore;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  newKey?: () => string;
  now?: () => number;
  /** A record the server refused for good (the app shows the message). */
  onDropped?: (entry: OutboxEntry, message: string) => void;
  /** The session expired (the app goes to sign-in). */
  onUnauthorized?: (entry: OutboxEntry) => void;
  /** Any entry that left the queue, so views can refetch. */
  onSettled?: (entry: OutboxEntry, outcome: Outcome) => void;
  /**
   * Runs a whole replay holding the lock shared with the other tabs and the service worker (replay-lock.ts). Taken
   * once per replay, never per write: a write sent while a replay runs joins it instead of asking for the lock that
   * replay holds or waits for (two waiters on one lock, each waiting for the other, would never send again).
   */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * One queue for every rider write. A write is stored first, then sent; the
 * queue is replayed strictly oldest first, one at a time, each attempt with the
 * entry's own Idempotency-Key, so a replay after a lost answer changes nothing.
 */
export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? Date.now;
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  let owner: string | null = null;
  let lastSeq = 0;
  let snapshot: OutboxSnapshot = { pending: [], done: [], outcomes: [] };
  const listeners = new Set<() => void>();
  const waiters = new Map<string, (o: Outcome) => void>();
  let running: Promise<void> | null = null;
  let again = false;
  const withLock = deps.withLock ?? (<T>(fn: () => Promise<T>) => fn());

  const sameEntry = (a: OutboxEntry, b: OutboxEntry) => a.key === b.key && a.attempts === b.attempts && a.lastError === b.lastError;
  const mine = (all: OutboxEntry[]) => all.filter((e) => owner !== null && e.owner === owner).sort((a, b) => a.seq - b.seq);

  async function refresh(doneEntry?: OutboxEntry) {
    const all = await deps.store.list();
    for (const e of all) lastSeq = Math.max(lastSeq, e.seq);
    const pending = mine(all);
    const kept = (await deps.store.listOutcomes()).filter((r) => owner !== null && r.owner === owner).reverse();
    // Unchanged (the same entries, attempts and errors, nothing done): the same snapshot and no notice, so the
    // screens that show the outbox (the whole rider app) do not re-render for nothing.
    const same = pending.length === snapshot.pending.length && pending.every((e, i) => sameEntry(e, snapshot.pending[i]!));
    const sameOutcomes = kept.length === snapshot.outcomes.length && kept.every((r, i) => r.key === snapshot.outcomes[i]!.key && r.state === snapshot.outcomes[i]!.state);
    if (same && sameOutcomes && !doneEntry) return;
    const done = doneEntry ? [...snapshot.done, { entry: doneEntry, at: now() }].slice(-DONE_KEPT) : snapshot.done;
    snapshot = { pending: same ? snapshot.pending : pending, done, outcomes: sameOutcomes ? snapshot.outcomes : kept };
    listeners.forEach((l) => l());
  }

  /**
   * Keep what became of a write, in the store (so the service worker's replays are kept too): always when it
   * was flagged or refused, and when simply sent unless it is a background write.
   */
  async function keepOutcome(entry: OutboxEntry, state: OutcomeRecord['state'], reason: string | null) {
    if (state === 'sent' && entry.background) return;
    const status = typeof entry.body?.status === 'string' ? entry.body.status : undefined;
    const record: OutcomeRecord = { key: entry.key, owner: entry.owner, method: entry.method, url: entry.url, meta: entry.meta, status, createdAt: entry.createdAt, at: now(), state, reason };
    await deps.store.putOutcome(record);
    await deps.store.pruneOutcomes(now() - OUTCOME_TTL_MS, OUTCOMES_KEPT);
  }

  function settle(key: string, outcome: Outcome) {
    const w = waiters.get(key);
    waiters.delete(key);
    w?.(outcome);
  }

  async function bodyOf(entry: OutboxEntry): Promise<Record<string, unknown> | undefined> {
    if (!entry.refs) return entry.body;
    const body = { ...(entry.body ?? {}) };
    for (const [field, ref] of Object.entries(entry.refs)) {
      const result = (await deps.store.getResult(ref.key)) as Record<string, unknown> | undefined;
      const value = result?.[ref.field];
      // The referred write was refused: send without it rather than never.
      if (value === undefined || value === null) delete body[field];
      else body[field] = value;
    }
    return body;
  }

  /** Try one entry. 'next' = go on with the queue; 'stop' = leave the rest for a later replay. */
  async function attempt(entry: OutboxEntry): Promise<'next' | 'stop' | 'auth'> {
    let res: Response;
    const tried = { ...entry, attempts: entry.attempts + 1 };
    // Live: the first attempt, right after recording, with the rider waiting for the answer (a wrong PIN is
    // refused at the door). Any other is a replay: the rider was told it was kept, and the server flags
    // rather than refuses what can no longer be redone on the spot (issue 20).
    const live = entry.attempts === 0 && waiters.has(entry.key);
    try {
      const body = await bodyOf(entry);
      res = await deps.fetch(entry.url, {
        method: entry.method,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': entry.key,
          'X-Recorded-At': String(Math.round(entry.createdAt)),
          'X-Replay': live ? '0' : '1',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await deps.store.put({ ...tried, lastError: error });
      await refresh();
      return 'stop';
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const v = verdict(res.status);
    if (v === 'ok') {
      if (entry.keepResult) await deps.store.putResult(entry.key, json, now());
      const flags = flagsOf(json);
      await keepOutcome(entry, flags.length ? 'flagged' : 'sent', flags.length ? flags.map((f) => f.reason).join(' ') : null);
      await deps.store.delete(entry.key);
      await refresh(entry);
      const outcome: Outcome = flags.length ? { kind: 'sent', result: json, flags } : { kind: 'sent', result: json };
      settle(entry.key, outcome);
      deps.onSettled?.(entry, outcome);
      return 'next';
    }
    const message = serverMessage(res.status, res.statusText, json, text);
    if (v === 'drop') {
      // Refused for good: what became of it is kept (with the server's reason) before the entry leaves.
      await keepOutcome(entry, 'refused', message);
      await deps.store.delete(entry.key);
      await refresh();
      const outcome: Outcome = { kind: 'dropped', status: res.status, message };
      settle(entry.key, outcome);
      deps.onDropped?.(entry, message);
      deps.onSettled?.(entry, outcome);
      return 'next';
    }
    await deps.store.put({ ...tried, lastError: message });
    await refresh();
    if (v === 'auth') {
      deps.onUnauthorized?.(entry);
      return 'auth';
    }
    return 'stop';
  }

  /** Send until the queue is empty ('next') or blocked ('stop', or 'auth' when the session expired). */
  async function drain(): Promise<'next' | 'stop' | 'auth'> {
    for (;;) {
      if (owner === null) return 'stop';
      const [head] = mine(await deps.store.list());
      // Nothing left, perhaps because another tab or the worker sent it: this view must say so too.
      if (!head) {
        await refresh();
        return 'next';
      }
      const r = await attempt(head);
      if (r !== 'next') return r;
    }
  }

  /** Send what is waiting, oldest first; resolves when the queue is empty or blocked. */
  function replay(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const current: Promise<void> = withLock(async () => {
      let stoppedBy: 'next' | 'stop' | 'auth' = 'stop';
      try {
        do {
          again = false;
          stoppedBy = await drain();
        } while (again && stoppedBy === 'next');
      } finally {
        running = null;
        // Stopped (no network, a 5xx, the session): whatever is still waiting stays queued for the next replay. A
        // replay that emptied the queue leaves alone what came in since its last look: those writes are being
        // stored, and the replay their own send starts tries them (never a "kept on the phone" for a write that
        // is about to go).
        if (stoppedBy !== 'next') {
          for (const e of snapshot.pending) {
            if (!waiters.has(e.key)) continue;
            settle(e.key, stoppedBy === 'auth' ? { kind: 'unauthorized' } : { kind: 'queued', error: e.lastError ?? snapshot.pending[0]?.lastError ?? null });
          }
        }
        // Writes of this tab that another tab or the service worker sent meanwhile: answered from what it recorded.
        for (const o of snapshot.outcomes) {
          if (!waiters.has(o.key)) continue;
          if (o.state === 'refused') settle(o.key, { kind: 'dropped', status: 409, message: o.reason ?? '' });
          else settle(o.key, { kind: 'sent', result: await deps.store.getResult(o.key) });
        }
      }
    }).catch((err: unknown) => {
      // The lock was refused (the browser may reject a request, or the body failed before its own clean-up): no
      // replay runs, the writes stay stored for the next one, and no one waits for this one for ever.
      if (running === current) running = null;
      const error = err instanceof Error ? err.message : String(err);
      for (const e of snapshot.pending) if (waiters.has(e.key)) settle(e.key, { kind: 'queued', error });
    });
    running = current;
    return current;
  }

  /** Record the write, then try to send it (after anything older). */
  async function send(write: OutboxWrite): Promise<Outcome & { key: string }> {
    if (owner === null) throw new Error('The outbox has no owner: sign in first');
    const at = now();
    const entry: OutboxEntry = {
      ...write,
      key: newKey(),
      owner,
      createdAt: at,
      seq: (lastSeq = Math.max(lastSeq + 1, at * 1000)),
      attempts: 0,
      lastError: null,
    };
    // Listen before storing: a replay already running may send it before we get back.
    const outcome = new Promise<Outcome>((resolve) => waiters.set(entry.key, resolve));
    // The new record is kept first: when the device has no room for it (a quota error), nothing older is lost and
    // no waiter is left behind. Only then does a newer snapshot replace the older ones it makes pointless.
    const older = write.coalesce ? snapshot.pending.filter((old) => old.coalesce === write.coalesce && old.attempts > 0) : [];
    try {
      await deps.store.put(entry);
    } catch (err) {
      waiters.delete(entry.key);
      throw err;
    }
    for (const old of older) await deps.store.delete(old.key);
    await refresh();
    void replay();
    return { ...(await outcome), key: entry.key };
  }

  return {
    send,
    replay,
    /** The signed-in user; only their entries are counted and replayed. */
    async setOwner(id: string | null) {
      owner = id;
      if (id !== null) await deps.store.pruneOutcomes(now() - OUTCOME_TTL_MS, OUTCOMES_KEPT);
      await refresh();
      if (id !== null) await deps.store.pruneResults(now() - RESULT_TTL_MS);
    },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => refresh(),
    /** The server's answer to a sent write that asked to keep it (keepResult), by its key; also one the worker sent. */
    result: (key: string) => deps.store.getResult(key),
  };
}
