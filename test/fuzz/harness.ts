import { expect } from 'bun:test';
import type { Db } from '../../db/client';
import { writeCount } from '../../db/serialize';
import { login, req, testApp, type TestApp } from '../app';
import { freshDb } from '../db';
import { makeOrder, TEST_PASSWORD } from '../factories';
import { makeWorld, type World } from '../world';

export type Role = 'visitor' | 'rider' | 'company' | 'admin';
export const ROLES: Role[] = ['visitor', 'rider', 'company', 'admin'];

export interface FuzzWorld {
  db: Db;
  app: TestApp;
  world: World;
  cookies: Record<Role, string | undefined>;
  /**
   * Real ids of both tenants (riders, companies, orders, users), for inputs that reach the services; not the
   * signed-in actors' own rider, company or user, which an accepted call could suspend from under the next test.
   */
  ids: string[];
}

/** A fresh database with two tenants, the app over it, and a signed-in cookie per role. */
export async function fuzzWorld(envOverrides: Record<string, string> = {}): Promise<FuzzWorld> {
  const db = await freshDb();
  const world = await makeWorld(db);
  const app = testApp(db, envOverrides);
  const cookies = {
    visitor: undefined,
    rider: await login(app, world.riderA.user.email, TEST_PASSWORD),
    company: await login(app, world.managerA.email, TEST_PASSWORD),
    admin: await login(app, world.admin.email, TEST_PASSWORD),
  };
  const orderA = await makeOrder(db, world.companyA, { riderId: world.riderA.id, status: 'assigned' });
  const orderB = await makeOrder(db, world.companyB);
  const w = world;
  const ids = [w.riderB.id, w.riderA2.id, w.riderB2.id, w.companyB.id, w.managerB.id, w.riderB.user.id, orderA.id, orderB.id];
  return { db, app, world, cookies, ids };
}

let ipCounter = 0;
/** A new client address per request, so per-IP rate limits never stand in for the validation under test. */
export const nextIp = () => `198.51.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

/** Send `init` as `role` (cookie and a fresh client address). */
export function send(fw: FuzzWorld, role: Role, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const cookie = fw.cookies[role];
  return req(fw.app, path, { ...init, headers: { 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}), ...init.headers } });
}

/** Row counts of every table, in one query. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.$client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
  );
  const names = tables.rows.map((r) => String(r.name));
  const sql = names.map((n) => `SELECT '${n}' AS t, count(*) AS n FROM "${n}"`).join(' UNION ALL ');
  const rows = (await db.$client.execute(sql)).rows;
  return Object.fromEntries(rows.map((r) => [String(r.t), Number(r.n)]));
}

/** What a refused request must leave as it was: the row count of every table, and this process's write counter. */
export interface DbState {
  rows: Record<string, number>;
  writes: number;
}

/**
 * The database's state before a request. The write counter (db/serialize.ts) moves on every statement,
 * batch or transaction that writes, so an UPDATE or a DELETE-and-INSERT that keeps the counts is seen too.
 */
export async function dbState(db: Db): Promise<DbState> {
  const writes = writeCount(db.$client);
  if (writes < 0) throw new Error('the fuzz database is not set up by serializeWrites: its writes cannot be seen');
  return { rows: await rowCounts(db), writes };
}

/**
 * A refused request wrote nothing: no statement that writes ran, and no table gained or lost a row.
 * `allowed` names the one write a refusal may make, for the few that make one (an API token's last-use
 * stamp before MCP refuses the JSON-RPC call): at most one statement, which moves the counter twice
 * (begun, settled), and still no row added or removed.
 */
export async function expectNoWrite(db: Db, before: DbState, allowed?: { statement: string }): Promise<void> {
  const rows = await rowCounts(db);
  const writes = writeCount(db.$client) - before.writes;
  if (allowed) expect([0, 2]).toContain(writes);
  else expect(writes).toBe(0);
  expect(rows).toEqual(before.rows);
}

/** Nothing may have set a property on Object.prototype. */
export function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
}
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** The REST error shape: `{ success: false, message, error: { code, message, field? } }`. */
export function expectRestError(body: unknown, status: number): void {
  const b = body as { success: unknown; message: unknown; error: { code: unknown; message: unknown; field?: unknown } };
  expect(b.success).toBe(false);
  expect(typeof b.message).toBe('string');
  expect((b.message as string).length).toBeGreaterThan(0);
  expect(typeof b.error.code).toBe('string');
  expect(b.error.message).toBe(b.message);
  if (b.error.field !== undefined) expect(typeof b.error.field).toBe('string');
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

/** tRPC's error JSON for one call: `{ error: { message, code, data: { code, httpStatus, path } } }`, no stack. */
export function expectTrpcError(body: unknown, status: number, path: string): void {
  const e = (body as { error: { message: unknown; code: unknown; data: Record<string, unknown> } }).error;
  expect(typeof e.message).toBe('string');
  expect(typeof e.code).toBe('number');
  expect(e.data.httpStatus).toBe(status);
  expect(typeof e.data.code).toBe('string');
  expect(e.data.path).toBe(path);
  expect(e.data.stack).toBeUndefined();
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

/** The answer's JSON, or a failure naming the request when it is not JSON. */
export async function jsonOf(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: answer ${res.status} is not JSON: ${text.slice(0, 200)}`);
  }
}
