import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { freshDb } from '../../../test/db';
import { makeUser, TEST_PASSWORD } from '../../../test/factories';
import { getWith, login, setCookieFor, testApp, type TestApp } from '../../../test/app';
import { sessionIdFromToken } from '../auth/tokens';
import { SESSION_TTL_MS } from '../services/identity';

let db: Db;
let app: TestApp;

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
  await makeUser(db, { email: 'sam@example.com', role: 'admin' });
});

const DAY = 86_400_000;
const idOf = (cookie: string) => sessionIdFromToken(cookie.split('=')[1]!);
const rowOf = (cookie: string) => db.query.sessions.findFirst({ where: eq(sessions.id, idOf(cookie)) });
const setExpiry = (cookie: string, at: Date) => db.update(sessions).set({ expiresAt: at }).where(eq(sessions.id, idOf(cookie)));

describe('session lifetime', () => {
  test('a new session lasts 30 days', async () => {
    const cookie = await login(app, 'sam@example.com', TEST_PASSWORD);
    const row = await rowOf(cookie);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + SESSION_TTL_MS))).toBeLessThan(5000);
    expect(SESSION_TTL_MS).toBe(30 * DAY);
  });

  test('an expired session is signed out and its row deleted', async () => {
    const cookie = await login(app, 'sam@example.com', TEST_PASSWORD);
    await setExpiry(cookie, new Date(Date.now() - 1000));
    const res = await getWith(app, '/api/auth/user', cookie);
    expect(res.status).toBe(401);
    expect(await rowOf(cookie)).toBeUndefined();
    expect(setCookieFor(res, 'kwt_session')).toContain('Max-Age=0');
  });

  test('a session used in its second half is renewed to 30 days and the cookie re-sent', async () => {
    const cookie = await login(app, 'sam@example.com', TEST_PASSWORD);
    await setExpiry(cookie, new Date(Date.now() + 10 * DAY));
    const res = await getWith(app, '/api/auth/user', cookie);
    expect(res.status).toBe(200);
    const row = await rowOf(cookie);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(5000);
    const resent = setCookieFor(res, 'kwt_session')!;
    expect(resent.split(';')[0]).toBe(cookie);
    expect(resent).toContain('HttpOnly');
    const expires = Date.parse(resent.match(/Expires=([^;]+)/)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(5000);
  });

  test('a fresh session is not renewed on every request (no cookie re-sent)', async () => {
    const cookie = await login(app, 'sam@example.com', TEST_PASSWORD);
    await setExpiry(cookie, new Date(Date.now() + 20 * DAY));
    const res = await getWith(app, '/api/auth/user', cookie);
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'kwt_session')).toBeUndefined();
    const row = await rowOf(cookie);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 20 * DAY))).toBeLessThan(5000);
  });

  test('an unknown token is signed out and the cookie cleared', async () => {
    const res = await getWith(app, '/api/auth/user', `kwt_session=${'a'.repeat(32)}`);
    expect(res.status).toBe(401);
    expect(setCookieFor(res, 'kwt_session')).toContain('Max-Age=0');
  });

  test('a garbage cookie is signed out and cleared, never a 500', async () => {
    for (const value of ['garbage', '%E0%A4%A', '', "'; drop table sessions; --", 'A'.repeat(5000)]) {
      const res = await getWith(app, '/api/auth/user', `kwt_session=${value}`);
      expect(res.status).toBe(401);
    }
    for (const value of ['garbage', '%E0%A4%A']) {
      const res = await getWith(app, '/api/auth/user', `kwt_session=${value}`);
      expect(setCookieFor(res, 'kwt_session')).toContain('Max-Age=0');
    }
  });

  test('a disabled user’s session no longer signs in', async () => {
    const user = await makeUser(db, { email: 'gone@example.com', role: 'rider' });
    const cookie = await login(app, 'gone@example.com', TEST_PASSWORD);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(401);
  });
});
