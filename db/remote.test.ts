import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { callerFor, getWith, login, postJson, testApp, type TestApp } from '../test/app';
import { TEST_PASSWORD } from '../test/factories';
import { makeWorld, type World } from '../test/world';
import { startRemoteDb } from '../test/remote-db';
import { readiness } from '../src/server/http/health';
import { createDb, type Db } from './client';
import { applyMigrations } from './migrate';
import { locationPings } from './schema';

/**
 * The remote path (DATABASE_URL=http(s)://, libsql://, ws(s)://): @libsql/client's Hrana client, drizzle and the
 * app over the network instead of an embedded file. The server is test/fake-libsql-server.ts in another
 * process (Hrana v2 over HTTP on an SQLite file; a real sqld cannot be installed here, docs/deploy.md).
 */
let remote: Awaited<ReturnType<typeof startRemoteDb>>;
let url: string;
let db: Db;
let w: World;
let app: TestApp;

beforeAll(async () => {
  remote = await startRemoteDb();
  ({ db, url } = remote);
  w = await makeWorld(db);
  app = testApp(db);
});
afterAll(() => remote?.stop());

describe('the app on a libSQL server over HTTP', () => {
  test('migrations apply remotely and /readyz finds them all', async () => {
    expect(await readiness(db)).toEqual({ ready: true });
    await applyMigrations(db);
  });

  test('sign in, the session check, a ping through the group-committing writer, a transaction', async () => {
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    const me = await getWith(app, '/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(w.riderA.user.email);

    const ping = await postJson(app, `/api/riders/${w.riderA.id}/location`, { lat: 29.37, lng: 47.97, recordedAt: Date.now() - 1000 }, { cookie });
    expect(ping.status).toBe(200);
    const [{ n }] = (await db.select({ n: count() }).from(locationPings).where(eq(locationPings.riderId, w.riderA.id))) as [{ n: number }];
    expect(n).toBe(1);

    const admin = await callerFor(db, w.admin.id);
    const created = await admin.admin.createOrder({ customerName: 'Remote', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'B', deliveryFee: 1, companyId: w.companyA.id });
    expect(created.success).toBe(true);
    expect((await admin.admin.orderDetail({ id: created.order.id })).customerName).toBe('Remote');

    const out = await postJson(app, '/api/auth/logout', {}, { cookie });
    expect(out.status).toBe(200);
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(401);
  });

  test('a wrong token is refused by the server', async () => {
    await expect(createDb({ url, authToken: 'wrong' })).rejects.toThrow(/401|Unauthorized/i);
  });
});
