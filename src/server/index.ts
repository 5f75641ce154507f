import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { seedDemoIfEmpty } from '../../db/seed';
import { hashPassword } from './auth/password';
import { loadEnv } from './env';
import { serveOptions } from './serve';
import { startWebhookDispatcher } from './services/webhooks';
import { startDocumentReminders } from './services/documents-reminders';

let env;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, backgroundCheckpoints: true });
await applyMigrations(db);
if (env.SEED_DEMO && (await seedDemoIfEmpty(db, hashPassword))) console.log('Seeded demo data (password for every demo account: Demo1234!)');

if (!env.SKIP_BUILD && !existsSync(join(env.DIST_DIR, 'index.html'))) {
  console.log('Front end not built yet: building it now (vite build)...');
  const build = Bun.spawnSync([process.execPath, 'x', '--bun', 'vite', 'build'], { stdout: 'inherit', stderr: 'inherit' });
  if (build.exitCode !== 0) {
    console.error('Front-end build failed');
    process.exit(1);
  }
}

startWebhookDispatcher(db, { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE });
startDocumentReminders(db);
const server = Bun.serve({ port: env.PORT, hostname: env.HOST, ...serveOptions(db, env), idleTimeout: 60 });
console.log(`KWT Delivery listening on http://localhost:${server.port}`);
