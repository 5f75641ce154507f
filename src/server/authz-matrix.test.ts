import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { req, testApp, testEnv, type TestApp } from '../../test/app';
import { callProcedure, procedures, type Outcome } from '../../test/authz/call';
import { expected, OWNERS, ownOwner, refusedStatuses } from '../../test/authz/expect';
import { IDENTITIES, makeAuthzWorld, type AuthzWorld, type Identity, type Owner } from '../../test/authz/fixtures';
import { procedureTable, restTable } from '../../test/authz/doc-table';
import { ALLOWED_STATUS, INPUTS } from '../../test/authz/inputs';
import { callRoute, callTrpcHttp, restRoutes, routeBuilder } from '../../test/authz/rest';
import { freshDb } from '../../test/db';
import { PROCEDURE_ACCESS, REST_ACCESS, restRule, type Access } from './trpc/access-matrix';
import { createApp } from './app';
import type { Env } from './env';

/**
 * Issue 11, item 1: every procedure of appRouter and every REST route of the app, called as signed out,
 * rider A, rider B, manager A, manager B and admin, with each owner's ids, against the one matrix
 * (trpc/access-matrix.ts, docs/authorization.md). Allowed calls must also leak no id of the other tenant.
 */
const dir = mkdtempSync(join(tmpdir(), 'kwt-authz-'));
const db: Db = await freshDb();
const settings = { CAPTURES_DIR: dir, WEBHOOKS_ALLOW_PRIVATE: 'true' };
const env: Env = testEnv(settings);
const app: TestApp = testApp(db, settings);
let f: AuthzWorld;
/** A sweep makes up to 18 calls, some hashing passwords (Argon2id): room for a busy machine. */
const SWEEP_MS = 20_000;

beforeAll(async () => {
  f = await makeAuthzWorld(db, dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ids of each tenant that the other tenant's callers must never receive. */
function tenantIds(tenant: 'A' | 'B'): string[] {
  const { w } = f;
  return tenant === 'A'
    ? [w.companyA.id, w.riderA.id, w.riderA2.id, w.managerA.id, w.riderA.user.id]
    : [w.companyB.id, w.riderB.id, w.riderB2.id, w.managerB.id, w.riderB.user.id];
}

const otherTenant = (id: Identity): 'A' | 'B' | null => (id.endsWith('A') ? 'B' : id.endsWith('B') ? 'A' : null);

/** Ids `id` must never receive: the other tenant's, and for a rider, its fellow rider's. */
function hiddenFrom(id: Identity): string[] {
  const other = otherTenant(id);
  if (!other) return [];
  const sibling = id === 'riderA' ? [f.w.riderA2.id] : id === 'riderB' ? [f.w.riderB2.id] : [];
  return [...tenantIds(other), ...sibling];
}

/** One call's verdict against the matrix: null when it matches, else a line naming what went wrong. */
function judge(name: string, access: Access, id: Identity, owner: Owner, out: Outcome): string | null {
  const want = expected(access, id, owner);
  const label = `${name} as ${id} with ${owner}'s ids`;
  const allowedStatus = ALLOWED_STATUS[name]?.status;
  if (out.status >= 500 && allowedStatus !== out.status) return `${label}: ${out.status} ${out.text.slice(0, 300)}`;
  if (!want.allow) return out.status === want.status ? null : `${label}: expected ${want.status}, got ${out.status} ${out.text.slice(0, 200)}`;
  if (refusedStatuses(access).includes(out.status)) return `${label}: expected allowed, got ${out.status} ${out.text.slice(0, 200)}`;
  if (out.status < 300 && access.owner !== 'credential') {
    const leaked = hiddenFrom(id).filter((x) => out.text.includes(x));
    if (leaked.length) return `${label}: the answer holds ids hidden from ${id}: ${leaked.join(', ')}`;
  }
  // A caller-rule input built for the other tenant (its currency, its region) may be invalid for this caller: only a refusal counts.
  if (isForeignProbe(access, id, owner)) return null;
  if (allowedStatus ? out.status !== allowedStatus : out.status >= 400) return `${label}: allowed, but answered ${out.status} ${out.text.slice(0, 200)}`;
  return null;
}

/** A caller-rule procedure is also tried with the other tenant's ids: the matrix says it names none, so none may be refused. */
const isForeignProbe = (access: Access, id: Identity, owner: Owner) => (access.owner ?? 'caller') === 'caller' && owner !== ownOwner(id);

/**
 * The owners to try: each of the rule's. A caller rule names no one's ids: the caller's own tenant, and when
 * the input is built from an owner at all (the builder reads it), the other tenant's too, as a probe.
 */
const ownersFor = (access: Access, id: Identity, build?: (...args: never[]) => unknown): readonly Owner[] => {
  const list = OWNERS[access.owner ?? 'caller'];
  if (list.length) return list;
  const own = ownOwner(id);
  return build && build.length >= 2 ? [own, own === 'A' ? 'B' : 'A'] : [own];
};

/** Every identity with every owner's ids through `call`; one failure line per call that breaks the matrix. */
async function sweep(name: string, access: Access, call: (id: Identity, owner: Owner) => Promise<Outcome>, build?: (...args: never[]) => unknown) {
  const problems: string[] = [];
  for (const id of IDENTITIES) {
    for (const owner of ownersFor(access, id, build)) {
      const problem = judge(name, access, id, owner, await call(id, owner));
      if (problem) problems.push(problem);
    }
  }
  expect(problems).toEqual([]);
}

const person = (id: Identity) => (id === 'anon' ? undefined : id);

describe('authorization matrix: tRPC procedures', () => {
  const all = procedures();

  test('every matrix entry names a procedure that exists', () => {
    const paths = new Set(all.map((p) => p.path));
    expect(Object.keys(PROCEDURE_ACCESS).filter((p) => !paths.has(p))).toEqual([]);
    expect(Object.entries(REST_ACCESS).flatMap(([r, e]) => ('via' in e && !paths.has(e.via) ? [r] : []))).toEqual([]);
  });

  for (const proc of all) {
    test(proc.path, async () => {
      const access = PROCEDURE_ACCESS[proc.path];
      if (!access) throw new Error(`No access-matrix entry for procedure ${proc.path}: add one to src/server/trpc/access-matrix.ts (docs/authorization.md)`);
      const build = INPUTS[proc.path];
      if (proc.hasInput && !build) throw new Error(`No matrix input for procedure ${proc.path}: add one to test/authz/inputs.ts`);
      await sweep(proc.path, access, async (id, owner) =>
        callProcedure(db, env, id === 'anon' ? null : f.users[id], proc.path, build ? await build(f, owner) : undefined),
        build,
      );
    }, SWEEP_MS);
  }
});

/** The HTTP door of tRPC builds its context from the session cookie: every query is also asked over HTTP. */
describe('authorization matrix: tRPC queries over HTTP', () => {
  for (const proc of procedures().filter((p) => p.type === 'query')) {
    test(proc.path, async () => {
      const access = PROCEDURE_ACCESS[proc.path];
      if (!access) throw new Error(`No access-matrix entry for procedure ${proc.path}`);
      const build = INPUTS[proc.path];
      await sweep(proc.path, access, async (id, owner) => callTrpcHttp(app, db, f, proc.path, build ? await build(f, owner) : undefined, person(id)), build);
    }, SWEEP_MS);
  }
});

/** The fast lane (http/fast-lane.ts) answers some routes ahead of the pipeline; the routes behind it are checked too. */
const plainApp: TestApp = createApp(db, env, { fast: false });
const registrations = (a: TestApp, route: string) => a.routes.filter((x) => `${x.method} ${x.path}` === route).length;
const laneRoutes = restRoutes(app).filter((r) => registrations(app, r) > registrations(plainApp, r));

describe('authorization matrix: REST routes', () => {
  const cases = [...restRoutes(app).map((route) => ({ route, target: app, label: route })), ...laneRoutes.map((route) => ({ route, target: plainApp, label: `${route} (without the fast lane)` }))];
  for (const { route, target, label } of cases) {
    test(label, async () => {
      const rule = restRule(route);
      if (!rule) throw new Error(`No access-matrix entry for REST route ${route}: add one to REST_ACCESS in src/server/trpc/access-matrix.ts`);
      if ('excluded' in rule) return;
      await sweep(route, rule, (id, owner) => callRoute(target, db, f, route, person(id), owner), routeBuilder(route));
    }, SWEEP_MS);
  }
});

/** Inputs naming two records: each must belong to the same tenant as the other and the caller. */
describe('authorization matrix: ids of two owners in one call', () => {
  const refusal = (out: Outcome, status: number, message: string) => {
    expect(out.status).toBe(status);
    expect(out.text).toBe(message);
  };

  test("company.assignOrder: company A's order to company B's rider is refused", async () => {
    const order = await f.order('A');
    const out = await callProcedure(db, env, f.users.managerA, 'company.assignOrder', { orderId: order.id, riderId: f.riderOf('B').id });
    refusal(out, 400, 'Choose a rider of the same company');
    // And the other way round: B's order, A's rider, asked by A, is not found.
    const theirs = await f.order('B');
    refusal(await callProcedure(db, env, f.users.managerA, 'company.assignOrder', { orderId: theirs.id, riderId: f.riderOf('A').id }), 404, 'Order not found');
  });

  test("admin.orderAssign: even an admin cannot give company A's order to company B's rider", async () => {
    const order = await f.order('A');
    refusal(await callProcedure(db, env, f.users.admin, 'admin.orderAssign', { orderId: order.id, riderId: f.riderOf('B').id }), 400, 'Choose a rider of the same company');
  });

  test("rider.dutyStart and rider.submitCash: rider A cannot cite rider B's photo", async () => {
    const photo = await callProcedure(db, env, f.users.riderB, 'ocr.submit', await INPUTS['ocr.submit']!(f, 'B'));
    const captureId = (JSON.parse(photo.text) as { captureId: string }).captureId;
    await f.offDuty('A');
    const start = await callProcedure(db, env, f.users.riderA, 'rider.dutyStart', { startOdometerKm: 1000, captureId });
    refusal(start, 400, 'That photo is not one of your scans');
    await f.order('A', { riderId: f.riderOf('A').id, status: 'delivered', codAmountMinor: 5000 });
    const cash = await callProcedure(db, env, f.users.riderA, 'rider.submitCash', { id: f.riderOf('A').id, amount: 1, channel: 'bank_deposit', slipCaptureId: captureId });
    refusal(cash, 400, 'That photo is not one of your scans');
  });
});

describe('authorization matrix: docs', () => {
  const section = (text: string, name: string) => text.split(`<!-- ${name}:start -->\n`)[1]?.split(`\n<!-- ${name}:end -->`)[0];

  test('docs/authorization.md shows the matrix as it is', async () => {
    const doc = await Bun.file(join(import.meta.dir, '../../docs/authorization.md')).text();
    const want = { procedures: procedureTable(), rest: restTable() };
    for (const [name, table] of Object.entries(want)) {
      if (section(doc, name) !== table) throw new Error(`docs/authorization.md: the ${name} table is out of date; between the ${name} markers it should read:\n${table}`);
    }
  });
});

describe('authorization matrix: one REST path, two procedures', () => {
  test('POST /api/ai/chat with userId is the support assistant (ai.supportChat): signed in only, whoever the body names', async () => {
    const body = (o: Owner) => ({ message: 'Hello', userId: f.userOf(o).id, userRole: 'admin' });
    const anon = await req(app, '/api/ai/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body('A')) });
    expect(anon.status).toBe(401);
    for (const id of ['riderA', 'managerB'] as const) {
      const out = await callRoute(app, db, f, 'POST /api/ai/chat', id, 'A', body(id === 'riderA' ? 'B' : 'A'));
      expect(judge('POST /api/ai/chat (support)', PROCEDURE_ACCESS['ai.supportChat']!, id, ownOwner(id), out)).toBeNull();
    }
  });
});
