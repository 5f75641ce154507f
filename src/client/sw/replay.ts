import { idbStore } from '../outbox/idb';
import type { OutboxEntry, Outcome } from '../outbox/types';
import { readOutboxOwner } from '../outbox/owner-store';
import { createOutbox } from '../outbox/queue';
import { withReplayLock } from '../outbox/replay-lock';

export { OUTBOX_SYNC_TAG } from '../outbox/background-sync';

/** Why a worker replay ended: the queue is empty, nothing could be done now, or it must be tried again. */
export type WorkerReplay = 'done' | 'no-owner' | 'signed-out' | 'other-user';

/**
 * The outbox replayed by the service worker on a `sync` event (issue 20, item 4): the same queue (createOutbox) over
 * the same IndexedDB store as the page, under the same lock, so tabs and the worker never send at once. Only the
 * entries of the user the page last started the outbox for, and only while the browser's session is that user's
 * (another user signed in here never sends the first one's records). Rejects while anything is still waiting for
 * the network or the server (the browser then fires `sync` again later); a 401 keeps the entries and resolves:
 * the app asks the rider to sign in and replays them itself.
 */
export async function replayOutbox(
  onSettled: (entry: OutboxEntry, outcome: Outcome) => void,
  fetchFn: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
): Promise<WorkerReplay> {
  const owner = await readOutboxOwner();
  if (!owner) return 'no-owner';
  return withReplayLock(async () => {
    const session = await fetchFn('/api/auth/user', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (session.status === 401) return 'signed-out';
    if (!session.ok) throw new Error(`The session check answered ${session.status}`);
    const user = (await session.json()) as { id?: unknown } | null;
    if (user?.id !== owner) return 'other-user';
    let unauthorized = false;
    const outbox = createOutbox({
      store: idbStore(),
      fetch: (url, init) => fetchFn(url, init),
      onUnauthorized: () => void (unauthorized = true),
      onSettled,
    });
    await outbox.setOwner(owner);
    await outbox.replay();
    const left = outbox.getSnapshot().pending;
    if (unauthorized) return 'signed-out';
    if (left.length) throw new Error(`${left.length} records still waiting: ${left[0]?.lastError ?? 'not sent'}`);
    return 'done';
  });
}
