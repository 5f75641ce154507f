import type { OutboxEntry, OutboxStore, OutcomeRecord } from './types';

/** A tiny promise wrapper over IndexedDB: three object stores, no library. */
const DB_NAME = 'kwt-outbox';
/** 1: entries and results; 2 (issue 20): outcomes, for the rider's outbox list. */
const DB_VERSION = 2;
const ENTRIES = 'entries';
const RESULTS = 'results';
const OUTCOMES = 'outcomes';

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, DB_VERSION);
  // Each step adds what its version brought; the entries and results of version 1 stay as they are.
  req.onupgradeneeded = (event) => {
    const db = req.result;
    if (event.oldVersion < 1) {
      db.createObjectStore(ENTRIES, { keyPath: 'key' }).createIndex('seq', 'seq');
      db.createObjectStore(RESULTS, { keyPath: 'key' }).createIndex('at', 'at');
    }
    if (event.oldVersion < 2) db.createObjectStore(OUTCOMES, { keyPath: 'key' }).createIndex('at', 'at');
  };
  return done(req).then((db) => {
    // Another tab or the service worker opening a newer version: let it upgrade; this copy reopens on next load.
    db.onversionchange = () => db.close();
    return db;
  });
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

/** Delete, oldest first by `at`, everything older than `olderThan` and at least `atLeast` records. */
async function deleteOldest(dbp: Promise<IDBDatabase>, store: string, olderThan: number, atLeast: number): Promise<void> {
  const tx = (await dbp).transaction(store, 'readwrite');
  const req = tx.objectStore(store).index('at').openCursor();
  let deleted = 0;
  req.onsuccess = () => {
    const cursor = req.result;
    if (!cursor) return;
    if ((cursor.value as { at: number }).at >= olderThan && deleted >= atLeast) return;
    cursor.delete();
    deleted++;
    cursor.continue();
  };
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

export function idbStore(): OutboxStore {
  const db = open();
  return {
    list: () => run(db, ENTRIES, 'readonly', (s) => s.index('seq').getAll() as IDBRequest<OutboxEntry[]>),
    put: async (e) => void (await run(db, ENTRIES, 'readwrite', (s) => s.put(e))),
    delete: async (key) => void (await run(db, ENTRIES, 'readwrite', (s) => s.delete(key))),
    putResult: async (key, value, at) => void (await run(db, RESULTS, 'readwrite', (s) => s.put({ key, value, at }))),
    getResult: async (key) => (await run(db, RESULTS, 'readonly', (s) => s.get(key) as IDBRequest<{ value: unknown } | undefined>))?.value,
    pruneResults: (olderThan) => deleteOldest(db, RESULTS, olderThan, 0),
    putOutcome: async (r) => void (await run(db, OUTCOMES, 'readwrite', (s) => s.put(r))),
    listOutcomes: () => run(db, OUTCOMES, 'readonly', (s) => s.index('at').getAll() as IDBRequest<OutcomeRecord[]>),
    pruneOutcomes: async (olderThan, keep) => {
      const count = await run(db, OUTCOMES, 'readonly', (s) => s.count());
      await deleteOldest(db, OUTCOMES, olderThan, Math.max(0, count - keep));
    },
  };
}

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';
