import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Db } from '../../../db/client';
import { migrationsFolder } from '../../../db/migrate';
import { log } from '../log';
import { errorBody } from './errors';

/**
 * /healthz: the process is alive (never touches the database). /readyz: it can serve, meaning the database
 * answers a query within READY_TIMEOUT_MS and every migration in db/migrations/meta/_journal.json is in
 * drizzle's __drizzle_migrations table (drizzle records a migration by its journal `when` as created_at), and
 * the server is not shutting down. Outside /api: no session, no origin check; never cached.
 */
export const READY_TIMEOUT_MS = 2000;
const NO_CACHE = { 'cache-control': 'no-store' };

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;
function journalEntries(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

let draining = false;
/** The server has begun to stop (shutdown.ts): /readyz answers 503 so the proxy sends new work elsewhere. */
export function markDraining(on = true): void {
  draining = on;
}

export type Readiness = { ready: true } | { ready: false; message: string; missing?: string[] };

/** The tags of journal migrations the database has not recorded as applied. */
export async function missingMigrations(db: Db): Promise<string[]> {
  const applied = new Set<number>();
  try {
    const { rows } = await db.$client.execute('SELECT created_at FROM __drizzle_migrations');
    for (const r of rows) applied.add(Number(r.created_at));
  } catch (err) {
    // No migrations table: nothing is applied yet. Any other failure is the database's.
    if (!/no such table/i.test(String((err as Error).message))) throw err;
  }
  return journalEntries()
    .filter((e) => !applied.has(e.when))
    .map((e) => e.tag);
}

export async function readiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  if (draining) return { ready: false, message: 'Shutting down' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const missing = await Promise.race([db.$client.execute('SELECT 1').then(() => missingMigrations(db)), timeout]);
    return missing.length ? { ready: false, message: `Migrations not applied: ${missing.join(', ')}`, missing } : { ready: true };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    log.warn('readiness check failed', err);
    return { ready: false, message: text.startsWith('Database did not answer') ? text : 'Database unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(db: Db) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_CACHE));
  app.get('/readyz', async (c) => {
    const r = await readiness(db);
    if (r.ready) return c.json({ status: 'ready' }, 200, NO_CACHE);
    const body = { ...errorBody('SERVICE_UNAVAILABLE', r.message), ...(r.missing ? { missing: r.missing } : {}) };
    return c.json(body, 503, NO_CACHE);
  });
  return app;
}
