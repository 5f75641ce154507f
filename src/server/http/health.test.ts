import { afterEach, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createDb, type Db } from '../../../db/client';
import { testApp } from '../../../test/app';
import { allowConsoleError } from '../../../test/console';
import { freshDb } from '../../../test/db';
import { markDraining, readiness } from './health';

const journal = (await Bun.file(join(import.meta.dir, '../../../db/migrations/meta/_journal.json')).json()) as { entries: { tag: string; when: number }[] };
const tags = journal.entries.map((e) => e.tag);

afterEach(() => markDraining(false));

async function get(db: Db, path: string) {
  const res = await testApp(db).request(`http://localhost${path}`);
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as Record<string, unknown> };
}

describe('/healthz and /readyz', () => {
  test('live and ready on a migrated database, no session, never cached', async () => {
    const db = await freshDb();
    expect(await get(db, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(await get(db, '/readyz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ready' } });
  });

  test('a migration missing from __drizzle_migrations: 503 naming it, in the error shape', async () => {
    const db = await freshDb();
    const last = journal.entries.at(-1)!;
    await db.$client.execute({ sql: 'DELETE FROM __drizzle_migrations WHERE created_at = ?', args: [last.when] });
    const message = `Migrations not applied: ${last.tag}`;
    expect(await get(db, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { success: false, message, error: { code: 'SERVICE_UNAVAILABLE', message }, missing: [last.tag] },
    });
  });

  test('a database never migrated: every journal migration is missing', async () => {
    const db = await createDb({ url: 'file::memory:' });
    const r = await readiness(db);
    expect(r).toEqual({ ready: false, message: `Migrations not applied: ${tags.join(', ')}`, missing: tags });
    expect(tags.length).toBeGreaterThanOrEqual(11);
  });

  test('a closed database: /healthz stays 200 (it never touches it), /readyz 503 unreachable', async () => {
    allowConsoleError();
    const db = await freshDb();
    db.$client.close();
    expect((await get(db, '/healthz')).status).toBe(200);
    const ready = await get(db, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Database unreachable' });
  });

  test('a database that does not answer: 503 after the timeout', async () => {
    const logged = allowConsoleError();
    const hanging = { $client: { execute: () => new Promise(() => {}) } } as unknown as Db;
    const started = performance.now();
    expect(await readiness(hanging, 80)).toEqual({ ready: false, message: 'Database did not answer within 80 ms' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(String(logged[0]?.[0])).toContain('"msg":"readiness check failed"');
  });

  test('a stopping server is not ready', async () => {
    const db = await freshDb();
    markDraining();
    const r = await get(db, '/readyz');
    expect([r.status, r.body.message]).toEqual([503, 'Shutting down']);
    expect((await get(db, '/healthz')).status).toBe(200);
  });
});
