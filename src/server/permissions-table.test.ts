import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../db/client';
import { callerFor, login, postJson, req, testApp, type TestApp } from '../../test/app';
import { freshDb } from '../../test/db';
import { expectTRPCError } from '../../test/expect';
import { TEST_PASSWORD } from '../../test/factories';
import { makeWorld, type World } from '../../test/world';
import { expected } from '../../test/authz/expect';
import { PERMISSIONS, ROLE_PERMISSIONS, type Permission, type Reach, type Role } from '../shared/permissions';
import { toolsFor } from './ai/tools';
import { actorFor } from './services/access';
import { loadSessionUser } from './services/identity';
import { PROCEDURE_ACCESS, REST_ACCESS, type Gate } from './trpc/access-matrix';

/**
 * Issue 24, item 2: the server decides from src/shared/permissions.ts. Each test takes one entry out of the
 * table (or changes its reach), sees the server refuse what the entry allowed a moment before — tRPC, REST
 * and the MCP tool list — and sees the authorization matrix's expectation move with it. The table is put
 * back after each test.
 */
let db: Db;
let w: World;
let app: TestApp;

const table = ROLE_PERMISSIONS as Record<Role, Partial<Record<Permission, Reach>>>;
const saved = structuredClone(table);
afterEach(() => {
  for (const role of Object.keys(saved) as Role[]) table[role] = { ...saved[role] };
});

/** Takes `permission` away from `role`, as an edit of the table would. */
const revoke = (role: Role, permission: Permission) => {
  const { [permission]: _gone, ...rest } = table[role];
  table[role] = rest;
};

beforeAll(async () => {
  db = await freshDb();
  w = await makeWorld(db);
  app = testApp(db);
});

const manager = () => callerFor(db, w.managerA.id);
const rider = () => callerFor(db, w.riderA.user.id);

describe('one entry of the permissions table out, the server refuses what it allowed', () => {
  test("company without 'confirm-cash': the cash desk is refused, and the matrix expects it", async () => {
    expect(await (await manager()).company.handovers()).toBeArray();
    expect(expected(PROCEDURE_ACCESS['company.handovers']!, 'managerA', 'A')).toEqual({ allow: true });

    revoke('company', 'confirm-cash');
    await expectTRPCError((await manager()).company.handovers(), 'FORBIDDEN', 'Access denied: Confirming cash hand-overs requires admin privileges');
    await expectTRPCError((await manager()).company.cashRiders(), 'FORBIDDEN', 'Access denied: Confirming cash hand-overs requires admin privileges');
    expect(expected(PROCEDURE_ACCESS['company.handovers']!, 'managerA', 'A')).toEqual({ allow: false, status: 403 });
    // The admin still holds it.
    expect(await (await callerFor(db, w.admin.id)).admin.cashRiderLedger({ riderId: w.riderA.id })).toBeDefined();
  });

  test("company without 'manage-orders': creating and assigning orders is refused; the list still opens", async () => {
    revoke('company', 'manage-orders');
    const m = await manager();
    await expectTRPCError(m.company.assignOrder({ orderId: 'x', riderId: w.riderA.id }), 'FORBIDDEN', 'Access denied: Managing orders requires admin privileges');
    expect((await m.company.orderList({})).items).toBeArray();
    expect(expected(PROCEDURE_ACCESS['company.assignOrder']!, 'managerA', 'A')).toEqual({ allow: false, status: 403 });
  });

  test("company without 'manage-users': adding a rider is refused", async () => {
    revoke('company', 'manage-users');
    await expectTRPCError(
      (await manager()).company.addRider({ name: 'Nobody', email: 'nobody@example.com', phone: '+96550000001', licenseNumber: 'L-1' } as never),
      'FORBIDDEN',
      'Access denied: Managing users requires admin privileges',
    );
  });

  test("rider without 'manage-cash': its hand-overs are refused", async () => {
    expect(await (await rider()).rider.handovers()).toBeArray();
    revoke('rider', 'manage-cash');
    await expectTRPCError((await rider()).rider.handovers(), 'FORBIDDEN', 'Access denied: Cash management requires admin privileges');
  });

  test("company without 'view-analytics': the fleet map and the directory tools are gone", async () => {
    const actor = await actorFor(db, (await loadSessionUser(db, w.managerA.id))!);
    expect(toolsFor(actor).map((t) => t.name)).toContain('list_riders');
    revoke('company', 'view-analytics');
    await expectTRPCError((await manager()).tracking.fleet({}), 'FORBIDDEN', 'Access denied: Viewing analytics requires admin privileges');
    expect(toolsFor(actor).map((t) => t.name)).not.toContain('list_riders');
    expect(toolsFor(actor).map((t) => t.name)).toContain('search_orders');
  });

  test("rider without 'ocr': the REST upload route refuses it", async () => {
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    revoke('rider', 'ocr');
    const res = await req(app, '/api/ocr/process', { method: 'POST', body: new FormData(), headers: { cookie } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Access denied: Scanning (OCR) requires admin privileges');
  });

  test("a manager's portal reach widened to 'any': acting as its own company is refused (no longer 'own-company')", async () => {
    table.company = { ...table.company, 'access-company-portal': 'any' };
    await expectTRPCError((await manager()).company.profile(), 'FORBIDDEN', 'Access denied: the Company Portal requires company or admin privileges');
  });

  test("a grant's reach decides ownership too: company 'view-analytics' widened to 'any' reaches company B's riders", async () => {
    const history = { riderId: w.riderB.id, date: '2026-03-10' };
    await expectTRPCError((await manager()).tracking.history(history), 'NOT_FOUND', 'Rider not found');
    expect(expected(PROCEDURE_ACCESS['tracking.history']!, 'managerA', 'B')).toEqual({ allow: false, status: 404 });

    table.company = { ...table.company, 'view-analytics': 'any' };
    expect((await (await manager()).tracking.history(history)).points).toBeArray();
    expect(expected(PROCEDURE_ACCESS['tracking.history']!, 'managerA', 'B')).toEqual({ allow: true });
  });

  test('put back, everything is allowed again', async () => {
    expect(await (await manager()).company.handovers()).toBeArray();
    expect((await postJson(app, '/api/auth/login', { email: w.riderA.user.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('every permission of the table guards something', () => {
  /** The permissions a gate asks the table for (the matrix is held to the server by src/server/authz-matrix.test.ts). */
  const asked = (g: Gate): Permission[] =>
    g.kind === 'can' ? [g.permission, ...(g.also ? [g.also] : [])] : g.kind === 'acts-as' ? [`access-${g.portal}-portal`, ...(g.also ? [g.also] : [])] : [];

  test('each one is asked by at least one procedure or REST route', () => {
    const gates = [...Object.values(PROCEDURE_ACCESS), ...Object.values(REST_ACCESS)].flatMap((a) => ('gate' in a ? [a.gate] : []));
    const used = new Set(gates.flatMap(asked));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
  });
});
