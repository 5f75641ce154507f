import { queryClient } from '../query';
import { removeRiderCache } from './rider-cache';
import { isRiderQuery } from './rider-queries';

/** The rider app's localStorage state of a user (routes/-components/app/local.ts keys: ledger, seen orders). */
const riderStatePrefix = (userId: string) => `rider-app:${userId}:`;

/**
 * Everything kept of a rider who is no longer the browser's user (signed out, a 401, another user signed in):
 * the persisted query cache, their answers in memory (the session's own answer stays: it is the new one) and the
 * rider app's local state. The outbox keeps their queued records: a record is never lost, and it is replayed
 * only for its owner (src/client/outbox).
 */
export async function wipeRiderData(userId: string): Promise<void> {
  // Keeping stops first (synchronously, inside removeRiderCache): the removals below are never saved as the cache.
  const removal = removeRiderCache().catch(() => undefined);
  queryClient.removeQueries({ predicate: (q) => isRiderQuery(q) && !(Array.isArray(q.queryKey[0]) && q.queryKey[0][0] === 'auth') });
  try {
    const prefix = riderStatePrefix(userId);
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix)) keys.push(k);
    }
    keys.forEach((k) => localStorage.removeItem(k));
  } catch {
    /* storage disabled: nothing was kept there */
  }
  await removal;
}
