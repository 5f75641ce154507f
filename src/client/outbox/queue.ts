import type { OutboxEntry, OutboxStore, OutboxWrite, Outcome, Verdict } from './types';

export const OUTBOX_REPLAY_INTERVAL_MS = 30_000;
/** Answers kept for refs (a delivery waiting for its photo's captureId). */
export const RESULT_TTL_MS = 7 * 24 * 3_600_000;
const DONE_KEPT = 50;

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
  let snapshot: OutboxSnapshot = { pending: [], done: [] };
  const listeners = new Set<() => void>();
  const waiters = new Map<string, (o: Outcome) => void>();
  let running: Promise<void> | null = null;
  let again = false;

  const sameEntry = (a: OutboxEntry, b: OutboxEntry) => a.key === b.key && a.attempts === b.attempts && a.lastError === b.lastError;
  const mine = (all: OutboxEntry[]) => all.filter((e) => owner !== null && e.owner === owner).sort((a, b) => a.seq - b.seq);

  async function refresh(doneEntry?: OutboxEntry) {
    const all = await deps.store.list();
    for (const e of all) lastSeq = Math.max(lastSeq, e.seq);
    const pending = mine(all);
    // Unchanged (the same entries, attempts and errors, nothing done): the same snapshot and no notice, so the
    // screens that show the outbox (the whole rider app) do not re-render for nothing.
    const same = pending.length === snapshot.pending.length && pending.every((e, i) => sameEntry(e, snapshot.pending[i]!));
    if (same && !doneEntry) return;
    const done = doneEntry ? [...snapshot.done, { entry: doneEntry, at: now() }].slice(-DONE_KEPT) : snapshot.done;
    snapshot = { pending: same ? snapshot.pending : pending, done };
    listeners.forEach((l) => l());
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
    try {
      const body = await bodyOf(entry);
      res = await deps.fetch(entry.url, {
        method: entry.method,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': entry.key },
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
      await deps.store.delete(entry.key);
      await refresh(entry);
      const outcome: Outcome = { kind: 'sent', result: json };
      settle(entry.key, outcome);
      deps.onSettled?.(entry, outcome);
      return 'next';
    }
    const message = serverMessage(res.status, res.statusText, json, text);
    if (v === 'drop') {
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
      if (!head) return 'next';
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
    running = (async () => {
      let stoppedBy: 'next' | 'stop' | 'auth' = 'stop';
      try {
        do {
          again = false;
          stoppedBy = await drain();
        } while (again && stoppedBy === 'next');
      } finally {
        running = null;
        // Whatever is still waiting stays queued for the next replay.
        // (A write still being stored is left to the replay its own send starts.)
        for (const e of snapshot.pending) {
          if (!waiters.has(e.key)) continue;
          settle(e.key, stoppedBy === 'auth' ? { kind: 'unauthorized' } : { kind: 'queued', error: e.lastError ?? snapshot.pending[0]?.lastError ?? null });
        }
      }
    })();
    return running;
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
    if (write.coalesce) {
      for (const old of snapshot.pending) if (old.coalesce === write.coalesce && old.attempts > 0) await deps.store.delete(old.key);
    }
    await deps.store.put(entry);
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
      await refresh();
      if (id !== null) await deps.store.pruneResults(now() - RESULT_TTL_MS);
    },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => refresh(),
  };
}
