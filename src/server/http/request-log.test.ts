import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'bun';
import type { Db } from '../../../db/client';
import { testEnv } from '../../../test/app';
import { freshDb } from '../../../test/db';
import { makeCompany, makeRider, TEST_PASSWORD } from '../../../test/factories';
import { configureLog, flushLog } from '../log';
import { serveOptions } from '../serve';
import { loggedPath, withRequestLog } from './request-log';

let db: Db;
let server: Server<undefined>;
let base: string;
let userId: string;
let email: string;
const chunks: string[] = [];

/** The request lines written so far (flushed now). */
function lines(): Record<string, unknown>[] {
  flushLog();
  return chunks
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');
}
const raw = () => (flushLog(), chunks.join(''));

beforeAll(async () => {
  db = await freshDb();
  const { user } = await makeRider(db, await makeCompany(db));
  userId = user!.id;
  email = user!.email;
  configureLog({ level: 'info', out: (c) => void chunks.push(c) });
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', ...serveOptions(db, testEnv()) });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.stop(true);
  configureLog({ out: (c) => void process.stdout.write(c) });
});

describe('request log', () => {
  test('a login with a password and a Cookie header leaves no password, token or cookie in the log', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'kwt_session=stale-session-token-value; other=cookie-secret', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const token = /kwt_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    const wrong = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email, password: 'Wrong-password-99' }),
    });
    expect(wrong.status).toBe(401);
    // The session check answered by the fast lane, and a pipeline answer, with the new session.
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: `kwt_session=${token}` } });
    expect(me.status).toBe(200);
    const rest = await fetch(`${base}/api/riders/me/orders`, { headers: { cookie: `kwt_session=${token}` } });
    expect(rest.status).toBeLessThan(500);

    const text = raw();
    for (const secret of [TEST_PASSWORD, 'Wrong-password-99', token, 'stale-session-token-value', 'cookie-secret']) expect(text).not.toContain(secret);
    const logged = lines();
    expect(logged.map((l) => [l.method, l.path, l.status])).toEqual([
      ['POST', '/api/auth/login', 200],
      ['POST', '/api/auth/login', 401],
      ['GET', '/api/auth/user', 200],
      ['GET', '/api/riders/me/orders', rest.status],
    ]);
    expect(logged[0]).toMatchObject({ level: 'info', ip: '198.51.100.7' });
    expect(logged[0]!.userId).toBeUndefined();
    expect(logged[2]!.userId).toBe(userId);
    expect(logged[3]!.userId).toBe(userId);
    for (const l of logged) {
      expect(Object.keys(l)).toEqual(expect.arrayContaining(['time', 'level', 'requestId', 'method', 'path', 'status', 'durationMs', 'ip']));
      expect(typeof l.durationMs).toBe('number');
    }
  });

  test('a sane X-Request-Id is kept and echoed; anything else gets a new UUID', async () => {
    chunks.length = 0;
    const kept = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'edge-01HZX:42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-01HZX:42');
    const odd = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'bad id "quoted"' } });
    const fresh = odd.headers.get('x-request-id')!;
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const lane = await fetch(`${base}/api/auth/user`, { headers: { 'x-request-id': 'lane-1' } });
    expect(lane.headers.get('x-request-id')).toBe('lane-1');
    expect(lines().map((l) => l.requestId)).toEqual(['edge-01HZX:42', fresh, 'lane-1']);
  });

  test('a 5xx answer is an error line; a handler that throws is logged as 500 and the error goes on', async () => {
    chunks.length = 0;
    const fake = { requestIP: () => ({ address: '192.0.2.1', family: 'IPv4', port: 1 }) } as unknown as Server<undefined>;
    const five = withRequestLog(() => new Response('x', { status: 502 }), { trustProxy: false });
    const res = five(new Request('http://h/api/x'), fake) as Response;
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const boom = withRequestLog(() => Promise.reject(new Error('kaput')), { trustProxy: false });
    await expect(boom(new Request('http://h/api/y', { method: 'DELETE' }), fake)).rejects.toThrow('kaput');
    expect(lines().map((l) => [l.level, l.method, l.path, l.status, l.ip])).toEqual([
      ['error', 'GET', '/api/x', 502, '192.0.2.1'],
      ['error', 'DELETE', '/api/y', 500, '192.0.2.1'],
    ]);
  });

  test('paths keep their shape with secrets masked', () => {
    for (const [input, expected] of [
      ['http://h/api/orders?page=2&status=new', '/api/orders?page=2&status=new'],
      ['http://h/reset-password?token=abc&lang=ar', '/reset-password?token=[redacted]&lang=ar'],
      ['https://h:8443/invite/tok123/accept', '/invite/[redacted]/accept'],
      ['http://h/track/K7Q2ZX', '/track/[redacted]'],
      ['http://h/reset/abcdef0123456789', '/reset/[redacted]'],
      ['http://h/company-invite/abcdef0123456789', '/company-invite/[redacted]'],
      ['http://h/api/auth/google/callback?code=4/0Ab&state=xyz', '/api/auth/google/callback?code=[redacted]&state=xyz'],
      ['http://h', '/'],
    ] as const) expect(loggedPath(input)).toBe(expected);
  });
});
