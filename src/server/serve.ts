import type { Db } from '../../db/client';
import { createApp } from './app';
import type { Env } from './env';
import { fastLane, laneRoutes } from './http/fast-lane';

/**
 * What Bun.serve needs to serve the app: the fast lane (http/fast-lane.ts) as Bun routes in front, the
 * Hono app (without its own copy of the lane) for everything else and for what the lane steps aside for.
 */
export function serveOptions(db: Db, env: Env) {
  const app = createApp(db, env, { fast: false });
  return { routes: laneRoutes(fastLane(db, env), app.fetch), fetch: app.fetch };
}
