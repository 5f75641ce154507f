import { getLocale, translate } from '../i18n';
import { isQuotaError, StorageFullError } from '../storage/space';
import { toast } from '../toast';
import { onFirstInteraction } from '../first-interaction';
import { hasIndexedDb, idbStore } from './idb';
import { memoryStore } from './memory-store';
import { createOutbox, OUTBOX_REPLAY_INTERVAL_MS } from './queue';
import { withReplayLock } from './replay-lock';
import type { OutboxEntry, OutboxWrite, Outcome } from './types';
import { onWorkerSettled } from './worker-messages';

export type { OutboxEntry, OutboxWrite, Outcome } from './types';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(getLocale(), key, params);

/** Spec section 8: session expired on /app → /login?redirect=/app. */
export const LOGIN_AGAIN = '/login?redirect=/app';

type SettledListener = (entry: OutboxEntry, outcome: Outcome) => void;
const settledListeners = new Set<SettledListener>();
let redirecting = false;

const showRefusal = (message: string) => toast({ title: t('outbox.refused'), description: message, variant: 'destructive' });

/**
 * One replay at a time across the tabs and the service worker (replay-lock.ts): each replay of this tab, the one a
 * new write starts included, holds the lock throughout (queue.ts `withLock`). A tab that waited may send an entry the
 * worker has just sent; it carries the same Idempotency-Key, so the server applies it once and answers as the first
 * time.
 */
const queue = createOutbox({
  store: hasIndexedDb() ? idbStore() : memoryStore(),
  fetch: (url, init) => fetch(url, init),
  withLock: (fn) => withReplayLock(fn),
  onDropped: (_entry, message) => showRefusal(message),
  onUnauthorized: () => {
    if (redirecting) return;
    redirecting = true;
    window.location.assign(LOGIN_AGAIN);
  },
  onSettled: (entry, outcome) => settledListeners.forEach((l) => l(entry, outcome)),
});

/** The one outbox of the browser: every rider write goes through it. */
export const outbox = queue;

// Background Sync: whenever a write is left waiting, the worker is asked to replay once the network is back,
// even if every page is closed by then (background-sync.ts). Registering again only when the count grows. The
// worker replays only its owner's entries: the user this page started the outbox for, written down first.
// That code loads then (or on the first tap, so a write made after the network is cut finds it in memory even
// where no service worker has precached it), not with the app: a start with nothing waiting never needs it.
const workerLink = () => import('./background-sync');
onFirstInteraction(() => void workerLink().catch(() => undefined));
let currentOwner: string | null = null;
// Only writes that have failed a try are the worker's business: a write being sent right now is this page's, and
// asking the worker then would make it race the page for every write made online.
let lastWaiting = 0;
queue.subscribe(() => {
  const waiting = queue.getSnapshot().pending.filter((e) => e.attempts > 0).length;
  if (waiting > lastWaiting) void askWorkerToReplay();
  lastWaiting = waiting;
});

async function askWorkerToReplay(): Promise<void> {
  try {
    const link = await workerLink();
    if (currentOwner !== null) await link.rememberOutboxOwner(currentOwner);
    await link.requestBackgroundSync();
  } catch {
    // Its code could not be fetched (offline, before the worker precached it): the page's own replays remain.
  }
}

// What the worker's replay settled: this tab re-reads the queue and tells its views, as for its own sends.
onWorkerSettled((entry, outcome) => {
  void queue.refresh();
  if (outcome.kind === 'dropped') showRefusal(outcome.message);
  settledListeners.forEach((l) => l(entry, outcome));
});

/** Views refetch when one of their writes reached the server (or was refused). */
export function onOutboxSettled(listener: SettledListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/**
 * Record a write and try to send it. When it has to wait (no network, server
 * down) the rider is told it is kept: 'Data Recorded Locally... sync failed - will retry',
 * unless the caller shows its own words (`quiet`). A record the device has no room for is not saved: a
 * destructive toast says so and StorageFullError is thrown (never a silent loss, never a fake "queued").
 */
export async function sendWrite(write: OutboxWrite, opts: { quiet?: boolean } = {}) {
  let outcome: Awaited<ReturnType<typeof outbox.send>>;
  try {
    outcome = await outbox.send(write);
  } catch (err) {
    // The device could not keep the record (storage full): said plainly, and the caller is told it was not saved.
    // Records already waiting are untouched (the store refused this one write only).
    if (!isQuotaError(err)) throw err;
    toast({ title: t('storage.notSavedTitle'), description: t('storage.notSavedText'), variant: 'destructive' });
    throw new StorageFullError(err);
  }
  if (outcome.kind === 'queued' && !opts.quiet) {
    toast({ title: t('outbox.savedLocally'), description: t('outbox.waiting', { count: outbox.getSnapshot().pending.length }) });
  }
  return outcome;
}

let started = false;

/**
 * Replay on app start, on `online`, when the app comes back to the foreground,
 * and every 30 s while anything waits; where the browser has Background Sync the
 * service worker also replays once the network is back with no page open
 * (src/client/sw/replay.ts; see docs/spec-decisions.md).
 */
export async function startOutbox(owner: string): Promise<void> {
  currentOwner = owner;
  await queue.setOwner(owner);
  if (!started) {
    started = true;
    window.addEventListener('online', () => void outbox.replay());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && outbox.getSnapshot().pending.length) void outbox.replay();
    });
    setInterval(() => {
      if (outbox.getSnapshot().pending.length) void outbox.replay();
    }, OUTBOX_REPLAY_INTERVAL_MS);
  }
  await outbox.replay();
}
