/**
 * The server a load bench drives, as its own process: the app built and served exactly as
 * src/server/index.ts does (migrations, serveOptions, the webhook dispatcher, document reminders and the dispatch sweeper,
 * Bun.serve), plus the baseline: a bare Hono app answering GET /bench/hello on a second port of the
 * same Bun process, so both share one event loop and one core budget.
 * Env: DATABASE_URL (prepared by bench/api/prepare.ts), PORT=0 for a free port; the baseline takes a free port too.
 * Prints one line `READY {"port":…,"basePort":…}` to stderr once both listen (stdout is the request log).
 */
import { Hono } from 'hono';
import { createDb } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { loadEnv } from '../../src/server/env';
import { configureLog, flushLog } from '../../src/server/log';
import { serveOptions } from '../../src/server/serve';
import { startDocumentReminders } from '../../src/server/services/compliance';
import { startDispatchSweeper } from '../../src/server/services/dispatch';
import { pingWriter } from '../../src/server/services/location';
import { etaRefresher } from '../../src/server/services/routing';
import { startWebhookDispatcher, guardFromEnv } from '../../src/server/services/integrations';

const env = loadEnv();
configureLog({ level: env.LOG_LEVEL });
const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, backgroundCheckpoints: true });
await applyMigrations(db);
startWebhookDispatcher(db, guardFromEnv(env));
startDocumentReminders(db);
startDispatchSweeper(db);
const server = Bun.serve({ port: env.PORT, hostname: '127.0.0.1', ...serveOptions(db, env), idleTimeout: 60 });

const hello = new Hono();
hello.get('/bench/hello', (c) => c.json({ hello: 'world' }));
const base = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: hello.fetch, idleTimeout: 60 });

console.error(`READY ${JSON.stringify({ port: server.port, basePort: base.port })}`);
// Event-loop stalls: how late a 10 ms timer fires (a synchronous SQLite call, a GC pause, or no CPU for the process).
const lag = { max: 0, over20: 0, over50: 0, ticks: 0 };
let expected = performance.now() + 10;
setInterval(() => {
  const late = performance.now() - expected;
  expected = performance.now() + 10;
  lag.ticks++;
  lag.max = Math.max(lag.max, late);
  if (late > 20) lag.over20++;
  if (late > 50) lag.over50++;
}, 10).unref();

// On SIGTERM: the writer's and the event loop's figures, then exit normally so `--cpu-prof` writes its profile.
process.on('SIGTERM', () => {
  console.error(`STATS ${JSON.stringify({ pingWriter: pingWriter(db).stats, etaRefresher: etaRefresher(db).stats, eventLoopLagMs: lag })}`);
  flushLog();
  process.exit(0);
});
