import { beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { dispatchOffers, orderStatusEvents } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { dispatchWorld, later, north, orderNow, pendingOrder, PICKUP, riderOnDuty, T0 } from '../../../../test/dispatch-world';
import { makeOrder } from '../../../../test/factories';
import type { World } from '../../../../test/world';
import { compareScores } from './scoring';
import { startDispatch } from './index';

let db: Db;
let w: World;

beforeEach(async () => {
  db = await freshDb();
  w = await dispatchWorld(db);
});

const offeredTo = async (orderId: string, now = T0) => {
  const out = await startDispatch(db, orderId, now);
  return out.state === 'offered' ? out.riderId : out.state;
};

describe('scoring', () => {
  test('best first: earliest ETA, then load, then orders today, then id; unknown ETA last', () => {
    const s = (riderId: string, etaMinutes: number | null, load = 0, ordersToday = 0) => ({ riderId, etaMinutes, load, ordersToday });
    const list = [s('e', null), s('d', 5, 1, 0), s('c', 5, 0, 4), s('b', 5, 0, 2), s('a', 9), s('f', 4, 2, 9)];
    expect(list.sort(compareScores).map((x) => x.riderId)).toEqual(['f', 'b', 'c', 'd', 'a', 'e']);
  });

  test('the nearest rider (earliest arrival at the pickup) gets the offer', async () => {
    const far = await riderOnDuty(db, w.companyA, north(5000));
    const near = await riderOnDuty(db, w.companyA, north(800));
    expect(await offeredTo((await pendingOrder(db, w.companyA)).id)).toBe(near.id);
    expect(far.id).not.toBe(near.id);
  });

  test('a car is slower than a motorcycle by the travel model: same distance, the motorcycle wins', async () => {
    await riderOnDuty(db, w.companyA, north(6000), { vehicleType: 'car' });
    const moto = await riderOnDuty(db, w.companyA, north(6000), { vehicleType: 'motorcycle' });
    expect(await offeredTo((await pendingOrder(db, w.companyA)).id)).toBe(moto.id);
  });

  test('same minute to the pickup: the lighter load wins', async () => {
    // Ids chosen so the last tie-breaker (the id) would pick the busy rider.
    const busy = await riderOnDuty(db, w.companyA, north(300), { id: 'rider-a' });
    const free = await riderOnDuty(db, w.companyA, north(310), { id: 'rider-b' });
    await makeOrder(db, w.companyA, { riderId: busy.id, status: 'assigned' });
    expect(await offeredTo((await pendingOrder(db, w.companyA)).id)).toBe(free.id);
  });

  test('same minute and load: the rider with fewer orders today wins (fairness)', async () => {
    const worked = await riderOnDuty(db, w.companyA, north(300), { id: 'rider-a' });
    const rested = await riderOnDuty(db, w.companyA, north(310), { id: 'rider-b' });
    const done = await makeOrder(db, w.companyA, { riderId: worked.id, status: 'delivered', createdAt: later(-7200) });
    await db.insert(orderStatusEvents).values({ orderId: done.id, status: 'assigned', riderId: worked.id, at: later(-7000) });
    expect(await offeredTo((await pendingOrder(db, w.companyA)).id)).toBe(rested.id);
  });

  test('the offer keeps the score parts and the distance to the pickup', async () => {
    const r = await riderOnDuty(db, w.companyA, north(1000));
    const o = await pendingOrder(db, w.companyA);
    await startDispatch(db, o.id, T0);
    const [offer] = await db.select().from(dispatchOffers);
    expect(offer!.riderId).toBe(r.id);
    expect(offer!.distanceKm).toBe(1);
    // 1 km x 1.35 detour at 28 km/h = 2.9 min, rounded up.
    expect(offer!.score).toMatchObject({ etaMinutes: 3, load: 0, ordersToday: 0 });
    expect(offer!.expiresAt.toISOString()).toBe(later(60).toISOString());
    expect((await orderNow(db, o.id)).dispatchState).toBe('offering');
  });

  test('pickup coordinates come from the address pin when the order has none', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const o = await makeOrder(db, w.companyA, {
      status: 'pending',
      pickupAddressParts: { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '1', street: '1', building: '1', pin: { lat: 29.34, lng: 48.08 } },
      deliveryAddressParts: { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '2', street: '2', building: '2', pin: { lat: 29.35, lng: 48.09 } },
    });
    expect(await offeredTo(o.id)).toBe(r.id);
    const row = await orderNow(db, o.id);
    expect([row.pickupLat, row.pickupLng, row.dropoffLat, row.dropoffLng]).toEqual([29.34, 48.08, 29.35, 48.09]);
  });

  test('manual mode: nothing is offered unless the order asks for automatic dispatch', async () => {
    await riderOnDuty(db, w.companyB, PICKUP);
    const o = await pendingOrder(db, w.companyB);
    expect(await startDispatch(db, o.id, T0)).toEqual({ state: 'skipped' });
    expect((await orderNow(db, o.id)).dispatchState).toBeNull();
    expect((await startDispatch(db, o.id, T0, { autoDispatch: true })).state).toBe('offered');
  });
});
