import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, loginAttempts, notices } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeCompany, makeRider, makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { BASE, postJson, setCookieFor, testApp, testEnv, type TestApp } from '../../../../test/app';
import { DEVICE_COOKIE, issueDeviceToken, trustedDeviceNonce } from '../../auth/device-cookie';
import { LOGIN_WINDOW_MS, loginLimits, reserveLoginAttempt } from './login-limiter';

const SECRET = 'device-cookie-secret-for-tests-0123456789';
let db: Db;
let app: TestApp;
let rider: { id: string; email: string; riderId: string };

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db, { DEVICE_COOKIE_SECRET: SECRET });
  const company = await makeCompany(db);
  const made = await makeRider(db, company, { userOver: { email: 'phone.rider@example.com' } });
  rider = { id: made.user!.id, email: made.user!.email, riderId: made.rider.id };
  for (const name of ['neighbour', 'other', 'stuffed-trusted', 'bystander']) await makeUser(db, { email: `${name}@example.com` });
});

const PHONE_IP = '198.51.100.10';
const ATTACKER_IP = '203.0.113.66';

function signIn(email: string, password: string, ip: string, device?: string) {
  return postJson(app, '/api/auth/login', { email, password }, { ip, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) });
}
/** The device cookie's value a successful sign-in set. */
function deviceOf(res: Response): string {
  const set = setCookieFor(res, DEVICE_COOKIE);
  if (!set) throw new Error('no device cookie');
  return set.slice(DEVICE_COOKIE.length + 1, set.indexOf(';'));
}
async function expectLocked(res: Response) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  const body = await res.json();
  expect(body.error.code).toBe('TOO_MANY_REQUESTS');
  expect(body.message).toBe('Too many failed login attempts. Please try again later.');
}

describe('device cookies (OWASP): a phone that signed in before is not locked out by an attacker', () => {
  let phone: string;

  test('a successful sign-in sets a long-lived HttpOnly, SameSite=Lax device cookie for the user, apart from the session', async () => {
    const res = await signIn(rider.email, TEST_PASSWORD, PHONE_IP);
    expect(res.status).toBe(200);
    const set = setCookieFor(res, DEVICE_COOKIE)!;
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/api');
    expect(set).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(set).not.toContain('Secure');
    phone = deviceOf(res);
    expect(phone.startsWith(`${rider.id}.`)).toBe(true);
    expect(setCookieFor(res, 'kwt_session')).toBeDefined();
  });

  test('signing out ends the session and leaves the device cookie', async () => {
    const res = await signIn(rider.email, TEST_PASSWORD, PHONE_IP, phone);
    const session = setCookieFor(res, 'kwt_session')!.split(';')[0]!;
    expect(deviceOf(res)).toBe(phone);
    const out = await postJson(app, '/api/auth/logout', {}, { cookie: `${session}; ${DEVICE_COOKIE}=${phone}`, ip: PHONE_IP });
    expect(out.status).toBe(200);
    expect(setCookieFor(out, 'kwt_session')).toContain('Max-Age=0');
    expect(setCookieFor(out, DEVICE_COOKIE)).toBeUndefined();
  });

  test('an attacker elsewhere is locked out of the account while the phone still signs in', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(rider.email, `guess${i}`, ATTACKER_IP)).status).toBe(401);
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, ATTACKER_IP));
    // The same address as the phone, without the cookie: locked out too.
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, PHONE_IP));
    // The phone (with its cookie) signs in.
    expect((await signIn(rider.email, TEST_PASSWORD, PHONE_IP, phone)).status).toBe(200);
  });

  test('the lockout is audited and the rider gets a notice', async () => {
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'rate-limit-lockout'));
    const lockouts = audits.map((a) => (a.detail as { after: { endpoint: string; key: string } }).after);
    expect(lockouts).toContainEqual(expect.objectContaining({ endpoint: 'login', key: rider.email }));
    const [notice] = await db.select().from(notices).where(and(eq(notices.riderId, rider.riderId), eq(notices.kind, 'login_lockout')));
    expect(notice?.audience).toBe('rider');
    expect(notice?.params.email).toBe(rider.email);
    expect(notice?.params.failures).toBe(10);
    expect(Date.parse(String(notice?.params.time))).toBeGreaterThan(Date.now());
  });

  test('a neighbour behind the same address signs in to their own account', async () => {
    expect((await signIn('neighbour@example.com', TEST_PASSWORD, ATTACKER_IP)).status).toBe(200);
  });

  test("a forged cookie, another user's cookie or one signed with another secret is not trusted", async () => {
    const other = deviceOf(await signIn('other@example.com', TEST_PASSWORD, PHONE_IP));
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, PHONE_IP, other));
    const [id, nonce, sig] = phone.split('.');
    const flipped = `${id}.${nonce}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, PHONE_IP, flipped));
    const foreign = issueDeviceToken(testEnv({ DEVICE_COOKIE_SECRET: 'a-completely-different-secret-0123456789' }), rider.id);
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, PHONE_IP, foreign));
    // The other user's cookie, as stored with the rider's on one browser, still vouches for the rider's token only.
    expect(trustedDeviceNonce(testEnv({ DEVICE_COOKIE_SECRET: SECRET }), `${other}~${phone}`, rider.id)).toBe(nonce!);
    expect((await signIn(rider.email, TEST_PASSWORD, PHONE_IP, `${other}~${phone}`)).status).toBe(200);
  });

  test("the phone's own failures are counted: after 10 it stops counting as trusted", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(rider.email, `typo${i}`, PHONE_IP, phone)).status).toBe(401);
    await expectLocked(await signIn(rider.email, TEST_PASSWORD, PHONE_IP, phone));
  });

  test('the cookie is Secure when the request is https', async () => {
    const res = await app.request(`${BASE.replace('http:', 'https:')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
      body: JSON.stringify({ email: 'bystander@example.com', password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(setCookieFor(res, DEVICE_COOKIE)).toContain('Secure');
  });
});

describe('credential stuffing from one address', () => {
  test('300 attempts over many accounts are stopped while a trusted device there still signs in', async () => {
    const ip = '100.64.0.1'; // carrier-grade NAT
    const trusted = deviceOf(await signIn('stuffed-trusted@example.com', TEST_PASSWORD, ip));
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await signIn(`victim${i}@example.com`, 'Password1!', ip)).status);
    // 20 accounts may fail from one address; from the 21st on the address is throttled.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    await expectLocked(await signIn('bystander@example.com', TEST_PASSWORD, ip));
    expect((await signIn('stuffed-trusted@example.com', TEST_PASSWORD, ip, trusted)).status).toBe(200);
    // Refused attempts leave no rows: the throttle ends when the window of the counted ones does.
    expect((await db.select().from(loginAttempts).where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false)))).length).toBe(20);
  });

  test('over tRPC the refusal is a typed TOO_MANY_REQUESTS with Retry-After', async () => {
    const res = await postJson(app, '/api/trpc/auth.login', { email: 'bystander@example.com', password: TEST_PASSWORD }, { ip: '100.64.0.1' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    const body = await res.json();
    expect(body.error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.message).toBe('Too many failed login attempts. Please try again later.');
  });
});

describe('Retry-After (the clock injected)', () => {
  const t0 = new Date('2031-03-01T08:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  test('an account: until the oldest counted failure leaves the 15-minute window', async () => {
    for (let i = 0; i < 10; i++) {
      const slot = await reserveLoginAttempt(db, { email: 'clock@example.com', ip: `192.0.2.${i + 1}`, device: null }, at(i));
      expect(slot.ok).toBe(true);
    }
    const refused = await reserveLoginAttempt(db, { email: 'clock@example.com', ip: '192.0.2.99', device: null }, at(10));
    expect(refused).toEqual({ ok: false, scope: 'account', key: 'clock@example.com', retryAfterSeconds: 5 * 60 });
    // Once that failure is out of the window, one more attempt is let through.
    const later = await reserveLoginAttempt(db, { email: 'clock@example.com', ip: '192.0.2.99', device: null }, new Date(at(0).getTime() + LOGIN_WINDOW_MS + 1000));
    expect(later.ok).toBe(true);
  });

  test('an address over 20 accounts: until enough of the other accounts have left the window', async () => {
    const limits = loginLimits();
    for (let i = 0; i < limits.ipAccounts; i++) {
      expect((await reserveLoginAttempt(db, { email: `acct${i}@example.com`, ip: '192.0.2.200', device: null }, at(i / 2))).ok).toBe(true);
    }
    const refused = await reserveLoginAttempt(db, { email: 'acct-new@example.com', ip: '192.0.2.200', device: null }, at(12));
    expect(refused).toEqual({ ok: false, scope: 'ip', key: '192.0.2.200', retryAfterSeconds: 3 * 60 });
    // An account already among the 20 is still an account with failures under its own limit.
    expect((await reserveLoginAttempt(db, { email: 'acct3@example.com', ip: '192.0.2.200', device: null }, at(12))).ok).toBe(true);
  });
});
