/**
 * Whose outbox entries the service worker may replay (issue 20, item 4): the user the page last started the outbox
 * for, kept in a small IndexedDB database of its own (the outbox's database, idb.ts, is not changed for it). The
 * page writes it when the outbox starts for a user (src/client/outbox/index.ts); the worker reads it on a `sync`
 * event (src/client/sw/replay.ts) and replays only when the session's user is that owner.
 */
const DB_NAME = 'kwt-sw';
const DB_VERSION = 1;
export const META = 'meta';
export const TILES = 'tiles';
const OWNER_KEY = 'outbox-owner';

let opened: Promise<IDBDatabase> | null = null;

/** The worker's database: `meta` (key/value) and `tiles` (the tile cache's sizes and last use, src/client/sw/tiles.ts). */
export function swDb(): Promise<IDBDatabase> {
  return (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      if (!db.objectStoreNames.contains(TILES)) db.createObjectStore(TILES, { keyPath: 'url' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error);
    };
  }));
}

/** One request in its own transaction; resolves once the transaction has committed. */
export async function swTx<T>(store: string, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = (await swDb()).transaction(store, mode);
  const req = fn(tx.objectStore(store));
  return new Promise<T>((resolve, reject) => {
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const writeOutboxOwner = async (owner: string | null): Promise<void> => {
  if (owner === null) await swTx(META, 'readwrite', (s) => s.delete(OWNER_KEY));
  else await swTx(META, 'readwrite', (s) => s.put(owner, OWNER_KEY));
};

export const readOutboxOwner = async (): Promise<string | null> => {
  const v = await swTx(META, 'readonly', (s) => s.get(OWNER_KEY) as IDBRequest<unknown>);
  return typeof v === 'string' ? v : null;
};
