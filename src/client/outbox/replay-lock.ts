/**
 * One outbox replay at a time across the tabs of this browser and the service worker (issue 20, item 4): a Web
 * Lock of this name is held while a replay runs: the worker's (src/client/sw/replay.ts) or a tab's, the one a new
 * write starts included (src/client/outbox/queue.ts `withLock`). Without Web Locks (old browsers) the work runs unguarded: each write still
 * carries its Idempotency-Key, and the server applies a key once.
 */
export const OUTBOX_LOCK = 'kwt-outbox-replay';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The lock manager of a page (navigator.locks) or of a worker (self.locks), if the browser has one. */
function lockManager(): LockManagerLike | null {
  const scope = globalThis as { navigator?: { locks?: LockManagerLike } };
  return scope.navigator?.locks ?? null;
}

/** Run `fn` holding the outbox lock (waiting for whoever holds it now). */
export function withReplayLock<T>(fn: () => Promise<T>, locks: LockManagerLike | null = lockManager()): Promise<T> {
  return locks ? locks.request(OUTBOX_LOCK, fn) : fn();
}
