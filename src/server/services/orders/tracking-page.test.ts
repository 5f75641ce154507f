import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { orders, orderStatusEvents, riders } from '../../../../db/schema';
import { callerFor, getWith, testApp } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import type { OrderStatus } from '../../../shared/schemas/oversight';
import { deliveryArea, firstName, publicTracking } from './tracking-page';

const { db, w } = await freshWorld();
const NOW = new Date('2026-03-10T12:00:00Z');
const min = (n: number) => new Date(NOW.getTime() - n * 60_000);

const TOP_KEYS = ['area', 'deliveryPin', 'eta', 'place', 'position', 'rider', 'status', 'timeline', 'timezone'];

/** An order of company A with a timeline up to `status`; rider A (Rami Alpha) once assigned. */
async function orderAt(status: OrderStatus) {
  const path: OrderStatus[] =
    status === 'cancelled' ? ['pending', 'cancelled'] : ['pending', 'assigned', 'picked_up', 'delivered'].slice(0, ['pending', 'assigned', 'picked_up', 'delivered', 'failed'].indexOf(status) + 1) as OrderStatus[];
  if (status === 'failed') path.splice(3, 1, 'failed');
  const withRider = status !== 'pending' && status !== 'cancelled';
  const o = await makeOrder(db, w.companyA, {
    status,
    riderId: withRider ? w.riderA.id : null,
    customerName: 'Hessa Al-Sabah',
    customerPhone: '+96599887766',
    customerEmail: 'hessa@example.com',
    deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
    pickupAddress: 'Sultan Center, Hawally',
    deliveryFeeMinor: 1750,
    codAmountMinor: 12_345,
    notes: 'Ring twice',
  });
  await db.insert(orderStatusEvents).values(path.map((s, i) => ({ orderId: o.id, status: s, riderId: withRider && i > 0 ? w.riderA.id : null, actorId: w.admin.id, at: min(60 - i * 10) })));
  return o;
}

async function riderSeen(at: Date | null, lat = 29.3375, lng = 48.0758) {
  await db.update(riders).set({ lastLat: at ? lat : null, lastLng: at ? lng : null, lastSeenAt: at }).where(eq(riders.id, w.riderA.id));
}

/** Nothing about the customer, the company, the rider beyond the first name, or money. */
function expectNoLeak(answer: unknown, order: typeof orders.$inferSelect) {
  const text = JSON.stringify(answer);
  const secrets = [order.id, order.companyId, w.companyA.name, w.companyA.email, order.customerName, order.customerPhone, order.customerEmail, 'Block 10', 'Street 5', 'House 12', 'Sultan Center', 'Ring twice', '1.750', '1750', '12345', '12.345', 'KWD', w.riderA.id, 'Alpha', w.riderA.phone, w.riderA.email, w.admin.id];
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('public tracking answer', () => {
  const cases: { status: OrderStatus; rider: boolean }[] = [
    { status: 'pending', rider: false },
    { status: 'assigned', rider: true },
    { status: 'delivered', rider: true },
    { status: 'failed', rider: true },
    { status: 'cancelled', rider: false },
  ];
  for (const c of cases) {
    test(`${c.status}: exactly its fields, rider ${c.rider ? 'by first name' : 'absent'}, no position`, async () => {
      await riderSeen(min(1));
      const o = await orderAt(c.status);
      const a = await publicTracking(db, o.trackingCode!, NOW);
      expect(Object.keys(a).sort()).toEqual(TOP_KEYS);
      expect(a.status).toBe(c.status);
      expect(a.area).toBe('Salmiya');
      expect(a.timezone).toBe('Asia/Kuwait');
      expect(a.rider).toEqual(c.rider ? { firstName: 'Rami' } : null);
      expect(a.position).toBeNull();
      expect(a.timeline.length).toBeGreaterThan(0);
      for (const e of a.timeline) expect(Object.keys(e).sort()).toEqual(['at', 'status']);
      expect(a.timeline.at(-1)!.status).toBe(c.status);
      expectNoLeak(a, o);
    });
  }

  test('picked_up with a position seen in the last 15 minutes: the live position, and only lat/lng/updatedAt', async () => {
    await riderSeen(min(14));
    const o = await orderAt('picked_up');
    const a = await publicTracking(db, o.trackingCode!, NOW);
    expect(Object.keys(a).sort()).toEqual(TOP_KEYS);
    expect(a.rider).toEqual({ firstName: 'Rami' });
    expect(a.position).toEqual({ lat: 29.3375, lng: 48.0758, updatedAt: min(14).toISOString() });
    expect(Object.keys(a.position!).sort()).toEqual(['lat', 'lng', 'updatedAt']);
    expect(a.timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up']);
    expectNoLeak(a, o);
  });

  test('picked_up with a stale position (older than 15 minutes) or none: no position', async () => {
    const o = await orderAt('picked_up');
    await riderSeen(min(16));
    expect((await publicTracking(db, o.trackingCode!, NOW)).position).toBeNull();
    await riderSeen(null);
    expect((await publicTracking(db, o.trackingCode!, NOW)).position).toBeNull();
  });

  test('the drop-off ETA in whole minutes while on its way ("arriving in about 12 min"); none once delivered or stale', async () => {
    const o = await orderAt('picked_up');
    expect((await publicTracking(db, o.trackingCode!, NOW)).eta).toBeNull();
    const eta = new Date(NOW.getTime() + 12 * 60_000 + 20_000);
    await db.update(orders).set({ etaDropoffAt: eta }).where(eq(orders.id, o.id));
    expect((await publicTracking(db, o.trackingCode!, NOW)).eta).toEqual({ dropoffAt: eta.toISOString(), minutes: 12 });
    // Due now or a little past: "about 1 min"; more than 5 minutes past: stale, not shown.
    expect((await publicTracking(db, o.trackingCode!, new Date(eta.getTime() + 60_000))).eta?.minutes).toBe(1);
    expect((await publicTracking(db, o.trackingCode!, new Date(eta.getTime() + 6 * 60_000))).eta).toBeNull();
    const done = await orderAt('delivered');
    await db.update(orders).set({ etaDropoffAt: eta }).where(eq(orders.id, done.id));
    expect((await publicTracking(db, done.trackingCode!, NOW)).eta).toBeNull();
  });

  test('a UAE order shows its region’s time zone', async () => {
    const o = await makeOrder(db, w.companyB, { deliveryAddress: 'Al Barsha 1، Street 23, Villa 14' });
    const a = await publicTracking(db, o.trackingCode!, NOW);
    expect(a.timezone).toBe('Asia/Dubai');
    expect(a.area).toBe('Al Barsha 1');
  });

  test('unknown code → NOT_FOUND; malformed code → BAD_REQUEST', async () => {
    await expect(publicTracking(db, '0123456789abcdef01234567', NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(publicTracking(db, 'nope', NOW)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('helpers: first word of the name, first segment of the address', () => {
    expect(firstName('  Rashid  Al-Ali ')).toBe('Rashid');
    expect(deliveryArea('Jabriya')).toBe('Jabriya');
    expect(deliveryArea('السالمية، قطعة 10')).toBe('السالمية');
  });
});

describe('doors: tracking.publicOrder and GET /api/track/:code, signed out', () => {
  test('tRPC answers a signed-out visitor; bad and unknown codes are refused', async () => {
    const o = await orderAt('assigned');
    const caller = await callerFor(db, null);
    const a = await caller.tracking.publicOrder({ code: o.trackingCode! });
    expect(Object.keys(a).sort()).toEqual(TOP_KEYS);
    await expectTRPCError(caller.tracking.publicOrder({ code: 'ABCDEF0123456789ABCDEF01' }), 'BAD_REQUEST', /Invalid tracking code/);
    await expectTRPCError(caller.tracking.publicOrder({ code: 'ffffffffffffffffffffffff' }), 'NOT_FOUND', 'No order with this tracking code');
  });

  test('REST: 200 with the same fields, 404 unknown, 400 malformed', async () => {
    const app = testApp(db);
    const o = await orderAt('delivered');
    const res = await getWith(app, `/api/track/${o.trackingCode}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(TOP_KEYS);
    expectNoLeak(body, o);
    expect((await getWith(app, '/api/track/ffffffffffffffffffffffff')).status).toBe(404);
    expect((await getWith(app, '/api/track/xyz')).status).toBe(400);
  });
});
