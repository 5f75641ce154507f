import { beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { dispatchOffers, dispatchRiderState, orderStatusEvents, riderDocuments } from '../../../../db/schema';
import { freshDispatchWorld, later, north, pendingOrder, PICKUP, riderOnDuty, startBreakAt, T0 } from '../../../../test/dispatch-world';
import { makeOrder } from '../../../../test/factories';
import type { World } from '../../../../test/world';
import { DISPATCH_DEFAULTS } from '../../../shared/schemas/dispatch';
import { VEHICLE_TYPES } from '../../../shared/schemas/fields';
import type { OrderRow } from './facts';
import { choose, chooseNearest } from './offer-order';

let db: Db;
let w: World;
const settings = { ...DISPATCH_DEFAULTS, mode: 'auto' as const };

beforeEach(async () => ({ db, w } = await freshDispatchWorld()));

/** What an offer is made of: the rider, the score, the orders and their stops. */
const summary = (c: Awaited<ReturnType<typeof chooseNearest>>) =>
  c && { riderId: c.facts.rider.id, score: c.score, batch: c.batch.map((o) => o.id), stops: c.stops, distanceKm: c.distanceKm };

async function both(order: OrderRow, now = T0) {
  const nearest = summary(await chooseNearest(db, order, settings, now));
  const all = summary((await choose(db, order, settings, now)).choice);
  expect(nearest).toEqual(all);
  return nearest?.riderId ?? null;
}

/** A point `km` east of `from` (Kuwait's latitude). */
const east = (km: number, from = PICKUP) => ({ lat: from.lat, lng: from.lng + km / (111.195 * Math.cos((from.lat * Math.PI) / 180)) });

describe('chooseNearest makes the choice of reading every rider', () => {
  test('a fast motorcycle just past the first ring beats a bicycle inside it', async () => {
    // Bicycle 1.9 km: 11 min; motorcycle 2.5 km: 8 min (the default model).
    await riderOnDuty(db, w.companyA, north(1900), { vehicleType: 'bicycle' });
    const moto = await riderOnDuty(db, w.companyA, east(2.5), { vehicleType: 'motorcycle' });
    expect(await both(await pendingOrder(db, w.companyA))).toBe(moto.id);
  });

  test('a tie on the minute across the ring edge goes to the tie-breaker (load), not to the rider inside', async () => {
    // Both 6 whole minutes away by motorcycle; the one inside 2 km carries an order.
    const inside = await riderOnDuty(db, w.companyA, north(1950));
    const outside = await riderOnDuty(db, w.companyA, north(2050));
    await makeOrder(db, w.companyA, { riderId: inside.id, status: 'assigned' });
    expect(await both(await pendingOrder(db, w.companyA))).toBe(outside.id);
  });

  test('the guards turn down everyone near: the ring widens; nobody within the last ring: every rider is read', async () => {
    const near = await riderOnDuty(db, w.companyA, north(500));
    await db.insert(riderDocuments).values({ riderId: near.id, type: 'driving_licence', number: 'L1', expiresOn: '2026-10-31', updatedAt: T0 });
    const mid = await riderOnDuty(db, w.companyA, north(9000));
    expect(await both(await pendingOrder(db, w.companyA))).toBe(mid.id);
    const far = await riderOnDuty(db, w.companyA, east(80), { vehicleType: 'car' });
    const lost = await riderOnDuty(db, w.companyA, null);
    expect(await both(await pendingOrder(db, w.companyA, east(60)))).toBe(far.id);
    // 65 km from the motorcycle, 72 km from the car: past the last ring.
    expect(await both(await pendingOrder(db, w.companyA, east(40, north(60_000))))).toBe(mid.id);
    expect(await both(await pendingOrder(db, w.companyA, PICKUP, { requiredVehicle: 'van' }))).toBe(null);
    await db.insert(dispatchRiderState).values([{ riderId: far.id, pausedAt: T0 }, { riderId: mid.id, pausedAt: T0 }]);
    expect(await both(await pendingOrder(db, w.companyA, north(50_000)))).toBe(lost.id);
  });

  test('random fleets: every rule, load, fairness and batching as `choose` decides them', async () => {
    let seed = 25;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const spot = () => east((rand() - 0.5) * 30, north((rand() - 0.5) * 30_000));
    for (let i = 0; i < 36; i++) {
      const r = await riderOnDuty(db, w.companyA, rand() < 0.08 ? null : spot(), { vehicleType: pick(VEHICLE_TYPES) });
      const roll = rand();
      if (roll < 0.08) await startBreakAt(db, r.shiftId);
      else if (roll < 0.14) await db.insert(dispatchRiderState).values({ riderId: r.id, pausedAt: T0 });
      else if (roll < 0.2) await db.insert(dispatchOffers).values({ companyId: w.companyA.id, riderId: r.id, expiresAt: later(60) });
      else if (roll < 0.26) await db.insert(riderDocuments).values({ riderId: r.id, type: 'driving_licence', number: `L${i}`, expiresOn: '2026-10-01', updatedAt: T0 });
      for (let k = Math.floor(rand() * 4); k > 0; k--) await makeOrder(db, w.companyA, { riderId: r.id, status: pick(['assigned', 'picked_up', 'delivered'] as const) });
      for (let k = Math.floor(rand() * 3); k > 0; k--) {
        const done = await makeOrder(db, w.companyA, { riderId: r.id, status: 'delivered', createdAt: later(-7200) });
        await db.insert(orderStatusEvents).values({ orderId: done.id, status: 'assigned', riderId: r.id, at: later(rand() < 0.7 ? -3600 : -90_000) });
      }
    }
    const chosen = new Set<string | null>();
    for (let i = 0; i < 30; i++) {
      const at = spot();
      const o = await pendingOrder(db, w.companyA, at, { requiredVehicle: rand() < 0.2 ? pick(VEHICLE_TYPES) : null }, 1000 + rand() * 4000);
      if (rand() < 0.4) await pendingOrder(db, w.companyA, north(150 + rand() * 300, at));
      chosen.add(await both(o));
    }
    // The cases spread over many riders (not one answer repeated).
    expect(chosen.size).toBeGreaterThan(8);
  }, 60_000);
});
