import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLog, companies, riders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { orderListInput, riderListInput, companyListInput } from '../../../shared/schemas/oversight';
import { listCompaniesPaged, listRidersPaged, setCompanyActive, setRiderActive, updateCompany } from './admin-directory';
import { listOrders, orderDetail } from '../orders';

const { db, w } = await freshWorld();

beforeAll(async () => {
  // 25 orders for A (Kuwait), 5 for B (UAE), on known days.
  for (let i = 0; i < 25; i++) {
    await makeOrder(db, w.companyA, { customerName: i === 7 ? 'Fatima Al-Mutairi' : `Alpha ${i}`, status: i % 5 === 0 ? 'delivered' : 'pending', createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 10), 9)) });
  }
  for (let i = 0; i < 5; i++) await makeOrder(db, w.companyB, { customerName: `Bravo ${i}`, status: 'cancelled', createdAt: new Date(Date.UTC(2026, 10, 3, 9)) });
});

const orderQ = (x: Record<string, unknown>) => orderListInput.parse(x);

describe('orders list', () => {
  test('pages on the server, newest first, with the total', async () => {
    const p1 = await listOrders(db, orderQ({ pageSize: 10 }), null);
    expect([p1.total, p1.pages, p1.items.length]).toEqual([30, 3, 10]);
    const p3 = await listOrders(db, orderQ({ pageSize: 10, page: 3 }), null);
    expect(p3.items.length).toBe(10);
    expect(p1.items[0]!.createdAt >= p1.items[9]!.createdAt).toBe(true);
  });

  test('filters by company, status, region, date range and search text', async () => {
    expect((await listOrders(db, orderQ({ companyId: w.companyB.id }), null)).total).toBe(5);
    expect((await listOrders(db, orderQ({ status: 'delivered' }), null)).total).toBe(5);
    expect((await listOrders(db, orderQ({ region: 'uae' }), null)).total).toBe(5);
    // Nov 3 in Kuwait: A's i=2,12,22 plus B's five.
    expect((await listOrders(db, orderQ({ from: '2026-11-03', to: '2026-11-03' }), null)).total).toBe(8);
    const found = await listOrders(db, orderQ({ q: 'fatima' }), null);
    expect(found.items.map((o) => o.customerName)).toEqual(['Fatima Al-Mutairi']);
    expect((await listOrders(db, orderQ({ q: '100%' }), null)).total).toBe(0);
  });

  test('a company scope overrides any company filter', async () => {
    const res = await listOrders(db, orderQ({ companyId: w.companyB.id }), w.companyA.id);
    expect(res.total).toBe(25);
  });

  test('detail has the fee in minor units (major units on the wire) and the timeline', async () => {
    const o = await makeOrder(db, w.companyA, { deliveryFeeMinor: 1250 });
    const d = await orderDetail(db, o.id, null);
    expect([d.deliveryFeeMinor, d.currency, d.companyName, d.timeline.length]).toEqual([1250, 'KWD', w.companyA.name, 0]);
    expect((await (await callerFor(db, w.admin.id)).admin.orderDetail({ id: o.id })).deliveryFee).toBe(1.25);
    await expect(orderDetail(db, o.id, w.companyB.id)).rejects.toThrow('Order not found');
  });
});

describe('companies and riders lists', () => {
  test('companies with counts, searchable and filterable', async () => {
    const all = await listCompaniesPaged(db, companyListInput.parse({}));
    const a = all.items.find((c) => c.id === w.companyA.id)!;
    const ordersOfA = (await listOrders(db, orderQ({ companyId: w.companyA.id }), null)).total;
    expect([all.total, a.riders, a.orders]).toEqual([2, 2, ordersOfA]);
    expect(ordersOfA).toBeGreaterThanOrEqual(25);
    expect((await listCompaniesPaged(db, companyListInput.parse({ region: 'uae' }))).items.map((c) => c.id)).toEqual([w.companyB.id]);
  });

  test('riders by company, status and text', async () => {
    expect((await listRidersPaged(db, riderListInput.parse({ companyId: w.companyA.id }))).total).toBe(2);
    expect((await listRidersPaged(db, riderListInput.parse({ q: 'Aziz' }))).items.map((r) => r.name)).toEqual(['Aziz Alpha']);
  });

  test('deactivate and reactivate are audited and reversible', async () => {
    await setRiderActive(db, w.admin.id, w.riderA2.id, false);
    expect((await db.query.riders.findFirst({ where: eq(riders.id, w.riderA2.id) }))!.status).toBe('inactive');
    expect((await listRidersPaged(db, riderListInput.parse({ status: 'inactive' }))).items.map((r) => r.id)).toEqual([w.riderA2.id]);
    await setRiderActive(db, w.admin.id, w.riderA2.id, true);
    await setCompanyActive(db, w.admin.id, w.companyB.id, false);
    expect((await db.query.companies.findFirst({ where: eq(companies.id, w.companyB.id) }))!.active).toBe(false);
    const actions = (await db.select().from(auditLog)).map((a) => `${a.action} ${a.entity}`);
    expect(actions).toEqual(expect.arrayContaining(['deactivate rider', 'reactivate rider', 'deactivate company']));
  });

  test('editing a company records before and after', async () => {
    await updateCompany(db, w.admin.id, { id: w.companyA.id, name: 'Alpha Couriers KW', phone: '', address: 'Salmiya', contactPerson: 'Mona', sheetUrl: 'https://docs.google.com/spreadsheets/d/abc' });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    const detail = entry!.detail as { before: { name: string }; after: { name: string; sheetUrl: string } };
    expect([detail.before.name, detail.after.name, detail.after.sheetUrl]).toEqual(['Alpha Couriers', 'Alpha Couriers KW', 'https://docs.google.com/spreadsheets/d/abc']);
  });
});
