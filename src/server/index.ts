import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { seedDemoIfEmpty } from '../../db/seed';
import { hashPassword } from './auth/password';
import { loadEnv, type Env } from './env';
import { configureLog, flushLog, log } from './log';
import { serveOptions } from './serve';
import { onStopSignals } from './shutdown';
import { startWebhookDispatcher, guardFromEnv } from './services/integrations';
import { startDocumentReminders } from './services/compliance';
import { startHousekeeping } from './lib/housekeeping';
import { startDemoSimulator } from './services/demo-sim';
import { startDispatchSweeper } from './services/dispatch';

let env: Env;
try {
  env = loadEnv();
} catch (err) {
  log.error((err as Error).message);
  process.exit(1);
}
configureLog({ level: env.LOG_LEVEL });

const db = await createDb({
  url: env.DATABASE_URL,
  authToken: env.DATABASE_AUTH_TOKEN,
  backgroundCheckpoints: true,
  syncUrl: env.DATABASE_SYNC_URL,
  syncInterval: env.DATABASE_SYNC_INTERVAL,
});
await applyMigrations(db);
// Without a fixed key each process signs device cookies with its own: after a restart, or on another instance,
// every browser is an unknown device again (docs/decisions/007-device-cookies.md).
if (env.NODE_ENV === 'production' && !env.DEVICE_COOKIE_SECRET) log.warn('DEVICE_COOKIE_SECRET is not set: devices that signed in before are trusted only until this process restarts');
if (env.SEED_DEMO && (await seedDemoIfEmpty(db, hashPassword))) log.info('Seeded demo data (password for every demo account: Demo1234!)');

if (!env.SKIP_BUILD && !existsSync(join(env.DIST_DIR, 'index.html'))) {
  log.info('Front end not built yet: building it now (vite build)');
  flushLog();
  const build = Bun.spawnSync([process.execPath, 'x', '--bun', 'vite', 'build'], { stdout: 'inherit', stderr: 'inherit' });
  if (build.exitCode !== 0) {
    log.error('Front-end build failed');
    process.exit(1);
  }
}

startWebhookDispatcher(db, guardFromEnv(env));
const stopReminders = startDocumentReminders(db);
const stopHousekeeping = startHousekeeping(db);
const stopSimulator = startDemoSimulator(db, env);
const stopDispatchSweeper = startDispatchSweeper(db);
const server = Bun.serve({ port: env.PORT, hostname: env.HOST, ...serveOptions(db, env), idleTimeout: 60 });
onStopSignals({ server, db, timeoutMs: env.SHUTDOWN_TIMEOUT_MS, stopBackground: [stopReminders, stopHousekeeping, stopDispatchSweeper, ...(stopSimulator ? [stopSimulator] : [])] });
log.info(`KWT Delivery listening on http://localhost:${server.port}`, { port: server.port });
