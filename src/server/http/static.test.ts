import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../db/client';
import { freshDb } from '../../../test/db';
import { expectStatusAndHeaders } from '../../../test/expect';
import { req, testApp, type TestApp } from '../../../test/app';

let db: Db;
let app: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'kwt-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>KWT Delivery</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  db = await freshDb();
  app = testApp(db, { DIST_DIR: dist });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the built SPA', () => {
  test('deep links get index.html, not cached', async () => {
    const pages = ['/', '/company', '/login?redirect=/rider', '/company-login', '/app/', '/ADMIN', '/account', '/contact', '/support', '/rider'];
    const dynamic = ['/track/TRK-AB12CD34', '/invite/abc123def', '/reset/0123456789abcdef', '/track/%D8%B9'];
    for (const path of [...pages, ...dynamic]) {
      const res = await req(app, path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>KWT Delivery</title>');
    }
  });

  test('a path that is no page answers 404 with the app shell, which renders the not-found page', async () => {
    for (const path of ['/no/such/screen', '/does-not-exist', '/track', '/track/a/b', '/invite/', '/reset', '/admin/companies', '/login-now', '/wp-admin']) {
      const res = await req(app, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>KWT Delivery</title>');
    }
    const head = await req(app, '/does-not-exist', { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  test('an unknown API path stays a JSON 404', async () => {
    for (const path of ['/api/nothing-here', '/api/track/x/y']) {
      const res = await req(app, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: `No API route for GET ${path}` } });
    }
  });

  test('hashed assets are cached forever', async () => {
    expectStatusAndHeaders(await req(app, '/assets/app-abc123.js'), 200, { 'cache-control': 'public, max-age=31536000, immutable' });
  });

  test('the service worker is served at the root and never cached', async () => {
    const res = await req(app, '/service-worker.js');
    expectStatusAndHeaders(res, 200, { 'cache-control': 'no-cache', 'service-worker-allowed': '/' });
    expect(res.headers.get('content-type')).toContain('javascript');
  });

  test('a missing file is a real 404, not the app shell', async () => {
    const res = await req(app, '/assets/missing-123.js');
    expect(res.status).toBe(404);
  });

  test('no path traversal out of the build folder', async () => {
    writeFileSync(join(dist, '..', 'kwt-secret.json'), '{"secret":true}');
    try {
      for (const path of ['/..%2fkwt-secret.json', '/%2e%2e/kwt-secret.json', '/assets/..%2F..%2Fkwt-secret.json', '/..%5ckwt-secret.json']) {
        const res = await req(app, path);
        const body = await res.text();
        expect(body).not.toContain('secret');
        // Either refused or answered with the app shell, never the file outside the build.
        if (res.status === 200) expect(body).toContain('<title>KWT Delivery</title>');
        else expect(res.status).toBe(404);
      }
    } finally {
      rmSync(join(dist, '..', 'kwt-secret.json'), { force: true });
    }
  });

  test('without a build the server says so (503), rather than crash', async () => {
    const bare = testApp(db, { DIST_DIR: join(dist, 'nothing-here') });
    const res = await req(bare, '/company');
    expect(res.status).toBe(503);
  });
});
