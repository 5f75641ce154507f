/**
 * A tiny string key-value storage on IndexedDB for TanStack Query's async-storage persister. A database of its own
 * ('kwt-query-cache'): the outbox's database (src/client/outbox/idb.ts) is never touched from here.
 */
export const QUERY_CACHE_DB = 'kwt-query-cache';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | null = null;
function open(): Promise<IDBDatabase> {
  return (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(QUERY_CACHE_DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab deleting or upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB did not open'));
    };
  }));
}

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        // Resolved when the transaction is committed: a write that did not reach the disk (a quota error) rejects.
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB transaction failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export const idbStorage = {
  getItem: (key: string): Promise<string | null> => run('readonly', (s) => s.get(key) as IDBRequest<string | undefined>).then((v) => v ?? null),
  setItem: (key: string, value: string): Promise<void> => run('readwrite', (s) => s.put(value, key)).then(() => undefined),
  removeItem: (key: string): Promise<void> => run('readwrite', (s) => s.delete(key)).then(() => undefined),
};
