import { Hono } from 'hono';
import sharp from 'sharp';

/**
 * A map tile server for the browser tests only (mounted by app.ts when NODE_ENV=test, never in production): the suite
 * points MAP_TILE_URL here (playwright.config.ts), so tiles load on the closed test network and go through the service
 * worker like a real tile host's would (Playwright's own request routing makes Chromium bypass the worker). Every tile
 * is the same light square with a grid line; `GET /e2e-tiles/hits` counts the tile requests that reached the server.
 */
export function e2eTiles() {
  let hits = 0;
  let png: Promise<Buffer> | null = null;
  const tile = () =>
    (png ??= sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#dfe7d8"/><path d="M0 0H256V256" fill="none" stroke="#b9c4b0" stroke-width="2"/></svg>'))
      .png()
      .toBuffer());
  const app = new Hono();
  app.get('/e2e-tiles/hits', (c) => c.json({ hits }));
  app.get('/e2e-tiles/:z{[0-9]+}/:x{[0-9]+}/:y{[0-9]+\\.png}', async (c) => {
    hits++;
    return c.body(new Uint8Array(await tile()), 200, { 'content-type': 'image/png', 'cache-control': 'no-cache', 'access-control-allow-origin': '*' });
  });
  return app;
}
