import { beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { freshDb } from '../../../../test/db';
import { dispatchWorld, later, north, orderNow, pendingOrder, PICKUP, riderOnDuty, T0 } from '../../../../test/dispatch-world';
import { makeOrder } from '../../../../test/factories';
import type { World } from '../../../../test/world';
import { and, eq } from 'drizzle-orm';
import { dispatchOffers, dutyShifts, orders } from '../../../../db/schema';
import { importOrders } from '../orders';
import { answerOffer, riderOffers, startDispatch } from './index';
import { onTheWire } from '../../../shared/money-wire';
import { setLocaleSource } from '../../../shared/i18n';

let db: Db;
let w: World;

beforeEach(async () => {
  db = await freshDb();
  w = await dispatchWorld(db);
});

const south = (m: number) => north(-m);

describe('batching (issue 25, item 2)', () => {
  test("pickups within 500 m go to one rider together, the stops in the route planner's order", async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const a = await pendingOrder(db, w.companyA, PICKUP, { customerName: 'Anwar', deliveryFeeMinor: 1000, paymentMethod: 'cash', codAmountMinor: 2500 }, 3000);
    const b = await pendingOrder(db, w.companyA, north(300), { customerName: 'Bader', deliveryFeeMinor: 750, paymentMethod: 'prepaid', deliveryAddress: 'Jabriya, Block 2' }, 1000);
    const far = await pendingOrder(db, w.companyA, north(900));
    const out = await startDispatch(db, a.id, T0);
    expect(out).toMatchObject({ state: 'offered', riderId: r.id, orderIds: [b.id, a.id] });
    const [view] = await riderOffers(db, r.id, later(1));
    expect(view!.stops.map((s) => [s.kind, s.orderId === a.id ? 'a' : 'b'])).toEqual([
      ['pickup', 'a'],
      ['pickup', 'b'],
      ['dropoff', 'b'],
      ['dropoff', 'a'],
    ]);
    expect(view!.stops[2]!.address).toBe('Jabriya');
    expect(view!.orders.map((o) => [o.customerName, o.seq, o.feeMinor, o.cashToCollectMinor])).toEqual([
      ['Bader', 0, 750, 0],
      ['Anwar', 1, 1000, 2500],
    ]);
    expect([view!.feeMinor, view!.cashToCollectMinor, view!.currency, view!.distanceKm]).toEqual([1750, 2500, 'KWD', 0]);
    // The tRPC and REST door: major units as numbers (docs/architecture.md "Money on the wire").
    expect(onTheWire(view!)).toMatchObject({ fee: 1.75, cashToCollect: 2.5, orders: [{ fee: 0.75, cashToCollect: 0 }, { fee: 1, cashToCollect: 2.5 }] });
    expect((await orderNow(db, far.id)).dispatchState).toBeNull();
    expect((await answerOffer(db, r.id, view!.id, 'accept', later(2))).orderIds.sort()).toEqual([a.id, b.id].sort());
    expect((await orderNow(db, b.id)).riderId).toBe(r.id);
  });

  /** A 1 km trip north from the pickup, and a second order 200 m on whose drop-off is 3 km south, promised in `minutes`. */
  async function promised(minutes: number) {
    await riderOnDuty(db, w.companyA, PICKUP);
    const a = await pendingOrder(db, w.companyA, PICKUP, {}, 1000);
    const b = await makeOrder(db, w.companyA, {
      status: 'pending',
      pickupLat: north(200).lat,
      pickupLng: PICKUP.lng,
      dropoffLat: south(3000).lat,
      dropoffLng: PICKUP.lng,
      promisedAt: later(minutes * 60),
    });
    return { a, b, out: await startDispatch(db, a.id, T0) };
  }

  test('an order whose promised time the batch would miss is left for its own offer', async () => {
    // Alone: about 10 min to its drop-off; on the batch's best route (both pickups first, 4 min at each) about 21 min.
    const { a, b, out } = await promised(12);
    expect(out).toMatchObject({ state: 'offered', orderIds: [a.id] });
    expect((await orderNow(db, b.id)).dispatchState).toBeNull();
  });

  test('the same order promised later joins the batch', async () => {
    const { a, b, out } = await promised(25);
    // The route planner's order (lateness first): the promised drop-off 3 km south before the 1 km north one.
    expect(out).toMatchObject({ state: 'offered', orderIds: [b.id, a.id] });
    // The offer shows the stop order the rider is given once they accept (the re-plan's stored ETAs follow it).
    const riderId = (out as { riderId: string }).riderId;
    const [view] = await riderOffers(db, riderId, later(1));
    const offered: string[] = view!.stops.map((s) => `${s.orderId}:${s.kind}`);
    expect(offered).toEqual([`${a.id}:pickup`, `${b.id}:pickup`, `${b.id}:dropoff`, `${a.id}:dropoff`]);
    await answerOffer(db, riderId, view!.id, 'accept', later(2));
    const etas = await Promise.all([a, b].map((o) => orderNow(db, o.id)));
    const planned = etas.flatMap((o) => [[`${o.id}:pickup`, o.etaPickupAt!.getTime()] as const, [`${o.id}:dropoff`, o.etaDropoffAt!.getTime()] as const]);
    expect(planned.sort((x, y) => x[1] - y[1]).map(([k]): string => k)).toEqual(offered);
  });

  test('no more orders than the rider has room for', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    await makeOrder(db, w.companyA, { riderId: r.id, status: 'assigned' });
    await makeOrder(db, w.companyA, { riderId: r.id, status: 'assigned' });
    const a = await pendingOrder(db, w.companyA);
    await pendingOrder(db, w.companyA, north(100));
    expect(await startDispatch(db, a.id, T0)).toMatchObject({ state: 'offered', orderIds: [a.id] });
  });

  test('imported orders are offered as they are created in automatic mode, one offer per rider free to answer', async () => {
    // The import offers at the wall clock: the shifts start a minute before it (the daily-hours rule reads them).
    for (const at of [PICKUP, north(2000)]) {
      const r = await riderOnDuty(db, w.companyA, at);
      await db.update(dutyShifts).set({ startedAt: new Date(Date.now() - 60_000) }).where(eq(dutyShifts.id, r.shiftId));
    }
    const csv = 'customerName,customerPhone,pickupAddress,deliveryAddress\nFirst,+96550001234,Sultan Center,Salmiya Block 1\nSecond,+96550001235,Sultan Center,Salmiya Block 2\n';
    expect((await importOrders(db, w.managerA.id, w.companyA.id, { csv, validOnly: false, dryRun: false })).imported).toBe(2);
    const rows = await db.select({ state: orders.dispatchState }).from(orders).where(eq(orders.companyId, w.companyA.id));
    expect(rows.map((r) => r.state)).toEqual(['offering', 'offering']);
    expect(await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.companyId, w.companyA.id), eq(dispatchOffers.status, 'open')))).toHaveLength(2);
  });
});

describe("the offer's addresses in the rider's language", () => {
  test('a structured pickup is written out in Arabic for an Arabic reader, in English otherwise; a typed one as typed', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const parts = { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '2', street: '5', building: '12' };
    const drop = { country: 'KW', governorate: 'hawalli', area: 'jabriya', block: '10' };
    const a = await pendingOrder(db, w.companyA, PICKUP, { pickupAddress: 'Salmiya, Block 2', pickupAddressParts: parts, deliveryAddressParts: drop });
    const typed = await pendingOrder(db, w.companyA, north(200), { pickupAddress: 'Sultan Center, Salmiya' });
    await startDispatch(db, a.id, T0);
    const pickups = async () => {
      const [view] = await riderOffers(db, r.id, later(1));
      return { order: view!.orders.find((o) => o.id === a.id)!.pickupAddress, typed: view!.orders.find((o) => o.id === typed.id)!.pickupAddress, dropoff: view!.orders.find((o) => o.id === a.id)!.dropoffArea };
    };
    expect(await pickups()).toEqual({ order: 'Block 2, Street 5, Building 12, Salmiya, Hawalli', typed: 'Sultan Center, Salmiya', dropoff: 'Jabriya' });
    setLocaleSource(() => 'ar');
    try {
      expect(await pickups()).toEqual({ order: 'قطعة 2، شارع 5، مبنى 12، السالمية، حولي', typed: 'Sultan Center, Salmiya', dropoff: 'الجابرية' });
    } finally {
      setLocaleSource(() => 'en');
    }
  });
});
