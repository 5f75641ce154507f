import type { Db } from '../../db/client';
import { createApp } from './app';
import type { Env } from './env';
import { fastLane, laneRoutes } from './http/fast-lane';
import { withRequestLog } from './http/request-log';
import { MAX_REQUEST_BODY } from './http/body-limit';

/**
 * What Bun.serve needs to serve the app: the fast lane (http/fast-lane.ts) as Bun routes in front, the
 * Hono app (without its own copy of the lane) for everything else and for what the lane steps aside for.
 * Each request is logged once, by the outermost handler that took it (http/request-log.ts).
 */
export function serveOptions(db: Db, env: Env) {
  const app = createApp(db, env, { fast: false });
  const opts = { trustProxy: env.TRUST_PROXY };
  const lane = laneRoutes(fastLane(db, env), app.fetch);
  return {
    routes: {
      '/api/auth/user': { GET: withRequestLog(lane['/api/auth/user'].GET, opts) },
      '/api/riders/:id/location': { POST: withRequestLog(lane['/api/riders/:id/location'].POST, opts) },
    },
    fetch: withRequestLog(app.fetch, opts),
    // Above every route's own limit (http/body-limit.ts), which answers 413 in the error shape; past this Bun
    // answers a bare 413 itself, before any handler.
    maxRequestBodySize: MAX_REQUEST_BODY,
  };
}
