import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Db } from '../../db/client';
import type { Env } from './env';
import { log } from './log';
import { trpcBodyLimit } from './http/body-limit';
import { trpcBatchLimit } from './http/trpc-batch';
import { errorBody, mapError } from './http/errors';
import { fastLane, laneHandlers } from './http/fast-lane';
import { healthRoutes } from './http/health';
import { e2eTiles } from './http/e2e-tiles';
import { logSignedInUser } from './http/request-log';
import { originCheck, originOptions, responseHeaders, securityHeaders } from './http/security';
import { localeMiddleware } from './http/locale';
import { sessionMiddleware } from './http/session';
import { serveSpa } from './http/static';
import { orderProofPhoto } from './rest/order-proof-photo';
import { riderFirstScreen } from './http/first-screen';
import { firstScreenRenderer } from './ssr/renderer';
import { navigationRoutes } from './rest/navigation';
import { companyDownloads } from './rest/company-downloads';
import { companyWeeklyDownload } from './rest/company-weekly';
import { companyReconcileDownload } from './rest/company-reconcile';
import { reportDownloads } from './rest/report-downloads';
import { ocrUpload } from './rest/ocr-upload';
import { documentPhotos } from './rest/document-photos';
import { mcpHttp } from './rest/mcp-http';
import { oauthDiscovery } from './rest/oauth-discovery';
import { restShims } from './rest/shims';
import { apiV1 } from './rest/api-v1';
import { contextFromVars, type AppVariables } from './trpc/context';
import { appRouter } from './trpc/root';

/** The whole server as one Hono app: security, sessions, tRPC, REST shims, the SPA. `fast: false` leaves out the fast lane's Hono handlers: to compare answers, and for serve.ts, which puts the lane in front as Bun routes. */
export function createApp(db: Db, env: Env, { fast = true }: { fast?: boolean } = {}) {
  const app = new Hono<{ Variables: AppVariables }>();
  if (fast) {
    // Before the pipeline: the session check and a rider's own ping in the plain case (http/fast-lane.ts).
    const lane = laneHandlers(fastLane(db, env));
    app.get('/api/auth/user', lane.authUser);
    app.post('/api/riders/:id/location', lane.location);
  }
  app.use(responseHeaders(securityHeaders({ mapTileUrl: env.MAP_TILE_URL })));
  // Liveness and readiness for the platform's health checks: outside /api, no session (http/health.ts).
  app.route('/', healthRoutes(db));
  // The browser tests' own tile server (http/e2e-tiles.ts): only under NODE_ENV=test.
  if (env.NODE_ENV === 'test') app.route('/', e2eTiles());
  // The request log line (serve.ts) names the user the session middleware finds.
  app.use('/api/*', logSignedInUser());
  app.use('/api/*', originCheck(originOptions(env)));
  app.use('/api/*', sessionMiddleware(db, env));
  app.use('/api/*', localeMiddleware());

  app.use('/api/trpc/*', trpcBatchLimit());
  app.use('/api/trpc/*', trpcBodyLimit());
  app.use(
    '/api/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/api/trpc',
      createContext: (opts, c) =>
        contextFromVars((c as unknown as { var: AppVariables }).var, opts.resHeaders) as unknown as Record<string, unknown>,
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error('tRPC procedure failed', error);
      },
    }),
  );
  app.route('/api', navigationRoutes());
  app.route('/api', ocrUpload());
  app.route('/api', restShims());
  app.route('/api', reportDownloads());
  app.route('/api', companyDownloads());
  app.route('/api', companyWeeklyDownload());
  app.route('/api', companyReconcileDownload());
  app.route('/api', documentPhotos());
  app.route('/api', orderProofPhoto());
  // The shop order API (issue 25): /api/v1, by API token or company session (rest/api-v1).
  app.route('/api', apiV1(db));
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404));
  // MCP over Streamable HTTP for AI clients: bearer API tokens, no cookies (rest/mcp-http.ts).
  app.route('/', mcpHttp(db, env));
  // Its OAuth discovery paths say there is no OAuth (JSON 404), not the web app's page (rest/oauth-discovery.ts).
  app.route('/', oauthDiscovery());

  app.use(compress());
  // A signed-in rider's app arrives with its first screen's data and rendering (http/first-screen.ts).
  app.get('/app', sessionMiddleware(db, env), localeMiddleware(), riderFirstScreen(env.DIST_DIR, firstScreenRenderer()));
  app.get('*', serveSpa(env.DIST_DIR));

  app.onError((err, c) => {
    const mapped = mapError(err);
    return c.json(mapped.body, mapped.status as 500);
  });
  return app;
}
