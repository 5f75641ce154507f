import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { freshDb } from '../../../test/db';
import { expectRefused } from '../../../test/expect';
import { makeUser, TEST_PASSWORD } from '../../../test/factories';
import { getWith, login, postJson, req, testApp, type TestApp } from '../../../test/app';

let db: Db;
let app: TestApp;

const contact = { name: 'Noor', email: 'noor@example.com', inquiryType: 'demo', message: 'Hello' };

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
  await makeUser(db, { email: 'o@example.com', role: 'admin' });
});

describe('Origin check on state-changing requests', () => {
  test('a POST from a foreign origin is refused with 403', async () => {
    await expectRefused(await postJson(app, '/api/contact/submit', contact, { headers: { origin: 'http://evil.example' } }), 403, 'FORBIDDEN', 'Cross-origin request refused');
  });

  test('a foreign-origin login is refused before any credentials are checked', async () => {
    const res = await postJson(app, '/api/auth/login', { email: 'o@example.com', password: TEST_PASSWORD }, { headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  test('the same applies to tRPC mutations', async () => {
    const res = await postJson(app, '/api/trpc/contact.submit', contact, { headers: { origin: 'https://localhost.evil.example' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });

  test('a look-alike origin (other scheme, port or host) is refused', async () => {
    for (const origin of ['https://localhost', 'http://localhost:3000', 'http://localhost.evil.example', 'null']) {
      const res = await postJson(app, '/api/contact/submit', contact, { headers: { origin } });
      expect(res.status).toBe(403);
    }
  });

  test('a same-origin POST passes', async () => {
    const res = await postJson(app, '/api/contact/submit', contact, { headers: { origin: 'http://localhost' } });
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
  });

  test('a POST without an Origin header passes', async () => {
    const res = await postJson(app, '/api/contact/submit', contact);
    expect(res.status).toBe(200);
  });

  test('a GET with a foreign Origin passes', async () => {
    const cookie = await login(app, 'o@example.com', TEST_PASSWORD);
    const res = await getWith(app, '/api/auth/user', cookie, { origin: 'http://evil.example' });
    expect(res.status).toBe(200);
  });

  test('behind a trusted https proxy the https origin is our own', async () => {
    const res = await postJson(app, '/api/contact/submit', contact, {
      headers: { origin: 'https://kwt.example', host: 'kwt.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
  });

  test('APP_URL, when set, is the one accepted origin', async () => {
    const pinned = testApp(db, { APP_URL: 'https://app.kwtdelivery.com' });
    const ok = await postJson(pinned, '/api/contact/submit', contact, { headers: { origin: 'https://app.kwtdelivery.com' } });
    expect(ok.status).toBe(200);
    const bad = await postJson(pinned, '/api/contact/submit', contact, { headers: { origin: 'http://localhost' } });
    expect(bad.status).toBe(403);
  });

  test('without TRUST_PROXY, X-Forwarded-Proto is ignored', async () => {
    const direct = testApp(db, { TRUST_PROXY: 'false' });
    const res = await postJson(direct, '/api/contact/submit', contact, { headers: { origin: 'https://localhost', 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(403);
  });
});

describe('security headers', () => {
  test('every page has CSP with frame-ancestors none, nosniff and a Referrer-Policy', async () => {
    for (const path of ['/', '/company']) {
      const res = await req(app, path);
      const csp = res.headers.get('content-security-policy');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('every API answer has a CSP that allows nothing and no framing, nosniff and no cross-site embedding', async () => {
    for (const path of ['/api/auth/user', '/api/nope', '/api/trpc/auth.me', '/api/track/NOPE']) {
      const res = await req(app, path);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  test('API answers are never cached', async () => {
    for (const path of ['/api/auth/user', '/api/trpc/auth.me', '/api/nope']) {
      expect((await req(app, path)).headers.get('cache-control')).toBe('no-store');
    }
    const res = await postJson(app, '/api/contact/submit', contact);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('unknown API paths', () => {
  test('GET /api/whatever is a JSON 404', async () => {
    const res = await req(app, '/api/whatever');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      success: false,
      message: 'No API route for GET /api/whatever',
      error: { code: 'NOT_FOUND', message: 'No API route for GET /api/whatever' },
    });
  });

  test('other methods and nested paths too', async () => {
    const res = await postJson(app, '/api/deeply/nested/thing', {});
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
    const del = await req(app, '/api/auth/user', { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect((await del.json()).error.code).toBe('NOT_FOUND');
  });

  test('an unknown tRPC procedure is a 404, not a 500', async () => {
    const res = await req(app, '/api/trpc/nope.nothing');
    expect(res.status).toBe(404);
  });
});
