import type { Page } from '@playwright/test';

/** Where src/client/persist keeps the rider's query cache. */
export const CACHE_DB = 'kwt-query-cache';
export const CACHE_KEY = 'rider-query-cache';

/** The persisted query cache as stored in IndexedDB ('' when there is none). */
export function keptCache(page: Page): Promise<string> {
  return page.evaluate(
    ([name, key]) =>
      new Promise<string>((resolve, reject) => {
        const req = indexedDB.open(name!);
        req.onerror = () => reject(req.error);
        req.onupgradeneeded = () => req.result.createObjectStore('kv');
        req.onsuccess = () => {
          const db = req.result;
          const get = db.transaction('kv').objectStore('kv').get(key!);
          get.onsuccess = () => {
            db.close();
            resolve(typeof get.result === 'string' ? get.result : '');
          };
          get.onerror = () => reject(get.error);
        };
      }),
    [CACHE_DB, CACHE_KEY],
  );
}
