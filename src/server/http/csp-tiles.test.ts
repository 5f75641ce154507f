import { describe, expect, test } from 'bun:test';
import { req, testApp } from '../../../test/app';
import { freshDb } from '../../../test/db';
import { tileImageSource } from './security';

describe('the fleet map tile host in the CSP', () => {
  test('the origin of MAP_TILE_URL; {s} becomes a wildcard subdomain; junk adds nothing', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileImageSource('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png?key=1')).toEqual(['https://*.tile.example.com:8443']);
    expect(tileImageSource("https://evil.example; script-src 'unsafe-inline'/{z}/{x}/{y}")).toEqual([]);
    expect(tileImageSource(undefined)).toEqual([]);
  });

  test('img-src of every page allows the configured tile host, and nothing else changes', async () => {
    const app = testApp(await freshDb(), { MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png' });
    const csp = (await req(app, '/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.net;");
    // The service worker keeps tiles for offline: it fetches them under the CSP of /service-worker.js.
    expect(csp).toContain("connect-src 'self' https://tiles.example.net;");
    const worker = (await req(app, '/service-worker.js')).headers.get('content-security-policy') ?? '';
    expect(worker).toContain("connect-src 'self' https://tiles.example.net;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  test('a MAP_TILE_URL without {z}/{x}/{y} stops the start', () => {
    expect(() => testApp(null as never, { MAP_TILE_URL: 'https://tiles.example.net/' })).toThrow(/MAP_TILE_URL/);
  });
});
