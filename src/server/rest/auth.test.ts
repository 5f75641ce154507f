import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../db/schema';
import { TEST_PASSWORD } from '../../../test/factories';
import { expectRefused, expectStatusAndHeaders } from '../../../test/expect';
import { freshWorldApp, getWith, login, postJson, req, setCookieFor } from '../../../test/app';
import { sessionIdFromToken } from '../auth/tokens';

const { db, w, app } = await freshWorldApp();

const tokenOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1]!;

describe('POST /api/auth/login', () => {
  test('success: 200, the user, and an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'rider.a@example.com', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      message: 'Login successful',
      user: {
        id: w.riderA.user.id,
        email: 'rider.a@example.com',
        firstName: 'Rami',
        lastName: w.riderA.user.lastName,
        role: 'rider',
        companyName: 'Alpha Couriers',
        roleData: { id: w.riderA.id },
        locale: 'en',
      },
    });
    const cookie = setCookieFor(res, 'kwt_session');
    expect(cookie).toBeDefined();
    const attrs = cookie!.split(';').map((s) => s.trim());
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Lax');
    expect(attrs).toContain('Path=/');
    expect(attrs).not.toContain('Secure');
    const expires = attrs.find((a) => a.startsWith('Expires='));
    expect(expires).toBeDefined();
    const ttlDays = (Date.parse(expires!.slice('Expires='.length)) - Date.now()) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(29.9);
    expect(ttlDays).toBeLessThanOrEqual(30);
  });

  test('the token carries at least 160 bits and only its SHA-256 is stored', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'rider.a@example.com', password: TEST_PASSWORD });
    const token = tokenOf(setCookieFor(res, 'kwt_session')!);
    expect(token).toMatch(/^[a-z2-7]{32}$/); // 32 base32 chars = 160 bits
    const all = await db.select().from(sessions).where(eq(sessions.userId, w.riderA.user.id));
    expect(all.some((s) => s.id === token)).toBe(false);
    const hashed = new Bun.CryptoHasher('sha256').update(token).digest('hex');
    expect(sessionIdFromToken(token)).toBe(hashed);
    const row = all.find((s) => s.id === hashed);
    expect(row).toBeDefined();
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  test('two logins get different tokens', async () => {
    const a = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    const b = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    expect(a).not.toBe(b);
  });

  test('the role hint in the body is ignored: the stored role decides', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'rider.a@example.com', password: TEST_PASSWORD, role: 'admin' });
    expect(res.status).toBe(200);
    expect((await res.json()).user.role).toBe('rider');
    const res2 = await postJson(app, '/api/auth/login', { email: 'manager@alpha.example', password: TEST_PASSWORD, role: 'rider' });
    const body2 = await res2.json();
    expect(body2.user.role).toBe('company');
    expect(body2.user.roleData).toEqual({ id: w.companyA.id });
  });

  test('email is trimmed and case-insensitive', async () => {
    const res = await postJson(app, '/api/auth/login', { email: '  Rider.A@Example.COM ', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
  });

  test('wrong password: 401 with the spec message', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'rider.b@example.com', password: 'wrong-password' }, { ip: '198.51.100.7' });
    expect(res.status).toBe(401);
    expect(setCookieFor(res, 'kwt_session')).toBeUndefined();
    expect(await res.json()).toEqual({
      success: false,
      message: 'Invalid credentials. Please check your email and password.',
      error: { code: 'UNAUTHORIZED', message: 'Invalid credentials. Please check your email and password.' },
    });
  });

  test('unknown email: the same 401', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'nobody@example.com', password: TEST_PASSWORD }, { ip: '198.51.100.8' });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe('Invalid credentials. Please check your email and password.');
    expect(body.error.code).toBe('UNAUTHORIZED');
  });

  test('missing password: 400 naming the field', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'rider.a@example.com' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.field).toBe('password');
  });

  test('blank email: 400 with the spec text', async () => {
    const res = await postJson(app, '/api/auth/login', { email: '   ', password: 'x' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.field).toBe('email');
    expect(body.error.message).toBe('email: Please enter both email and password');
  });

  test('malformed JSON: 400', async () => {
    await expectRefused(await postJson(app, '/api/auth/login', '{"email": '), 400, 'BAD_REQUEST', 'Malformed JSON body');
  });

  test('no body or a non-object body: 400, never 500', async () => {
    for (const body of ['', '[]', '"x"', 'null', '42']) {
      const res = await postJson(app, '/api/auth/login', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('BAD_REQUEST');
    }
  });

  test('a cookie is Secure behind https (X-Forwarded-Proto with TRUST_PROXY)', async () => {
    const res = await postJson(
      app,
      '/api/auth/login',
      { email: 'rider.a@example.com', password: TEST_PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'kwt_session')!.split(';').map((s) => s.trim())).toContain('Secure');
  });
});

describe('GET /api/auth/user', () => {
  test('signed out: 401', async () => {
    const res = await req(app, '/api/auth/user');
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.code).toBe('UNAUTHORIZED');
  });

  /** GET /api/auth/user as the account with this email (TEST_PASSWORD): 200 and the body. */
  const userAs = async (email: string) => {
    const res = await getWith(app, '/api/auth/user', await login(app, email, TEST_PASSWORD));
    expect(res.status).toBe(200);
    return res.json();
  };
  /** What the endpoint answers for an account of the world, in English. */
  const sessionUser = (u: { id: string; email: string; firstName: string; lastName: string }, role: string, companyName: string | null, roleId: string | null) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role,
    companyName,
    roleData: { id: roleId },
    locale: 'en',
  });

  test('a rider: roleData.id is the rider id and companyName is the rider’s company', async () => {
    expect(await userAs('rider.b@example.com')).toEqual(sessionUser(w.riderB.user, 'rider', 'Beta Express', w.riderB.id));
    expect(w.riderB.user.firstName).toBe('Rashed');
  });

  test('a company manager: roleData.id is the company id', async () => {
    expect(await userAs('manager@beta.example')).toEqual(sessionUser(w.managerB, 'company', 'Beta Express', w.companyB.id));
  });

  test('an admin: no company, no role id', async () => {
    expect(await userAs('admin@kwtdelivery.com')).toEqual(sessionUser(w.admin, 'admin', null, null));
  });
});

describe('logout', () => {
  test('POST /api/auth/logout ends the session and clears the cookie', async () => {
    const cookie = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(200);
    const res = await postJson(app, '/api/auth/logout', {}, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const cleared = setCookieFor(res, 'kwt_session')!;
    expect(cleared).toContain('Max-Age=0');
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(401);
    const row = await db.query.sessions.findFirst({ where: eq(sessions.id, sessionIdFromToken(tokenOf(cookie))) });
    expect(row).toBeUndefined();
  });

  test('POST /api/auth/logout when signed out still answers 200', async () => {
    const res = await postJson(app, '/api/auth/logout', undefined);
    expect(res.status).toBe(200);
  });

  /** Issue 22 item 6: a GET signs out only when the browser says the navigation is our own (or typed). */
  const alive = async (cookie: string) => (await getWith(app, '/api/auth/user', cookie)).status === 200;
  for (const path of ['/api/logout', '/api/auth/logout']) {
    for (const [how, headers] of [
      ['our own Logout link (Sec-Fetch-Site: same-origin)', { 'sec-fetch-site': 'same-origin' }],
      ['a typed address or bookmark (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
      ['a browser without Fetch Metadata, from our own page (Referer)', { referer: 'http://localhost/company' }],
    ] as const) {
      test(`GET ${path} from ${how} ends the session and goes to /`, async () => {
        const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
        const res = await getWith(app, path, cookie, headers);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/');
        expect(setCookieFor(res, 'kwt_session')).toContain('Max-Age=0');
        expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(401);
        const row = await db.query.sessions.findFirst({ where: eq(sessions.id, sessionIdFromToken(tokenOf(cookie))) });
        expect(row).toBeUndefined();
      });
    }

    for (const [how, headers] of [
      ['another site (Sec-Fetch-Site: cross-site)', { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' }],
      ['a sibling subdomain (Sec-Fetch-Site: same-site)', { 'sec-fetch-site': 'same-site' }],
      ['a cross-site page that claims our Referer but the browser says cross-site', { 'sec-fetch-site': 'cross-site', referer: 'http://localhost/' }],
      ['another site in a browser without Fetch Metadata (foreign Referer)', { referer: 'https://evil.example/page' }],
      ['a client that sends neither header (curl, a script, rel=noreferrer)', {}],
      ['a malformed Referer', { referer: 'not a url' }],
    ] as const) {
      test(`GET ${path} from ${how} leaves the session alive and sets no cookie`, async () => {
        const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
        const res = await getWith(app, path, cookie, headers);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/');
        expect(setCookieFor(res, 'kwt_session')).toBeUndefined();
        expect(await alive(cookie)).toBe(true);
        const row = await db.query.sessions.findFirst({ where: eq(sessions.id, sessionIdFromToken(tokenOf(cookie))) });
        expect(row).toBeDefined();
      });
    }
  }

  test('a cross-site POST to the logout is refused by the Origin check; the session lives', async () => {
    const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
    const res = await postJson(app, '/api/auth/logout', {}, { cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await alive(cookie)).toBe(true);
  });

  test('logout ends only that session: another device stays signed in', async () => {
    const phone = await login(app, 'rider.b@example.com', TEST_PASSWORD);
    const laptop = await login(app, 'rider.b@example.com', TEST_PASSWORD);
    await getWith(app, '/api/logout', phone, { 'sec-fetch-site': 'same-origin' });
    expect((await getWith(app, '/api/auth/user', phone)).status).toBe(401);
    expect((await getWith(app, '/api/auth/user', laptop)).status).toBe(200);
  });
});

describe('GET /api/login without Google configured', () => {
  test('goes to /login', async () => {
    expectStatusAndHeaders(await req(app, '/api/login'), 302, { location: '/login' });
  });

  test('keeps a valid redirect', async () => {
    const res = await req(app, '/api/login?redirect=/rider');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!, 'http://localhost');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirect')).toBe('/rider');
    expect([...to.searchParams.keys()]).toEqual(['redirect']);
  });

  test('drops an invalid redirect', async () => {
    for (const bad of ['https://evil.example', '//evil.example', '/settings']) {
      expectStatusAndHeaders(await req(app, `/api/login?redirect=${encodeURIComponent(bad)}`), 302, { location: '/login' });
    }
  });
});
