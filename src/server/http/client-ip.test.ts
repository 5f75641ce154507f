import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { freshDb } from '../../../test/db';
import { makeUser } from '../../../test/factories';
import { postJson, testApp, type TestApp } from '../../../test/app';
import { forwardedClient } from './client-ip';
import { readFileSync } from 'node:fs';

describe('the client address behind a trusted proxy', () => {
  test('is the right-most X-Forwarded-For entry, the one the proxy appended', () => {
    const headers = ['203.0.113.7', '1.1.1.1, 203.0.113.7', 'spoofed,  2001:db8::1 ', '1.1.1.1,', undefined];
    expect(headers.map((h) => forwardedClient(h))).toEqual(['203.0.113.7', '203.0.113.7', '2001:db8::1', undefined, undefined]);
  });

  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await freshDb();
    app = testApp(db, { LOGIN_MAX_FAILURES: '3' });
    await makeUser(db, { email: 'victim@example.com', role: 'admin' });
  });

  test('a client cannot spread its failed sign-ins over addresses of its choice, nor lock out someone else’s', async () => {
    const attempt = (spoofed: string, email: string) =>
      postJson(app, '/api/auth/login', { email, password: 'wrong password' }, { headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.9` } });
    const statuses = [];
    // With LOGIN_MAX_FAILURES 3, one address may fail over 6 accounts (credential stuffing beyond that).
    for (let i = 0; i < 7; i++) statuses.push((await attempt(`10.0.0.${i}`, `nobody${i}@example.com`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // 10.0.0.1 was only ever claimed, never used: the real owner of that address signs in unhindered.
    const other = await postJson(app, '/api/auth/login', { email: 'victim@example.com', password: 'wrong password' }, { headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(other.status).toBe(401);
  });
});

describe('fly.toml says what the code does', () => {
  test('the comment on TRUST_PROXY names the right-most X-Forwarded-For entry, as forwardedClient takes', () => {
    const toml = readFileSync(new URL('../../../fly.toml', import.meta.url), 'utf8');
    const comment = toml.slice(0, toml.indexOf('TRUST_PROXY = "true"')).split('\n').slice(-3).join('\n');
    expect(comment).toContain("the client's address is the right-most X-Forwarded-For entry, the one Fly's proxy appends");
    expect(toml).not.toMatch(/first X-Forwarded-For entry/);
    expect(forwardedClient('chosen-by-client, 198.51.100.9')).toBe('198.51.100.9');
  });
});
