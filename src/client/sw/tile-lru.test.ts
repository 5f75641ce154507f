import { describe, expect, test } from 'bun:test';
import { isTileRequest, TILE_CACHE_BYTES, tilesToEvict, type TileRecord } from './tile-lru';

const tile = (url: string, bytes: number, usedAt: number): TileRecord => ({ url, bytes, usedAt, fetchedAt: 0 });

describe('the tile cache bound', () => {
  test('within the bound nothing goes', () => {
    expect(tilesToEvict([tile('a', 10, 1), tile('b', 20, 2)], 30)).toEqual([]);
  });

  test('over it, the least recently used go first, only as many as needed', () => {
    const records = [tile('new', 40, 300), tile('old', 25, 100), tile('mid', 30, 200), tile('older', 5, 50)];
    // 100 bytes against 60: dropping older (5) and old (25) leaves 70, mid (30) too leaves 40.
    expect(tilesToEvict(records, 60)).toEqual(['older', 'old', 'mid']);
    expect(tilesToEvict(records, 70)).toEqual(['older', 'old']);
  });

  test('ties in last use go by URL, so the plan is the same every time', () => {
    expect(tilesToEvict([tile('b', 10, 1), tile('a', 10, 1)], 10)).toEqual(['a']);
  });

  test('about 30 MB: of 2,000 city tiles of 20 KB (39 MB), the 464 least recently used go', () => {
    expect(TILE_CACHE_BYTES).toBe(30 * 1024 * 1024);
    const city = Array.from({ length: 2000 }, (_, i) => tile(`t${i}`, 20 * 1024, i));
    expect(tilesToEvict(city)).toHaveLength(464);
    expect(tilesToEvict(city)[0]).toBe('t0');
  });
});

describe('what counts as a map tile', () => {
  const u = (s: string) => new URL(s);
  test('images at /{z}/{x}/{y}.png|jpg|webp on any host, @2x too', () => {
    expect(isTileRequest(u('https://tile.openstreetmap.org/15/21871/13894.png'), 'image')).toBe(true);
    expect(isTileRequest(u('https://a.tiles.example.net/v1/7/85/54@2x.webp?key=1'), 'image')).toBe(true);
    expect(isTileRequest(u('https://tiles.example.net/3/4/3.jpg'), 'image')).toBe(true);
  });
  test('not a fetch, not an API path, not an app image', () => {
    expect(isTileRequest(u('https://tile.openstreetmap.org/15/21871/13894.png'), '')).toBe(false);
    expect(isTileRequest(u('http://127.0.0.1/api/captures/1/2/3.png'), 'image')).toBe(false);
    expect(isTileRequest(u('http://127.0.0.1/icons/icon-192.png'), 'image')).toBe(false);
  });
});
