import { swTx, TILES } from '../outbox/owner-store';
import { TILE_CACHE_BYTES, TILE_REFRESH_MS, tilesToEvict, type TileRecord } from './tile-lru';
import type { ExtendableEvent } from './sw-scope';

/** The Cache Storage cache of map tiles; its index (size, last use) is the `tiles` store of the worker's database. */
export const TILE_CACHE = 'kwt-map-tiles';

const getRecord = (url: string) => swTx(TILES, 'readonly', (s) => s.get(url) as IDBRequest<TileRecord | undefined>);
const putRecord = (r: TileRecord) => swTx(TILES, 'readwrite', (s) => s.put(r));

let trimming: Promise<void> | null = null;

/** Drop least-recently-used tiles until the cache is within its byte bound (one trim at a time). */
export function trimTiles(maxBytes = TILE_CACHE_BYTES): Promise<void> {
  trimming ??= (async () => {
    try {
      const records = await swTx(TILES, 'readonly', (s) => s.getAll() as IDBRequest<TileRecord[]>);
      const drop = tilesToEvict(records, maxBytes);
      if (!drop.length) return;
      const cache = await caches.open(TILE_CACHE);
      for (const url of drop) {
        await cache.delete(url);
        await swTx(TILES, 'readwrite', (s) => s.delete(url));
      }
    } finally {
      trimming = null;
    }
  })();
  return trimming;
}

/**
 * A map tile: from the cache when it is there and recent (its last use noted), else from the tile server, kept for
 * offline; the cached copy when the server cannot be reached. Fetched with CORS (the tile hosts Leaflet is used with
 * send Access-Control-Allow-Origin), so its size is known: an opaque answer would count for megabytes against the
 * site's storage quota whatever its size. A host without CORS gets the page's own request, not cached.
 */
export async function tileResponse(request: Request, event: ExtendableEvent | undefined, now = Date.now()): Promise<Response> {
  const url = request.url;
  const cache = await caches.open(TILE_CACHE);
  const [hit, record] = await Promise.all([cache.match(url), getRecord(url).catch(() => undefined)]);
  if (hit && record && now - record.fetchedAt < TILE_REFRESH_MS) {
    event?.waitUntil(putRecord({ ...record, usedAt: now }).catch(() => undefined));
    return hit;
  }
  let res: Response;
  try {
    res = await fetch(url, { mode: 'cors', credentials: 'omit' });
  } catch {
    if (hit) return hit;
    return fetch(request);
  }
  if (!res.ok) return hit ?? res;
  // Both copies taken now: once `res` is returned the page reads its body, and a clone of a read response throws.
  const [forSize, forCache] = [res.clone(), res.clone()];
  const store = (async () => {
    const bytes = (await forSize.arrayBuffer()).byteLength;
    await cache.put(url, forCache);
    await putRecord({ url, bytes, usedAt: now, fetchedAt: now });
    await trimTiles();
  })().catch(() => undefined);
  event?.waitUntil(store);
  return res;
}
