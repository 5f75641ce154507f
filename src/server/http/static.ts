import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { isSpaRoute } from '../../shared/spa-routes';

/**
 * The built SPA from one process: hashed assets cached forever, the service
 * worker never cached, a real 404 for a missing file, index.html for deep links. A path that is no page of
 * the app gets index.html too (the app renders its not-found page), with the status that page states: 404.
 */
export const serveSpa =
  (distDir: string): MiddlewareHandler =>
  async (c) => {
    const root = resolve(distDir);
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const filePath = resolve(join(root, path));
    if (!filePath.startsWith(root)) return c.text('Not Found', 404);
    const file = Bun.file(filePath);
    if (path !== '/' && (await file.exists())) {
      const cache = path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : path === '/service-worker.js' || path.endsWith('.webmanifest') || path === '/registerSW.js'
          ? 'no-cache'
          : 'public, max-age=3600';
      c.header('Cache-Control', cache);
      if (path === '/service-worker.js') c.header('Service-Worker-Allowed', '/');
      return c.body(file.stream(), 200, { 'Content-Type': file.type });
    }
    if (extname(path)) return c.text('Not Found', 404);
    const index = Bun.file(join(root, 'index.html'));
    if (!existsSync(join(root, 'index.html'))) return c.text('The front end is not built. Run `bun run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.body(index.stream(), isSpaRoute(path) ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  };
