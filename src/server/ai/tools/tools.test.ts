import { beforeAll, describe, expect, test } from 'bun:test';
import { ZodError } from 'zod';
import type { Db } from '../../../../db/client';
import { freshDb } from '../../../../test/db';
import { makeSoloCompany } from '../../../../test/analysis-world';
import { makeSubmission } from '../../../../test/cash';
import { correctCash, countSubmission, resolveSubmission } from '../../../../test/cash-steps';
import { makeOrder } from '../../../../test/factories';
import { makeToolWorld, TOOL_NOW, type ToolWorld } from '../../../../test/tool-world';
import { scopeForUser } from '../../services/reports';
import { loadSessionUser } from '../../services/identity';
import type { AiScope } from '../tool';
import { ALL_TOOLS, callTool, toolsFor } from './index';
import { OTHER_COMPANY, RIDER_NOT_FOUND } from './scope';

let db: Db;
let w: ToolWorld;
const scopes = {} as Record<'admin' | 'companyA' | 'companyB' | 'riderA' | 'riderB', AiScope>;

beforeAll(async () => {
  db = await freshDb();
  w = await makeToolWorld(db);
  const ids = { admin: w.admin.id, companyA: w.managerA.id, companyB: w.managerB.id, riderA: w.riderA.user.id, riderB: w.riderB.user.id };
  for (const [k, id] of Object.entries(ids)) scopes[k as keyof typeof scopes] = await scopeForUser(db, (await loadSessionUser(db, id))!);
});

type Paged = { items: Record<string, unknown>[]; total: number; page: number; pageSize: number; pages: number };
const call = (who: keyof typeof scopes, name: string, input: unknown = {}) => callTool(db, scopes[who], name, input, TOOL_NOW, { aedToKwd: 0.1 });
const page = async (who: keyof typeof scopes, name: string, input: unknown = {}) => (await call(who, name, input)) as Paged;

describe('the tool catalogue', () => {
  test('every tool has a unique snake_case name, a description a model can use and roles', () => {
    const names = ALL_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      ['analysis_financial', 'analysis_hr', 'analysis_legal', 'analysis_performance', 'cash_reconciliation', 'create_ticket', 'dispatch_status', 'list_companies', 'list_riders', 'list_tickets', 'rider_performance', 'search_orders', 'system_stats'].sort(),
    );
    for (const t of ALL_TOOLS) {
      expect(t.description.length).toBeGreaterThan(80);
      expect(t.roles.length).toBeGreaterThan(0);
    }
  });

  test('riders get no company or rider directory', () => {
    expect(toolsFor({ role: 'admin' })).toHaveLength(12);
    expect(toolsFor({ role: 'company' })).toHaveLength(13);
    expect(toolsFor({ role: 'rider' }).map((t) => t.name)).not.toContain('list_riders');
    expect(toolsFor({ role: 'rider' }).map((t) => t.name)).not.toContain('list_companies');
  });

  test('callTool refuses a tool the role may not call and parses the input', async () => {
    await expect(call('riderA', 'list_riders')).rejects.toThrow('No tool named list_riders for a rider account');
    await expect(call('admin', 'search_orders', { status: 'lost' })).rejects.toBeInstanceOf(ZodError);
    await expect(call('admin', 'search_orders', { from: '5 Nov' })).rejects.toThrow('Use the date format YYYY-MM-DD');
  });

  test('an argument a tool does not define is refused, never dropped (a lost filter widens the answer)', async () => {
    const unknown = (key: string) => ({ issues: [{ code: 'unrecognized_keys', keys: [key], path: [], message: `Unrecognized key: "${key}"` }] });
    await expect(call('admin', 'list_riders', { company_id: w.companyA.id })).rejects.toMatchObject(unknown('company_id'));
    await expect(call('riderA', 'system_stats', { riderId: w.riderB.id })).rejects.toMatchObject(unknown('riderId'));
    expect((await page('admin', 'list_riders', { companyId: w.companyA.id })).total).toBe(2);
  });

  test('every tool has a title, an output schema, and says whether it only reads', () => {
    for (const t of ALL_TOOLS) {
      expect(t.title.length).toBeGreaterThan(3);
      expect(t.output).toBeDefined();
      expect(t.readOnly).toBe(t.name !== 'create_ticket');
    }
  });
});

describe('system_stats', () => {
  test('an admin gets the six stats, a company its overview, a rider its day', async () => {
    expect(await call('admin', 'system_stats')).toMatchObject({ scope: 'system', totalRiders: 4, totalCompanies: 2, currency: 'KWD' });
    expect(await call('companyA', 'system_stats')).toMatchObject({ scope: 'company', companyName: 'Alpha Couriers', fleetSize: 2, activeOrders: 2, currency: 'KWD', successRate: 66.7 });
    expect(await call('riderB', 'system_stats')).toMatchObject({ scope: 'rider', riderId: w.riderB.id, currency: 'AED', cashOnHand: 20 });
  });
});

describe('directory tools', () => {
  test('list_companies: an admin sees both, a company only itself', async () => {
    expect((await page('admin', 'list_companies')).items.map((c) => c.name)).toEqual(['Alpha Couriers', 'Beta Express']);
    // The same row as the admin's, counts included; the filters apply to it as they would for an admin.
    const adminRow = (await page('admin', 'list_companies', { q: 'Beta' })).items[0];
    expect(await page('companyB', 'list_companies')).toEqual({ items: [adminRow!], total: 1, page: 1, pageSize: 20, pages: 1 });
    expect(adminRow).toMatchObject({ name: 'Beta Express', riders: 2, currency: 'AED' });
    expect(await page('companyB', 'list_companies', { q: 'Alpha' })).toMatchObject({ items: [], total: 0 });
    expect((await page('companyB', 'list_companies', { region: 'uae', active: true })).total).toBe(1);
  });

  test('list_riders: a company sees its own riders; another company\'s id is refused', async () => {
    expect((await page('companyA', 'list_riders')).items.map((r) => r.companyId)).toEqual([w.companyA.id, w.companyA.id]);
    expect((await page('companyA', 'list_riders', { companyId: w.companyA.id })).total).toBe(2);
    await expect(call('companyA', 'list_riders', { companyId: w.companyB.id })).rejects.toThrow(OTHER_COMPANY);
    expect((await page('admin', 'list_riders', { companyId: w.companyB.id })).items.map((r) => r.name).sort()).toEqual(['Bashir Beta', 'Rashed Beta']);
  });
});

describe('search_orders', () => {
  test('scoped to the company, the rider, or everything', async () => {
    expect((await page('admin', 'search_orders')).total).toBe(7);
    const a = await page('companyA', 'search_orders');
    expect(a.total).toBe(5);
    expect(a.items.every((o) => o.companyId === w.companyA.id)).toBe(true);
    const mine = await page('riderA', 'search_orders');
    expect(mine.items.map((o) => o.customerName).sort()).toEqual(['Fatima Alpha', 'Hamad Alpha', 'Noura Alpha', 'Salem Alpha']);
    expect((await page('companyA', 'search_orders', { q: 'fatima' })).items.map((o) => o.deliveryFee)).toEqual([1]);
    expect((await page('admin', 'search_orders', { status: 'cancelled' })).items.map((o) => o.customerName)).toEqual(['Gone Beta']);
  });

  test('another company\'s orders or riders are never returned', async () => {
    await expect(call('companyA', 'search_orders', { companyId: w.companyB.id })).rejects.toThrow(OTHER_COMPANY);
    await expect(call('companyA', 'search_orders', { riderId: w.riderB.id })).rejects.toThrow(RIDER_NOT_FOUND);
    await expect(call('riderA', 'search_orders', { riderId: w.riderB.id })).rejects.toThrow(RIDER_NOT_FOUND);
    await expect(call('riderA', 'search_orders', { companyId: w.companyB.id })).rejects.toThrow(OTHER_COMPANY);
    expect((await page('companyB', 'search_orders', { q: 'Alpha' })).total).toBe(0);
  });
});

describe('rider_performance', () => {
  test('rider A over 30 days: outcomes, hours less breaks, rate, efficiency and money', async () => {
    const perf = await call('companyA', 'rider_performance', { riderId: w.riderA.id });
    expect(perf).toMatchObject({
      rider: { id: w.riderA.id, companyName: 'Alpha Couriers' },
      orders: { assigned: 4, delivered: 2, failed: 1, cancelled: 0, open: 1 },
      completionRate: 66.7,
      shifts: 1,
      hoursWorked: 3.5,
      // Orders per hour counts deliveries made on duty (docs/figures.md): the one 5 hours ago, not the one 30 hours ago.
      deliveriesOnDuty: 1,
      ordersPerHour: 0.29,
      efficiency: 9.5,
      feesEarned: { KWD: '2.000' },
      cashCollected: { KWD: '10.000' },
      latestAppSnapshot: null,
    });
  });

  test('a rider sees itself; a company or another rider cannot see across the wall', async () => {
    expect(await call('riderA', 'rider_performance')).toMatchObject({ rider: { id: w.riderA.id } });
    await expect(call('riderB', 'rider_performance', { riderId: w.riderA.id })).rejects.toThrow(RIDER_NOT_FOUND);
    await expect(call('companyB', 'rider_performance', { riderId: w.riderA.id })).rejects.toThrow(RIDER_NOT_FOUND);
    expect(await call('admin', 'rider_performance', { riderId: w.riderB.id, days: 1 })).toMatchObject({ orders: { delivered: 1 }, feesEarned: { AED: '15.00' } });
  });
});

describe('cash_reconciliation', () => {
  test('collected, confirmed, pending, discrepancy, disputed, on hand and outstanding per rider, with totals per currency', async () => {
    expect(await call('admin', 'cash_reconciliation')).toEqual({
      riders: [
        // The disputed 1.000 went back to Rami's hand (the ledger): 10.000 − 3.000 − 2.000 = 5.000 on hand.
        { riderId: w.riderA.id, riderName: 'Rami Alpha', companyName: 'Alpha Couriers', currency: 'KWD', collected: '10.000', confirmed: '3.000', pending: '2.000', discrepancy: '0.000', disputed: '1.000', onHand: '5.000', outstanding: '7.000' },
        { riderId: w.riderB.id, riderName: 'Rashed Beta', companyName: 'Beta Express', currency: 'AED', collected: '20.00', confirmed: '0.00', pending: '0.00', discrepancy: '0.00', disputed: '0.00', onHand: '20.00', outstanding: '20.00' },
      ],
      totals: [
        { currency: 'KWD', collected: '10.000', confirmed: '3.000', pending: '2.000', discrepancy: '0.000', disputed: '1.000', onHand: '5.000', outstanding: '7.000' },
        { currency: 'AED', collected: '20.00', confirmed: '0.00', pending: '0.00', discrepancy: '0.00', disputed: '0.00', onHand: '20.00', outstanding: '20.00' },
      ],
      truncated: false,
    });
  });

  test('a company sees only its riders, a rider only itself', async () => {
    const a = (await call('companyA', 'cash_reconciliation')) as { riders: { riderId: string }[] };
    expect(a.riders.map((r) => r.riderId)).toEqual([w.riderA.id]);
    await expect(call('companyA', 'cash_reconciliation', { companyId: w.companyB.id })).rejects.toThrow(OTHER_COMPANY);
    await expect(call('companyB', 'cash_reconciliation', { riderId: w.riderA.id })).rejects.toThrow(RIDER_NOT_FOUND);
    const b = (await call('riderB', 'cash_reconciliation')) as { riders: { riderId: string }[] };
    expect(b.riders.map((r) => r.riderId)).toEqual([w.riderB.id]);
  });

  test('counted differences, their resolution, disputes and corrections come from the ledger', async () => {
    const { company, rider, scope } = await makeSoloCompany(db, 'Gamma Ledger');
    const by = { actorId: scope.userId, companyId: scope.companyId };
    const at = (h: number) => new Date(TOOL_NOW.getTime() - h * 3_600_000);
    await makeOrder(db, company, { riderId: rider.id, status: 'delivered', codAmountMinor: 10000, createdAt: at(10) });
    const short = await makeSubmission(db, { riderId: rider.id, currency: 'KWD', amountMinor: 6000, status: 'pending', submittedAt: at(9) });
    await countSubmission(db, by, short.id, 5000, at(8));
    await makeSubmission(db, { riderId: rider.id, currency: 'KWD', amountMinor: 1000, status: 'disputed', submittedAt: at(7) });
    await correctCash(db, by, rider.id, -0.5, at(6));
    const row = async () => ((await callTool(db, scope, 'cash_reconciliation', {}, TOOL_NOW, { aedToKwd: 0.1 })) as { riders: Record<string, string>[] }).riders;
    // Collected less every hand-over would say 9.000 on hand and nothing received (the short count is
    // no `confirmed` status); the ledger: 5.000 received, 1.000 short to resolve, the disputed 1.000 back
    // in hand, 0.500 taken off by the correction.
    expect(await row()).toEqual([
      { riderId: rider.id, riderName: 'Gamma Ledger Rider', companyName: 'Gamma Ledger', currency: 'KWD', collected: '10.000', confirmed: '5.000', pending: '0.000', discrepancy: '1.000', disputed: '1.000', onHand: '3.500', outstanding: '4.500' },
    ]);
    // Written off: the rider no longer answers for the 1.000.
    await resolveSubmission(db, by, short.id, 'write_off', at(5));
    expect(await row()).toEqual([expect.objectContaining({ confirmed: '5.000', discrepancy: '0.000', onHand: '3.500', outstanding: '3.500' })]);
    // The admin sees the same row; company A does not.
    const all = (await call('admin', 'cash_reconciliation', { companyId: company.id })) as { riders: Record<string, string>[] };
    expect(all.riders).toEqual([expect.objectContaining({ riderId: rider.id, outstanding: '3.500' })]);
    const a = (await call('companyA', 'cash_reconciliation')) as { riders: { riderId: string }[] };
    expect(a.riders.map((r) => r.riderId)).toEqual([w.riderA.id]);
  });
});

describe('analyses and tickets', () => {
  test('each analysis tool answers for the scope with figures', async () => {
    for (const type of ['financial', 'hr', 'legal', 'performance'] as const) {
      const res = (await call('companyA', `analysis_${type}`)) as { type: string; scope: { kind: string; name: string }; figures: object };
      expect(res.type).toBe(type);
      expect(res.scope).toEqual({ kind: 'company', name: 'Alpha Couriers' });
      expect(Object.keys(res.figures).length).toBeGreaterThan(0);
    }
  });

  test('create_ticket opens a ticket as the caller; list_tickets shows a user only their own', async () => {
    const made = (await call('riderA', 'create_ticket', { subject: 'App froze', body: 'The map froze on delivery.' })) as { id: string; priority: string; status: string };
    expect(made).toMatchObject({ priority: 'medium', status: 'open' });
    expect(((await call('riderA', 'list_tickets')) as { id: string }[]).map((t) => t.id)).toEqual([made.id]);
    expect(await call('riderB', 'list_tickets')).toEqual([]);
    expect(((await call('admin', 'list_tickets', { status: 'open' })) as { id: string }[]).map((t) => t.id)).toContain(made.id);
  });
});
