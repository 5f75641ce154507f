import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { freshDb } from '../../../test/db';
import { expectStatusAndHeaders } from '../../../test/expect';
import { getWith, req, setCookieFor, testApp, type TestApp } from '../../../test/app';
import { makeWorld } from '../../../test/world';

const GOOGLE = { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh-secret' };

let db: Db;
let app: TestApp;

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db, GOOGLE);
  await makeWorld(db);
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An unsigned ID token: arctic's decodeIdToken only decodes it (the token came straight from Google over TLS). */
const idToken = (claims: Record<string, unknown>) =>
  `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ iss: 'https://accounts.google.com', aud: GOOGLE.GOOGLE_CLIENT_ID, sub: '1234567890', ...claims })}.c2ln`;

/** Replace fetch with a fake Google token endpoint; returns the requests it saw. */
function stubGoogleToken(claims: Record<string, unknown>) {
  const seen: { url: string; body: URLSearchParams }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, body: new URLSearchParams(await request.text()) });
    if (request.url !== 'https://oauth2.googleapis.com/token') return new Response('unexpected', { status: 500 });
    return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) });
  }) as typeof fetch;
  return seen;
}

/** Start sign-in and return the cookies the browser would bring back to the callback, with the state. */
async function startLogin(path = '/api/login') {
  const res = await req(app, path);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { res, location, cookie: cookies.join('; '), state: location.searchParams.get('state')! };
}

describe('GET /api/login with Google configured', () => {
  test('redirects to Google with state and a PKCE challenge, and remembers the state in a cookie', async () => {
    const { res, location, state } = await startLogin('/api/login?redirect=/company');
    expect(location.origin).toBe('https://accounts.google.com');
    expect(location.pathname).toBe('/o/oauth2/v2/auth');
    expect(location.searchParams.get('client_id')).toBe(GOOGLE.GOOGLE_CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost/api/login/google/callback');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(state.length).toBeGreaterThanOrEqual(20);
    const stateCookie = setCookieFor(res, 'google_oauth_state')!;
    expect(stateCookie).toStartWith(`google_oauth_state=${state};`);
    expect(stateCookie).toContain('HttpOnly');
    expect(stateCookie).toContain('SameSite=Lax');
    expect(setCookieFor(res, 'google_code_verifier')).toContain('HttpOnly');
    expect(setCookieFor(res, 'login_redirect')).toStartWith('login_redirect=%2Fcompany;');
  });

  test('the redirect URI follows X-Forwarded-Proto behind a trusted proxy', async () => {
    const res = await req(app, '/api/login', { headers: { 'x-forwarded-proto': 'https', host: 'kwt.example' } });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('redirect_uri')).toBe('https://kwt.example/api/login/google/callback');
    expect(setCookieFor(res, 'google_oauth_state')).toContain('Secure');
  });
});

describe('GET /api/login/google/callback', () => {
  test('a mismatched state goes back to /login?error=oauth without calling Google', async () => {
    const seen = stubGoogleToken({ email: 'rider.a@example.com', email_verified: true });
    const { cookie } = await startLogin();
    const res = await getWith(app, '/api/login/google/callback?code=abc&state=forged', cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oauth');
    expect(setCookieFor(res, 'kwt_session')).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  test('malformed cookies are a failed sign-in, not a 500', async () => {
    const res = await getWith(app, '/api/login/google/callback?code=c&state=%E0%A4%A', 'google_oauth_state=%E0%A4%A; google_code_verifier=%ZZ; login_redirect=%');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toStartWith('/login');
  });

  test('no state cookie at all: /login?error=oauth', async () => {
    expectStatusAndHeaders(await req(app, '/api/login/google/callback?code=abc&state=whatever'), 302, { location: '/login?error=oauth' });
  });

  test('happy path: a verified email of an existing user signs in and lands on their portal', async () => {
    const seen = stubGoogleToken({ email: 'manager@alpha.example', email_verified: true });
    const { cookie, state } = await startLogin();
    const res = await getWith(app, `/api/login/google/callback?code=the-code&state=${state}`, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/company');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body.get('code')).toBe('the-code');
    expect(seen[0]!.body.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = setCookieFor(res, 'kwt_session')!;
    expect(session).toMatch(/^kwt_session=[a-z2-7]{32};/);
    expect(session).toContain('HttpOnly');
    // The one-time cookies are cleared.
    expect(setCookieFor(res, 'google_oauth_state')).toContain('Max-Age=0');
    globalThis.fetch = realFetch;
    const me = await (await getWith(app, '/api/auth/user', session.split(';')[0]!)).json();
    expect(me.email).toBe('manager@alpha.example');
    expect(me.role).toBe('company');
  });

  test('a redirect to the user’s own portal is kept through the round trip', async () => {
    stubGoogleToken({ email: 'rider.a@example.com', email_verified: true });
    const { cookie, state } = await startLogin('/api/login?redirect=/app');
    const res = await getWith(app, `/api/login/google/callback?code=c&state=${state}`, cookie);
    expect(res.headers.get('location')).toBe('/app');
  });

  /** Google vouches for `claims`: the callback sends back to /login?error=oauth and signs no one in. */
  async function expectNoSignIn(claims: Record<string, unknown>) {
    stubGoogleToken(claims);
    const { cookie, state } = await startLogin();
    const res = await getWith(app, `/api/login/google/callback?code=c&state=${state}`, cookie);
    expect(res.headers.get('location')).toBe('/login?error=oauth');
    expect(setCookieFor(res, 'kwt_session')).toBeUndefined();
  }

  test('an unverified email does not sign in', () => expectNoSignIn({ email: 'rider.a@example.com', email_verified: false }));

  test('a Google address with no account does not sign in (no sign-up by Google)', () => expectNoSignIn({ email: 'stranger@gmail.com', email_verified: true }));

  test('Google refusing the code: /login?error=oauth', async () => {
    globalThis.fetch = (async () => Response.json({ error: 'invalid_grant' }, { status: 400 })) as unknown as typeof fetch;
    const { cookie, state } = await startLogin();
    const res = await getWith(app, `/api/login/google/callback?code=c&state=${state}`, cookie);
    expect(res.headers.get('location')).toBe('/login?error=oauth');
  });
});
