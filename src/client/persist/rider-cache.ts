import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { RIDER_STATE_COOKIE } from '../../shared/rider-first-screen';
import type { SessionUser } from '../../shared/schemas/auth';
import { rememberInCookie } from '../cookie';
import { SESSION_QUERY_KEY } from '../session';
import { idbStorage } from './idb-storage';
import { isLiveOnlyQuery, isRiderQuery } from './rider-queries';
import { cacheOwner, setCacheOwner } from './owner';

/**
 * The rider's query cache kept on the device (issue 20, item 2): the rider portals restore it before their first
 * render, so an offline start shows the rider's last answers. Only a rider's own queries, only for a rider, at
 * most a day old, and only from this very build of the app (a deploy changes the buster). The record names its
 * owner: a cache of another user is never restored (src/client/persist/owner.ts wipes it).
 */
export const RIDER_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const RIDER_CACHE_KEY = 'rider-query-cache';
export const CACHE_BUSTER = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

interface Stored {
  owner: string;
  client: PersistedClient;
}

/** A query whose last refetch failed (offline) still has its last good answer: that is what is kept, as good. */
function lastGood(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } } : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** A save carries the owner it was asked for by. */
type Tagged = PersistedClient & { owner?: string };

let owner: string | null = null;
let unsubscribe: (() => void) | null = null;

const inner = createAsyncStoragePersister({
  storage: idbStorage,
  key: RIDER_CACHE_KEY,
  throttleTime: 1000,
  // Written at the end of the throttle: a save asked for by a user who is no longer the owner is dropped.
  serialize: (client) => {
    const tag = (client as Tagged).owner;
    if (tag !== owner || owner === null) throw new Error('The cache changed owner before it was saved');
    const { owner: _tag, ...plain } = client as Tagged;
    return JSON.stringify({ owner, client: lastGood(plain) } satisfies Stored);
  },
  deserialize: (text) => {
    const stored = JSON.parse(text) as Partial<Stored>;
    if (!stored.owner || stored.owner !== cacheOwner() || !stored.client) throw new Error('The kept cache is not this user’s');
    return stored.client;
  },
});

/** Saves only while a rider owns the cache (a wipe stops it). */
const persister: Persister = {
  persistClient: (client) => (owner === null ? undefined : inner.persistClient({ ...client, owner } as Tagged)),
  restoreClient: () => inner.restoreClient(),
  removeClient: () => inner.removeClient(),
};

const dehydrateOptions = { shouldDehydrateQuery: (q: Query) => isRiderQuery(q) && !isLiveOnlyQuery(q) && q.state.data !== undefined };

/**
 * Before the first render of a rider portal: the kept answers of the browser's rider go into the query cache.
 * Nothing when another user is already known here (a sign-in just now): the session answer wipes that cache.
 */
export async function restoreRiderCache(queryClient: QueryClient): Promise<void> {
  const expected = cacheOwner();
  if (expected === null) return;
  const known = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY as unknown as readonly unknown[]);
  if (known !== undefined && known?.id !== expected) return;
  await persistQueryClientRestore({ queryClient, persister, maxAge: RIDER_CACHE_MAX_AGE_MS, buster: CACHE_BUSTER }).catch(() => undefined);
}

/** A rider's portal is open: keep their answers from now on, and ask the browser to keep the storage. */
export function startRiderCache(queryClient: QueryClient, userId: string): void {
  if (owner === userId && unsubscribe) return;
  unsubscribe?.();
  owner = userId;
  setCacheOwner(userId);
  // The server stops rendering /app for this browser: its first render now comes from the kept state.
  rememberInCookie(RIDER_STATE_COOKIE, '1');
  const options = { queryClient, persister, buster: CACHE_BUSTER, dehydrateOptions };
  unsubscribe = persistQueryClientSubscribe(options);
  void persistQueryClientSave(options).catch(() => undefined);
  void requestPersistentStorage();
}

/** Stops keeping and deletes what was kept (sign-out, a 401, another user). */
export async function removeRiderCache(): Promise<void> {
  unsubscribe?.();
  unsubscribe = null;
  owner = null;
  await persister.removeClient();
}

/** Spec of issue 20: the installed app's storage should not be evicted under pressure (the rider's queued work lives there). */
async function requestPersistentStorage(): Promise<void> {
  try {
    if (!navigator.storage?.persist || (await navigator.storage.persisted())) return;
    await navigator.storage.persist();
  } catch {
    /* not offered by this browser */
  }
}
