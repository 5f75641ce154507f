import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Db } from '../../../db/client';
import { req, testApp, type TestApp } from '../../../test/app';
import { freshDb } from '../../../test/db';

/**
 * A strict Content-Security-Policy for scripts: no page may allow inline or eval'd script. That the built
 * index.html carries none (an inline <script> or on*= handler would be blocked by script-src 'self') is
 * checked after the build, in the browser suite: tests/e2e/csp.e2e.ts.
 */
const DIST = join(import.meta.dir, '../../../dist');
const PAGES = ['/', '/login', '/company-login', '/app', '/admin', '/company', '/rider', '/support', '/contact', '/track/ABC123', '/invite/tok', '/no/such/page', '/healthz', '/readyz'];
const API = ['/api/auth/user', '/api/nothing-here'];

/** The directives that govern scripts, by name (script-src falls back to default-src). */
function scriptDirectives(csp: string): Record<string, string[]> {
  const all = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
  const scriptSrc = all['script-src'] ?? all['default-src'] ?? [];
  return { 'script-src': scriptSrc, 'script-src-elem': all['script-src-elem'] ?? scriptSrc, 'script-src-attr': all['script-src-attr'] ?? scriptSrc };
}

let db: Db;
let app: TestApp;
beforeAll(async () => {
  db = await freshDb();
  app = testApp(db, { DIST_DIR: DIST });
});

describe('CSP without unsafe scripts', () => {
  test.each([...PAGES, ...API])('%s: a CSP whose script sources allow neither unsafe-inline nor unsafe-eval', async (path) => {
    const res = await req(app, path);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    const directives = scriptDirectives(csp!);
    expect(directives['script-src']!.length).toBeGreaterThan(0);
    for (const [name, values] of Object.entries(directives)) {
      expect({ name, values: values.filter((v) => /unsafe-inline|unsafe-eval|unsafe-hashes|^\*$|^data:$/i.test(v)) }).toEqual({ name, values: [] });
    }
  });

  test('pages allow scripts from their own origin only', async () => {
    const res = await req(app, '/login');
    expect(scriptDirectives(res.headers.get('content-security-policy')!)['script-src']).toEqual(["'self'"]);
  });
});
