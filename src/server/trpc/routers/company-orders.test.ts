import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { orders } from '../../../../db/schema';
import { freshWorldCallers, callerFor } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder, makeRider } from '../../../../test/factories';

type Caller = Awaited<ReturnType<typeof callerFor>>;
const { db, w, callers: { managerA: a, managerB: b } } = await freshWorldCallers();
let orderA: string;
let orderB: string;
let seedA: string;

const form = { customerName: 'Noura', customerPhone: '+96550001234', pickupAddress: 'Pickup', deliveryAddress: 'Delivery', deliveryFee: 1.25 };

beforeAll(async () => {
  orderA = (await makeOrder(db, w.companyA, { customerName: 'Alpha Customer' })).id;
  orderB = (await makeOrder(db, w.companyB, { customerName: 'Beta Customer' })).id;
  seedA = (await makeOrder(db, w.companyA, { customerName: 'Sample Customer', source: 'seed' })).id;
});

describe('company.createOrder', () => {
  test('creates in the caller’s company with fils, cash on delivery and a tracking code; a companyId in the input is ignored', async () => {
    const res = await a.company.createOrder({ ...form, codAmount: 12.5, companyId: w.companyB.id, priority: 'high' });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row).toMatchObject({ companyId: w.companyA.id, currency: 'KWD', deliveryFeeMinor: 1250, codAmountMinor: 12500, paymentMethod: 'cash', source: 'form', priority: 'high', status: 'pending' });
    expect(row!.trackingCode).toMatch(/^[0-9a-f]{24}$/);
    const detail = await a.company.orderDetail({ id: res.order.id });
    expect(detail.timeline.map((e) => e.status)).toEqual(['pending']);
    expect(detail.codAmount).toBe(12.5);
  });

  test('no cash on delivery → prepaid', async () => {
    const res = await b.company.createOrder({ ...form, currency: 'AED', deliveryFee: 15 });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row).toMatchObject({ companyId: w.companyB.id, currency: 'AED', deliveryFeeMinor: 1500, codAmountMinor: 0, paymentMethod: 'prepaid' });
  });

  test('a currency other than the company’s is refused, naming the field', async () => {
    const err = await expectTRPCError(b.company.createOrder({ ...form, currency: 'KWD' }), 'BAD_REQUEST', 'Orders of Beta Express are in AED');
    expect((err.cause as { field?: string }).field).toBe('currency');
  });

  test('a negative cash on delivery amount is refused', async () => {
    await expectTRPCError(a.company.createOrder({ ...form, codAmount: -1 }), 'BAD_REQUEST', /Cash on delivery cannot be negative/);
  });
});

describe('the tenant wall, both ways', () => {
  test('by list: each company sees only its own orders, whatever companyId it asks for', async () => {
    const listA = await a.company.orderList({ companyId: w.companyB.id, pageSize: 100 });
    expect(listA.items.every((o) => o.companyId === w.companyA.id)).toBe(true);
    expect(listA.items.map((o) => o.id)).toContain(orderA);
    expect(listA.items.map((o) => o.id)).not.toContain(orderB);
    const listB = await b.company.orderList({ companyId: w.companyA.id, pageSize: 100 });
    expect(listB.items.every((o) => o.companyId === w.companyB.id)).toBe(true);
    expect(listB.items.map((o) => o.id)).not.toContain(orderA);
  });

  test('by search: another company’s order id finds nothing', async () => {
    expect((await a.company.orderList({ q: orderB })).total).toBe(0);
    expect((await b.company.orderList({ q: orderA })).total).toBe(0);
    expect((await a.company.orderList({ q: orderA })).total).toBe(1);
  });

  test('by id: another company’s order is NOT_FOUND for read, assign and move', async () => {
    await expectTRPCError(a.company.orderDetail({ id: orderB }), 'NOT_FOUND', 'Order not found');
    await expectTRPCError(b.company.orderDetail({ id: orderA }), 'NOT_FOUND', 'Order not found');
    await expectTRPCError(a.company.assignOrder({ orderId: orderB, riderId: w.riderB.id }), 'NOT_FOUND', 'Order not found');
    await expectTRPCError(b.company.assignOrder({ orderId: orderA, riderId: w.riderA.id }), 'NOT_FOUND', 'Order not found');
    await expectTRPCError(a.company.setOrderStatus({ orderId: orderB, status: 'cancelled' }), 'NOT_FOUND', 'Order not found');
    await expectTRPCError(b.company.setOrderStatus({ orderId: orderA, status: 'cancelled' }), 'NOT_FOUND', 'Order not found');
    const [rowA, rowB] = await Promise.all([db.query.orders.findFirst({ where: eq(orders.id, orderA) }), db.query.orders.findFirst({ where: eq(orders.id, orderB) })]);
    expect(rowA).toMatchObject({ status: 'pending', riderId: null });
    expect(rowB).toMatchObject({ status: 'pending', riderId: null });
  });

  test('an order of one’s own cannot go to another company’s rider', async () => {
    await expectTRPCError(a.company.assignOrder({ orderId: orderA, riderId: w.riderB.id }), 'BAD_REQUEST', 'Choose a rider of the same company');
  });

  test('export: each company’s report holds only its own orders', async () => {
    const codes = async (c: Caller) => (await c.company.exportReport()).orders.map((o) => o.trackingCode);
    const [rowA, rowB] = await Promise.all([db.query.orders.findFirst({ where: eq(orders.id, orderA) }), db.query.orders.findFirst({ where: eq(orders.id, orderB) })]);
    expect(await codes(a)).toContain(rowA!.trackingCode);
    expect(await codes(a)).not.toContain(rowB!.trackingCode);
    expect(await codes(b)).toContain(rowB!.trackingCode);
    expect(await codes(b)).not.toContain(rowA!.trackingCode);
  });
});

describe('the order’s life, by its company', () => {
  test('assign to an own rider, then picked up → delivered, each stamped on the timeline', async () => {
    const id = (await a.company.createOrder(form)).order.id;
    await a.company.assignOrder({ orderId: id, riderId: w.riderA.id });
    await a.company.setOrderStatus({ orderId: id, status: 'picked_up' });
    await a.company.setOrderStatus({ orderId: id, status: 'delivered' });
    const d = await a.company.orderDetail({ id });
    expect(d.status).toBe('delivered');
    expect(d.riderName).toBe(w.riderA.name);
    expect(d.deliveredAt).not.toBeNull();
    expect(d.timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up', 'delivered']);
    expect(d.timeline.every((e) => e.actor === 'Mona' && !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  test('illegal transitions are refused and change nothing', async () => {
    const id = (await a.company.createOrder(form)).order.id;
    await expectTRPCError(a.company.setOrderStatus({ orderId: id, status: 'delivered' }), 'BAD_REQUEST', 'An order that is pending cannot become delivered');
    await expectTRPCError(a.company.setOrderStatus({ orderId: id, status: 'picked_up' }), 'BAD_REQUEST', 'An order that is pending cannot become picked up');
    await expectTRPCError(a.company.setOrderStatus({ orderId: id, status: 'assigned' }), 'BAD_REQUEST', 'Assign a rider first');
    await a.company.setOrderStatus({ orderId: id, status: 'cancelled' });
    await expectTRPCError(a.company.setOrderStatus({ orderId: id, status: 'pending' }), 'BAD_REQUEST', 'An order that is cancelled cannot become pending');
    await expectTRPCError(a.company.assignOrder({ orderId: id, riderId: w.riderA.id }), 'BAD_REQUEST', 'An order that is cancelled cannot be reassigned');
    expect((await a.company.orderDetail({ id })).timeline.map((e) => e.status)).toEqual(['pending', 'cancelled']);
  });

  test('a suspended rider of one’s own cannot be given an order', async () => {
    const { rider } = await makeRider(db, w.companyA, { status: 'suspended', withUser: false });
    await expectTRPCError(a.company.assignOrder({ orderId: orderA, riderId: rider.id }), 'BAD_REQUEST', 'This rider is not active');
  });
});

describe('company.orderList filters', () => {
  test('source = seed shows only the sample orders', async () => {
    const res = await a.company.orderList({ source: 'seed' });
    expect(res.items.map((o) => o.id)).toEqual([seedA]);
  });

  test('status filter and paging', async () => {
    const res = await a.company.orderList({ status: 'delivered', pageSize: 5 });
    expect(res.items.every((o) => o.status === 'delivered')).toBe(true);
    expect(res.pageSize).toBe(5);
  });
});
