/**
 * The map tiles a rider has seen, kept for offline use in a bounded cache (issue 20, item 6): about 30 MB, the least
 * recently used dropped first. Workbox's expiration plugin bounds a cache by entry count and age only; tiles
 * differ a lot in size (a sea tile is under 1 KB, a dense city block 30–60 KB), so the bound here is in bytes,
 * from an index of each entry's size and last use (src/client/sw/tiles.ts keeps it in IndexedDB).
 */
export const TILE_CACHE_BYTES = 30 * 1024 * 1024;
/** A cached tile older than this is fetched again when there is network (the cached copy answers offline). */
export const TILE_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

export interface TileRecord {
  url: string;
  bytes: number;
  /** When the map last showed it (ms). */
  usedAt: number;
  /** When it was fetched from the tile server (ms). */
  fetchedAt: number;
}

/** The tiles to drop so that the rest fits in `maxBytes`: least recently used first. */
export function tilesToEvict(records: readonly TileRecord[], maxBytes = TILE_CACHE_BYTES): string[] {
  let total = records.reduce((sum, r) => sum + r.bytes, 0);
  if (total <= maxBytes) return [];
  const oldestFirst = [...records].sort((a, b) => a.usedAt - b.usedAt || a.url.localeCompare(b.url));
  const out: string[] = [];
  for (const r of oldestFirst) {
    if (total <= maxBytes) break;
    out.push(r.url);
    total -= r.bytes;
  }
  return out;
}

/**
 * A map tile request: an image whose path ends in /{z}/{x}/{y}.png (or .jpg, .jpeg, .webp, with an optional @2x),
 * from the configured tile server (MAP_TILE_URL, any host: the worker is built before the server's setting is
 * known) — never an API path.
 */
export function isTileRequest(url: URL, destination: string): boolean {
  if (destination !== 'image' || url.pathname.startsWith('/api/')) return false;
  return /\/\d{1,2}\/\d{1,7}\/\d{1,7}(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname);
}
