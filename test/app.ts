import { expect } from 'bun:test';
import type { Db } from '../db/client';
import { Hono } from 'hono';
import { createApp } from '../src/server/app';
import { fastLane, laneHandlers } from '../src/server/http/fast-lane';
import { parseEnv, type Env } from '../src/server/env';
import { createCaller } from '../src/server/trpc/root';
import { loadSessionUser } from '../src/server/services/identity';
import { actorFor } from '../src/server/services/access';
import type { AppContext } from '../src/server/trpc/context';
import { parseCsv } from '../src/server/lib/csv';
import { TEST_PASSWORD } from './factories';
import { freshWorld } from './world';

export const BASE = 'http://localhost';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'test', TRUST_PROXY: 'true', SEED_DEMO: 'false', SKIP_BUILD: 'true', ...overrides });
}

export type TestApp = ReturnType<typeof createApp>;

export function testApp(db: Db, envOverrides: Record<string, string> = {}): TestApp {
  return createApp(db, testEnv(envOverrides));
}

/** A request to the app by path, as a browser on http://localhost would send it. */
export function req(app: TestApp, path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`${BASE}${path}`, init));
}

export function postJson(
  app: TestApp,
  path: string,
  body: unknown,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  return req(app, path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export function getWith(app: TestApp, path: string, cookie?: string, headers: Record<string, string> = {}) {
  return req(app, path, { headers: cookie ? { cookie, ...headers } : headers });
}

/** The `name=value` pair of a Set-Cookie header for `name`, or undefined. */
export function setCookieFor(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** A test file's fresh database holding the world (test/world.ts), and the app over it: `const { db, w, app } = await freshWorldApp();`. */
export async function freshWorldApp(envOverrides: Record<string, string> = {}) {
  const { db, w } = await freshWorld();
  return { db, w, app: testApp(db, envOverrides) };
}

/** A test file's fresh world (test/world.ts) and a tRPC caller for each of its accounts that sign in. */
export async function freshWorldCallers() {
  const { db, w } = await freshWorld();
  const [admin, managerA, managerB, riderA, riderB] = await Promise.all([w.admin.id, w.managerA.id, w.managerB.id, w.riderA.user.id, w.riderB.user.id].map((id) => callerFor(db, id)));
  return { db, w, callers: { admin: admin!, managerA: managerA!, managerB: managerB!, riderA: riderA!, riderB: riderB! } };
}

/** Sign in through POST /api/auth/login and return the Cookie header value to send back. */
export async function login(app: TestApp, email: string, password: string, ip = '203.0.113.1'): Promise<string> {
  const res = await postJson(app, '/api/auth/login', { email, password }, { ip });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${await res.text()}`);
  const cookie = setCookieFor(res, 'kwt_session');
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0]!;
}

/** The world's accounts that sign in (test/world.ts), by the names tests give them. */
const WORLD_ACCOUNTS = {
  admin: 'admin@kwtdelivery.com',
  managerA: 'manager@alpha.example',
  managerB: 'manager@beta.example',
  riderA: 'rider.a@example.com',
  riderB: 'rider.b@example.com',
} as const;
export type WorldCookies = Record<keyof typeof WORLD_ACCOUNTS, string>;

/** Signs in each of the world's accounts (TEST_PASSWORD), one after another: the Cookie header value of each. */
export async function loginWorld(app: TestApp): Promise<WorldCookies> {
  const cookies = {} as WorldCookies;
  for (const [name, email] of Object.entries(WORLD_ACCOUNTS) as [keyof WorldCookies, string][]) cookies[name] = await login(app, email, TEST_PASSWORD);
  return cookies;
}

/** A tRPC caller with the context a real request by `userId` (or a signed-out visitor) would get. */
export async function callerFor(db: Db, userId: string | null, env: Env = testEnv()) {
  const user = userId ? await loadSessionUser(db, userId) : null;
  if (userId && !user) throw new Error(`no session user for ${userId}`);
  const ctx: AppContext = {
    db,
    config: env,
    user,
    actor: user ? await actorFor(db, user) : null,
    sessionId: null,
    ip: '203.0.113.9',
    resHeaders: new Headers(),
    secureCookies: false,
  };
  return createCaller(ctx);
}

/**
 * A CSV download as every one is served: 200, text/csv, an attachment named `fileName`, a UTF-8 byte order
 * mark first (for spreadsheet apps). Its rows, parsed.
 */
export async function csvAttachmentRows(res: Response, fileName: string): Promise<string[][]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder().decode(bytes));
}

/**
 * Over one database: the app with its fast lane, the app without it, and the lane alone on the routes
 * `mount` gives it (whatever it steps aside for ends in this app's 404 "stepped aside").
 */
export function laneApps(db: Db, mount: (laneOnly: Hono, lane: ReturnType<typeof laneHandlers>) => void) {
  const env = testEnv();
  const laneOnly = new Hono();
  mount(laneOnly, laneHandlers(fastLane(db, env)));
  laneOnly.all('*', (c) => c.text('stepped aside', 404));
  return { fast: createApp(db, env), slow: createApp(db, env, { fast: false }), laneOnly };
}
