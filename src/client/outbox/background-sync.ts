import { writeOutboxOwner } from './owner-store';

// The page's link to the worker's replay (issue 20, item 4). Loaded by the outbox when a write is left waiting
// (src/client/outbox/index.ts), not with the rider app: a start with nothing waiting never needs it.

/** The Background Sync tag of the outbox: the worker replays on it (src/client/sw/replay.ts, OUTBOX_SYNC_TAG). */
export const OUTBOX_SYNC_TAG = 'kwt-outbox';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Ask the browser to run the worker's replay once it has network (issue 20, item 4), even if every page of the app
 * is closed by then. Chromium has Background Sync; where it is missing (Safari, Firefox) this does nothing and the
 * page's replays (start, `online`, foreground, the 30 s timer) carry the queue.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    const reg = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    if (!reg?.sync || !reg.active) return false;
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Refused (no permission in this browser, or a worker being replaced): the page's own replays remain.
    return false;
  }
}

/** Tell the worker whose entries it may replay: the user this page started the outbox for. */
export function rememberOutboxOwner(owner: string | null): Promise<void> {
  return typeof indexedDB === 'undefined' ? Promise.resolve() : writeOutboxOwner(owner).catch(() => undefined);
}
