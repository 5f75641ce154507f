/**
 * What the app keeps on the phone for a day: navigator.storage.estimate() (and Chromium's usageDetails), then each
 * IndexedDB database and object store (records and the bytes of their values: strings as UTF-8, Blobs by size,
 * anything else as its JSON) and each Cache Storage cache (entries and body bytes), read from inside the page.
 */
import type { Page } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface StoreSize {
  where: string;
  records: number;
  bytes: number;
}

export interface StorageReport {
  usage: number;
  quota: number;
  usageDetails: Record<string, number>;
  stores: StoreSize[];
}

export function measureStorage(page: Page): Promise<StorageReport> {
  return page.evaluate(async () => {
    const enc = new TextEncoder();
    const sizeOf = (v: unknown): number => {
      if (typeof v === 'string') return enc.encode(v).length;
      if (v instanceof Blob) return v.size;
      if (v instanceof ArrayBuffer) return v.byteLength;
      if (v && typeof v === 'object') {
        // Blobs inside records count by their size, the rest as JSON.
        let blobs = 0;
        const json = JSON.stringify(v, (_k, x: unknown) => (x instanceof Blob ? ((blobs += x.size), null) : x));
        return enc.encode(json).length + blobs;
      }
      return enc.encode(JSON.stringify(v) ?? '').length;
    };
    const req = <T>(r: IDBRequest<T>) => new Promise<T>((res, rej) => ((r.onsuccess = () => res(r.result)), (r.onerror = () => rej(r.error))));
    const stores: { where: string; records: number; bytes: number }[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await req(indexedDB.open(info.name!));
      for (const name of [...db.objectStoreNames]) {
        const values = await req(db.transaction(name).objectStore(name).getAll());
        stores.push({ where: `IndexedDB ${info.name} / ${name}`, records: values.length, bytes: values.reduce((s: number, v) => s + sizeOf(v), 0) });
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const keys = await cache.keys();
      let bytes = 0;
      for (const k of keys) bytes += (await (await cache.match(k))!.blob()).size;
      stores.push({ where: `Cache Storage ${name}`, records: keys.length, bytes });
    }
    const est = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
    return { usage: est.usage ?? 0, quota: est.quota ?? 0, usageDetails: est.usageDetails ?? {}, stores };
  });
}

/** Bytes on disk under a directory of the profile (IndexedDB's LevelDB files, Cache Storage's files). */
export function diskBytes(dir: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? diskBytes(p) : st.size;
  }
  return total;
}

export const kb = (n: number) => (n / 1024).toFixed(1);
