import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { loginAttempts } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { postJson, testApp, type TestApp } from '../../../../test/app';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, pruneLoginAttempts } from './login-limiter';

let db: Db;
let app: TestApp;

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
  for (const name of ['victim', 'second', 'aged', 'ipuser', 'fine']) await makeUser(db, { email: `${name}@example.com` });
});

const attempt = (email: string, password: string, ip: string) => postJson(app, '/api/auth/login', { email, password }, { ip });

async function expectLocked(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
  const body = await res.json();
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('TOO_MANY_REQUESTS');
  expect(body.message).toBe('Too many failed login attempts. Please try again later.');
}

describe('login rate limit: 10 failures per account in 15 minutes', () => {
  test('per email: the 11th attempt is refused even with the right password', async () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    for (let i = 0; i < 10; i++) {
      // A different IP each time, so only the email scope can trip.
      expect((await attempt('victim@example.com', 'wrong', `192.0.2.${i + 1}`)).status).toBe(401);
    }
    await expectLocked(await attempt('victim@example.com', TEST_PASSWORD, '192.0.2.200'));
    // Another account from a clean IP is unaffected.
    expect((await attempt('fine@example.com', TEST_PASSWORD, '192.0.2.201')).status).toBe(200);
  });

  test('nine failures do not lock; the tenth attempt still gets an answer', async () => {
    for (let i = 0; i < 9; i++) expect((await attempt('second@example.com', 'wrong', `192.0.2.${50 + i}`)).status).toBe(401);
    expect((await attempt('second@example.com', TEST_PASSWORD, '192.0.2.99')).status).toBe(200);
  });

  test('per IP: failures for other accounts never block a correct password from the same address', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < 15; i++) expect((await attempt(`nobody${i}@example.com`, 'wrong', ip)).status).toBe(401);
    expect((await attempt('ipuser@example.com', TEST_PASSWORD, ip)).status).toBe(200);
  });

  test('the client is the X-Forwarded-For entry the proxy appended (the last), not one the client sent', async () => {
    // 100 failures from one address within the window: credential stuffing, that address is throttled.
    const ip = '198.51.100.77';
    await db.insert(loginAttempts).values(Array.from({ length: 100 }, (_, i) => ({ email: `stuffed${i % 5}@example.com`, ip, success: false, at: new Date() })));
    const res = await postJson(app, '/api/auth/login', { email: 'ipuser@example.com', password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': `10.0.0.1, ${ip}` } });
    expect(res.status).toBe(429);
    const claimed = await postJson(app, '/api/auth/login', { email: 'ipuser@example.com', password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } });
    expect(claimed.status).toBe(200);
  });

  test('failures older than 15 minutes do not count', async () => {
    const old = new Date(Date.now() - LOGIN_WINDOW_MS - 60_000);
    await db.insert(loginAttempts).values(
      Array.from({ length: 25 }, () => ({ email: 'aged@example.com', ip: '203.0.113.50', success: false, at: old })),
    );
    expect((await attempt('aged@example.com', TEST_PASSWORD, '203.0.113.50')).status).toBe(200);
  });

  test('Retry-After counts down from the oldest failure in the window', async () => {
    const now = Date.now();
    await db.insert(loginAttempts).values(
      Array.from({ length: 10 }, (_, i) => ({ email: 'timed@example.com', ip: `203.0.113.${100 + i}`, success: false, at: new Date(now - 10 * 60_000 + i) })),
    );
    const res = await attempt('timed@example.com', 'whatever', '203.0.113.150');
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(299);
    expect(retry).toBeLessThanOrEqual(301);
  });

  test('pruning drops attempts outside the window only', async () => {
    await pruneLoginAttempts(db);
    const rows = await db.select().from(loginAttempts);
    const cutoff = Date.now() - LOGIN_WINDOW_MS;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.at.getTime() >= cutoff - 1000)).toBe(true);
  });
});
