import type { OutboxEntry, OutboxStore } from './types';

/** A tiny promise wrapper over IndexedDB: two object stores, no library. */
const DB_NAME = 'kwt-outbox';
const DB_VERSION = 1;
const ENTRIES = 'entries';
const RESULTS = 'results';

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, DB_VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: 'key' }).createIndex('seq', 'seq');
    if (!db.objectStoreNames.contains(RESULTS)) db.createObjectStore(RESULTS, { keyPath: 'key' }).createIndex('at', 'at');
  };
  return done(req);
}

/** Run one request in its own transaction and wait for the transaction to commit. */
async function run<T>(dbp: Promise<IDBDatabase>, store: string, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await dbp;
  const tx = db.transaction(store, mode);
  const result = done(fn(tx.objectStore(store)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

export function idbStore(): OutboxStore {
  const db = open();
  return {
    list: () => run(db, ENTRIES, 'readonly', (s) => s.index('seq').getAll() as IDBRequest<OutboxEntry[]>),
    put: async (e) => void (await run(db, ENTRIES, 'readwrite', (s) => s.put(e))),
    delete: async (key) => void (await run(db, ENTRIES, 'readwrite', (s) => s.delete(key))),
    putResult: async (key, value, at) => void (await run(db, RESULTS, 'readwrite', (s) => s.put({ key, value, at }))),
    getResult: async (key) => (await run(db, RESULTS, 'readonly', (s) => s.get(key) as IDBRequest<{ value: unknown } | undefined>))?.value,
    pruneResults: async (olderThan) => {
      const tx = (await db).transaction(RESULTS, 'readwrite');
      const req = tx.objectStore(RESULTS).index('at').openCursor(IDBKeyRange.upperBound(olderThan, true));
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      };
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    },
  };
}

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';
