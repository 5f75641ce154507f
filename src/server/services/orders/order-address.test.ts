import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { orders } from '../../../../db/schema';
import { freshWorldCallers, callerFor, login, postJson, testApp } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { TEST_PASSWORD } from '../../../../test/factories';
import { publicTracking } from './tracking-page';

const { db, w, callers: { managerA: a, managerB: b, admin } } = await freshWorldCallers();

const form = { customerName: 'Noura', customerPhone: '+96550001234', pickupAddress: 'ignored', deliveryAddress: 'ignored', deliveryFee: 1 };
const salmiya = { country: 'KW' as const, governorate: 'hawalli', area: 'salmiya', block: '١٠', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Next to the co-op', pin: { lat: 29.3346, lng: 48.0768 } };
const shuwaikh = { country: 'KW' as const, governorate: 'capital', area: 'shuwaikh', block: '1', street: 'Canada Dry St', building: 'Warehouse 4' };


describe('orders with structured Gulf addresses', () => {
  test('the parts are stored and the text columns written from them; another company cannot see the order', async () => {
    const res = await a.company.createOrder({ ...form, pickupAddressParts: shuwaikh, deliveryAddressParts: salmiya });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row!.deliveryAddress).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Next to the co-op');
    expect(row!.pickupAddress).toBe('Block 1, Canada Dry St, Building Warehouse 4, Shuwaikh, Capital');
    expect(row!.deliveryAddressParts).toMatchObject({ country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', paci: '12345678', pin: { lat: 29.3346, lng: 48.0768 } });
    expect(row!.pickupAddressParts).toMatchObject({ area: 'shuwaikh' });
    await expectTRPCError(b.company.orderDetail({ id: res.order.id }), 'NOT_FOUND');
  });

  test('free text still works (no parts stored)', async () => {
    const res = await a.company.createOrder({ ...form, deliveryAddress: 'Salmiya, Block 2' });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row).toMatchObject({ deliveryAddress: 'Salmiya, Block 2', deliveryAddressParts: null, pickupAddressParts: null });
  });

  test('an area outside its governorate and an address of the other country are refused', async () => {
    await expectTRPCError(a.company.createOrder({ ...form, deliveryAddressParts: { ...salmiya, area: 'fahaheel' } }), 'BAD_REQUEST', /Choose an area of this governorate/);
    const ae = { country: 'AE' as const, emirate: 'dubai', area: 'deira', building: '7', makani: '12345 67890' };
    const err = await expectTRPCError(a.company.createOrder({ ...form, deliveryAddressParts: ae }), 'BAD_REQUEST', "Use an address in the company's country");
    expect((err.cause as { field?: string }).field).toBe('deliveryAddressParts');
    const ok = await b.company.createOrder({ ...form, currency: 'AED', deliveryAddressParts: ae });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, ok.order.id) });
    expect(row!.deliveryAddress).toBe('Building 7, Deira, Dubai');
  });

  test('the public tracking page shows only the area and governorate', async () => {
    const res = await a.company.createOrder({ ...form, deliveryAddressParts: salmiya });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    const page = await publicTracking(db, row!.trackingCode!);
    expect(page.area).toBe('Salmiya, Hawalli');
    expect(page.place).toEqual({ area: { en: 'Salmiya', ar: 'السالمية' }, division: { en: 'Hawalli', ar: 'حولي' } });
    const json = JSON.stringify(page);
    for (const secret of ['12345678', 'Flat', 'co-op', '48.0768', 'Block']) expect(json).not.toContain(secret);
  });
});

describe('an admin’s order with structured Gulf addresses (the Add Order modal)', () => {
  test('admin.createOrder stores Kuwait parts and writes the text columns from them', async () => {
    const res = await admin.admin.createOrder({ ...form, companyId: w.companyA.id, currency: 'KWD', pickupAddressParts: shuwaikh, deliveryAddressParts: salmiya });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row!.companyId).toBe(w.companyA.id);
    expect(row!.pickupAddress).toBe('Block 1, Canada Dry St, Building Warehouse 4, Shuwaikh, Capital');
    expect(row!.deliveryAddress).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Next to the co-op');
    expect(row!.pickupAddressParts).toMatchObject({ country: 'KW', governorate: 'capital', area: 'shuwaikh' });
    expect(row!.deliveryAddressParts).toMatchObject({ country: 'KW', governorate: 'hawalli', area: 'salmiya', paci: '12345678' });
  });

  test('admin.createOrder: an AED order with Kuwait parts is refused, naming the field', async () => {
    const err = await expectTRPCError(
      admin.admin.createOrder({ ...form, companyId: w.companyB.id, currency: 'AED', deliveryAddressParts: salmiya }),
      'BAD_REQUEST',
      "Use an address in the company's country",
    );
    expect((err.cause as { field?: string }).field).toBe('deliveryAddressParts');
    const pickupErr = await expectTRPCError(admin.admin.createOrder({ ...form, companyId: w.companyB.id, currency: 'AED', pickupAddressParts: shuwaikh }), 'BAD_REQUEST');
    expect((pickupErr.cause as { field?: string }).field).toBe('pickupAddressParts');
  });

  test('REST POST /api/orders passes the parts through; AED with Kuwait parts is a 400 naming the field', async () => {
    const app = testApp(db);
    const cookie = await login(app, 'admin@kwtdelivery.com', TEST_PASSWORD, '203.0.113.40');
    const ok = await postJson(app, '/api/orders', { ...form, companyId: w.companyA.id, currency: 'KWD', deliveryAddressParts: salmiya }, { cookie });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.success).toBe(true);
    expect(typeof body.order.id).toBe('string');
    const row = await db.query.orders.findFirst({ where: eq(orders.id, body.order.id) });
    expect(row!.deliveryAddress).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Next to the co-op');
    expect(row!.deliveryAddressParts).toMatchObject({ country: 'KW', area: 'salmiya' });
    expect(row!.pickupAddress).toBe('ignored');
    expect(row!.pickupAddressParts).toBeNull();

    const bad = await postJson(app, '/api/orders', { ...form, companyId: w.companyB.id, currency: 'AED', deliveryAddressParts: salmiya }, { cookie });
    expect(bad.status).toBe(400);
    const error = (await bad.json()).error;
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.field).toBe('deliveryAddressParts');
    expect(error.message).toContain("Use an address in the company's country");
  });
});

describe('order APIs return the parts, so each reader sees the address in their language (issue 8)', () => {
  test('company.orderList and orderDetail, admin.orderList and orderDetail: parts read back through the schema; free text has none', async () => {
    const parted = await a.company.createOrder({ ...form, customerName: 'Parts Reader', pickupAddressParts: shuwaikh, deliveryAddressParts: salmiya });
    const plain = await a.company.createOrder({ ...form, customerName: 'Text Reader', deliveryAddress: 'Salmiya, Block 2' });
    const list = await a.company.orderList({ q: 'Reader' });
    const byName = Object.fromEntries(list.items.map((o) => [o.customerName, o]));
    expect(byName['Parts Reader']!.deliveryAddressParts).toMatchObject({ country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10' });
    expect(byName['Text Reader']!.deliveryAddressParts).toBeNull();
    const adminList = await admin.admin.orderList({ q: 'Parts Reader' });
    expect(adminList.items[0]!.deliveryAddressParts).toMatchObject({ area: 'salmiya' });

    const detail = await a.company.orderDetail({ id: parted.order.id });
    expect(detail.deliveryAddressParts).toMatchObject({ area: 'salmiya', paci: '12345678', landmark: 'Next to the co-op' });
    expect(detail.pickupAddressParts).toMatchObject({ governorate: 'capital', area: 'shuwaikh' });
    expect((await admin.admin.orderDetail({ id: parted.order.id })).deliveryAddressParts).toMatchObject({ area: 'salmiya' });
    expect((await a.company.orderDetail({ id: plain.order.id })).deliveryAddressParts).toBeNull();
  });

  test('a malformed stored parts column reads as null (the text is shown)', async () => {
    const res = await a.company.createOrder({ ...form, customerName: 'Broken Parts', deliveryAddress: 'Somewhere' });
    await db.update(orders).set({ deliveryAddressParts: { country: 'KW', area: 'atlantis' } }).where(eq(orders.id, res.order.id));
    expect((await a.company.orderDetail({ id: res.order.id })).deliveryAddressParts).toBeNull();
    expect((await a.company.orderList({ q: 'Broken Parts' })).items[0]!.deliveryAddressParts).toBeNull();
  });

  test('the rider app’s orders carry the parts too', async () => {
    const res = await a.company.createOrder({ ...form, customerName: 'Rider Reader', deliveryAddressParts: salmiya });
    await a.company.assignOrder({ orderId: res.order.id, riderId: w.riderA.id });
    const rider = await callerFor(db, w.riderA.user.id);
    const mine = (await rider.rider.orders()).find((o) => o.id === res.order.id)!;
    expect(mine.deliveryAddressParts).toMatchObject({ area: 'salmiya' });
    expect(mine.pickupAddressParts).toBeNull();
  });
});
