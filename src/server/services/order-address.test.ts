import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { callerFor } from '../../../test/app';
import { freshDb } from '../../../test/db';
import { expectTRPCError } from '../../../test/expect';
import { makeWorld, type World } from '../../../test/world';
import { publicTracking } from './tracking-page';

type Caller = Awaited<ReturnType<typeof callerFor>>;
let db: Db;
let w: World;
let a: Caller;
let b: Caller;

const form = { customerName: 'Noura', customerPhone: '+96550001234', pickupAddress: 'ignored', deliveryAddress: 'ignored', deliveryFee: 1 };
const salmiya = { country: 'KW' as const, governorate: 'hawalli', area: 'salmiya', block: '١٠', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Next to the co-op', pin: { lat: 29.3346, lng: 48.0768 } };
const shuwaikh = { country: 'KW' as const, governorate: 'capital', area: 'shuwaikh', block: '1', street: 'Canada Dry St', building: 'Warehouse 4' };

beforeAll(async () => {
  db = await freshDb();
  w = await makeWorld(db);
  a = await callerFor(db, w.managerA.id);
  b = await callerFor(db, w.managerB.id);
});

describe('orders with structured Gulf addresses', () => {
  test('the parts are stored and the text columns written from them; another company cannot see the order', async () => {
    const res = await a.company.createOrder({ ...form, pickupAddressParts: shuwaikh, deliveryAddressParts: salmiya });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, res.order.id) });
    expect(row!.deliveryAddress).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Next to the co-op');
    expect(row!.pickupAddress).toBe('Block 1, Street Canada Dry St, Building Warehouse 4, Shuwaikh, Capital');
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
