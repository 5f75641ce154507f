import { beforeAll, describe, expect, test } from 'bun:test';
import { dispatchOfferOrders, dispatchOffers, orders } from '../../../../db/schema';
import { eq } from 'drizzle-orm';
import { login } from '../../../../test/app';
import { apiWorld, call, kuwaitOrder, type ApiWorld } from '../../../../test/api-v1';
import { makeOrder, TEST_PASSWORD } from '../../../../test/factories';

/** GET /api/v1/orders/{id}, POST …/cancel and GET /api/v1/orders (issue 25, item 5): a company sees only its own. */
let x: ApiWorld;
beforeAll(async () => {
  x = await apiWorld();
});

const get = (path: string, token = x.tokens.A) => call(x.app, 'GET', path, { token });
const create = async () => (await call(x.app, 'POST', '/api/v1/orders', { token: x.tokens.A, body: kuwaitOrder(), key: crypto.randomUUID() })).json.id!;

describe('GET /api/v1/orders/{id}', () => {
  test('the order, its timeline, no offer and no ETA yet', async () => {
    const id = await create();
    const res = await get(`/api/v1/orders/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: 'pending',
      dispatchState: null,
      riderId: null,
      offer: null,
      eta: null,
      customer: { name: 'Fatima Al-Sabah', phone: '+96550001234', language: 'ar' },
      currency: 'KWD',
      fee: '1.250',
      cashToCollect: '7.500',
    });
    expect((res.json.timeline as { status: string; riderId: string | null }[]).map((e) => [e.status, e.riderId])).toEqual([['pending', null]]);
  });

  test('the open offer and the ETAs as they are stored', async () => {
    const id = await create();
    const expiresAt = new Date(Date.now() + 60_000);
    const [offer] = await x.db.insert(dispatchOffers).values({ companyId: x.w.companyA.id, riderId: x.w.riderA.id, expiresAt }).returning();
    await x.db.insert(dispatchOfferOrders).values({ offerId: offer!.id, orderId: id });
    const pickupAt = new Date(Date.now() + 5 * 60_000);
    await x.db.update(orders).set({ dispatchState: 'offering', etaPickupAt: pickupAt }).where(eq(orders.id, id));
    const res = await get(`/api/v1/orders/${id}`);
    expect(res.json).toMatchObject({ dispatchState: 'offering', offer: { riderId: x.w.riderA.id, expiresAt: expiresAt.toISOString() }, eta: { pickupAt: pickupAt.toISOString(), dropoffAt: null } });
  });

  test("another company's order is 404 to read and to cancel, and stays as it was", async () => {
    const id = await create();
    for (const [method, path] of [['GET', `/api/v1/orders/${id}`], ['POST', `/api/v1/orders/${id}/cancel`]] as const) {
      const res = await call(x.app, method, path, { token: x.tokens.B });
      expect([res.status, res.json.error?.message]).toEqual([404, 'Order not found']);
      expect(res.text).not.toContain('Fatima');
    }
    expect((await x.db.query.orders.findFirst({ where: eq(orders.id, id) }))!.status).toBe('pending');
  });

  test("the company portal's session works as a token does", async () => {
    const id = await create();
    const cookie = await login(x.app, x.w.managerA.email, TEST_PASSWORD);
    const res = await call(x.app, 'GET', `/api/v1/orders/${id}`, { headers: { cookie } });
    expect([res.status, res.json.id]).toEqual([200, id]);
  });
});

describe('POST /api/v1/orders/{id}/cancel', () => {
  test('a pending order is cancelled through the lifecycle (timeline); a second cancel is 409', async () => {
    const id = await create();
    const res = await call(x.app, 'POST', `/api/v1/orders/${id}/cancel`, { token: x.tokens.A });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('cancelled');
    expect((res.json.timeline as { status: string }[]).map((e) => e.status)).toEqual(['pending', 'cancelled']);
    const again = await call(x.app, 'POST', `/api/v1/orders/${id}/cancel`, { token: x.tokens.A });
    expect([again.status, again.json.error?.message]).toEqual([409, 'An order that is cancelled can no longer be cancelled']);
  });

  test('a picked-up or delivered order: 409, unchanged', async () => {
    for (const status of ['picked_up', 'delivered'] as const) {
      const o = await makeOrder(x.db, x.w.companyA, { status, riderId: x.w.riderA.id });
      const res = await call(x.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: x.tokens.A });
      expect([res.status, res.json.error?.code]).toEqual([409, 'CONFLICT']);
      expect((await x.db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!.status).toBe(status);
    }
  });
});

describe('GET /api/v1/orders', () => {
  test('own orders only, newest first, by status and time window, paged', async () => {
    const { w, db } = x;
    const t0 = Date.now() - 10 * 24 * 3_600_000;
    const at = (h: number) => new Date(t0 + h * 3_600_000);
    const mine = [
      await makeOrder(db, w.companyA, { createdAt: at(1), status: 'delivered', riderId: w.riderA.id }),
      await makeOrder(db, w.companyA, { createdAt: at(2) }),
      await makeOrder(db, w.companyA, { createdAt: at(3) }),
    ];
    await makeOrder(db, w.companyB, { createdAt: at(2) });
    const window = `from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(3).toISOString())}`;
    const res = await get(`/api/v1/orders?${window}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 2, page: 1, pageSize: 50, pages: 1 });
    expect((res.json.items as { id: string }[]).map((o) => o.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    const delivered = await get(`/api/v1/orders?status=delivered&${window}`);
    expect((delivered.json.items as { id: string }[]).map((o) => o.id)).toEqual([mine[0]!.id]);
    const page2 = await get(`/api/v1/orders?from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(4).toISOString())}&pageSize=2&page=2`);
    expect(page2.json).toMatchObject({ total: 3, page: 2, pageSize: 2, pages: 2 });
    expect((page2.json.items as { id: string }[]).map((o) => o.id)).toEqual([mine[0]!.id]);
  });

  test('a bad filter is 400', async () => {
    for (const q of ['status=lost', 'from=yesterday', 'pageSize=1000', 'colour=red']) expect((await get(`/api/v1/orders?${q}`)).status).toBe(400);
  });
});
