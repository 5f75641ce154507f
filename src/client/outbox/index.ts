import { getLocale, translate } from '../i18n';
import { isQuotaError, StorageFullError } from '../storage/space';
import { toast } from '../toast';
import { hasIndexedDb, idbStore } from './idb';
import { memoryStore } from './memory-store';
import { createOutbox, OUTBOX_REPLAY_INTERVAL_MS } from './queue';
import type { OutboxEntry, OutboxWrite, Outcome } from './types';

export type { OutboxEntry, OutboxWrite, Outcome } from './types';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(getLocale(), key, params);

/** Spec section 8: session expired on /app → /login?redirect=/app. */
export const LOGIN_AGAIN = '/login?redirect=/app';

type SettledListener = (entry: OutboxEntry, outcome: Outcome) => void;
const settledListeners = new Set<SettledListener>();
let redirecting = false;

/** The one outbox of the browser: every rider write goes through it. */
export const outbox = createOutbox({
  store: hasIndexedDb() ? idbStore() : memoryStore(),
  fetch: (url, init) => fetch(url, init),
  onDropped: (_entry, message) => toast({ title: t('outbox.refused'), description: message, variant: 'destructive' }),
  onUnauthorized: () => {
    if (redirecting) return;
    redirecting = true;
    window.location.assign(LOGIN_AGAIN);
  },
  onSettled: (entry, outcome) => settledListeners.forEach((l) => l(entry, outcome)),
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
 * and every 30 s while anything waits. (No Background Sync: the generated
 * service worker cannot run our replay; see docs/spec-decisions.md.)
 */
export async function startOutbox(owner: string): Promise<void> {
  await outbox.setOwner(owner);
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
