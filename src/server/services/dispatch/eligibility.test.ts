import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, dispatchRiderState, regionRules, riderDocuments } from '../../../../db/schema';
import { freshDispatchWorld, later, north, pendingOrder, PICKUP, riderOnDuty, startBreakAt, T0 } from '../../../../test/dispatch-world';
import { makeOrder } from '../../../../test/factories';
import type { World } from '../../../../test/world';
import { DISPATCH_DEFAULTS } from '../../../shared/schemas/dispatch';
import { answerOffer, startDispatch } from './index';
import { choose } from './offer-order';
import { render } from '../../../shared/i18n/message';

let db: Db;
let w: World;
const settings = { ...DISPATCH_DEFAULTS, mode: 'auto' as const };

beforeEach(async () => ({ db, w } = await freshDispatchWorld()));

/** A rider at the pickup and one 4 km north of it, both on duty in company A (made in that order). */
const nearAndFar = async () => ({ near: await riderOnDuty(db, w.companyA, PICKUP), far: await riderOnDuty(db, w.companyA, north(4000)) });

/** Who gets the order, and why each other rider of the company was kept out. */
async function decide(orderId: string, now = T0) {
  const order = (await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) }))!;
  const { choice, excluded } = await choose(db, order, settings, now);
  return { chosen: choice?.facts.rider.id ?? null, excluded: Object.fromEntries([...excluded].map(([id, why]) => [id, typeof why === 'string' ? why : render('en', why)])) };
}

describe('eligibility: each rule keeps a rider out', () => {
  test('off duty: riders without an open shift are never offered (the world’s two riders of company A)', async () => {
    const on = await riderOnDuty(db, w.companyA, north(3000));
    const o = await pendingOrder(db, w.companyA);
    const d = await decide(o.id);
    expect(d.chosen).toBe(on.id);
    expect(d.excluded).toEqual({ [w.riderA.id]: 'off_duty', [w.riderA2.id]: 'off_duty' });
  });

  test('on break: the nearest rider on a break is passed over', async () => {
    const { near, far } = await nearAndFar();
    await startBreakAt(db, near.shiftId);
    const d = await decide((await pendingOrder(db, w.companyA)).id);
    expect(d.chosen).toBe(far.id);
    expect(d.excluded[near.id]).toBe('on_break');
  });

  test('documents: an expired driving licence keeps the rider from new orders', async () => {
    const near = await riderOnDuty(db, w.companyA, PICKUP, { name: 'Laila Expired' });
    const far = await riderOnDuty(db, w.companyA, north(4000));
    await db.insert(riderDocuments).values({ riderId: near.id, type: 'driving_licence', number: 'L1', expiresOn: '2026-10-31', updatedAt: T0 });
    const d = await decide((await pendingOrder(db, w.companyA)).id);
    expect(d.chosen).toBe(far.id);
    expect(d.excluded[near.id]).toBe('Laila Expired’s driving license expired on 31 October 2026. Orders can be assigned again once it is renewed.');
  });

  test('working rules: a motorcycle inside the Kuwait summer midday ban is passed over for a car', async () => {
    await db.update(regionRules).set({ summerMotorcycleBan: true }).where(eq(regionRules.region, 'kuwait'));
    const noon = new Date('2026-07-15T09:00:00Z'); // 12:00 in Kuwait
    const moto = await riderOnDuty(db, w.companyA, PICKUP, { vehicleType: 'motorcycle' });
    const car = await riderOnDuty(db, w.companyA, north(4000), { vehicleType: 'car' });
    const d = await decide((await pendingOrder(db, w.companyA)).id, noon);
    expect(d.chosen).toBe(car.id);
    expect(d.excluded[moto.id]).toBe('Motorcycle deliveries are paused 11:00–16:00 in Kuwait from June to August (summer midday ban). Orders can be assigned again at 16:00.');
  });

  test('cash limit: over the limit, no cash order; a prepaid order still goes to the nearest', async () => {
    await db.update(companies).set({ cashLimitMinor: 1000 }).where(eq(companies.id, w.companyA.id));
    const near = await riderOnDuty(db, w.companyA, PICKUP, { name: 'Hamad Cash' });
    const far = await riderOnDuty(db, w.companyA, north(4000));
    await makeOrder(db, w.companyA, { riderId: near.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 5000, createdAt: later(-1800) });
    const cash = await decide((await pendingOrder(db, w.companyA, PICKUP, { paymentMethod: 'cash', codAmountMinor: 2500 })).id);
    expect(cash.chosen).toBe(far.id);
    expect(String(cash.excluded[near.id]).replace(/\s/g, ' ')).toBe('Hamad Cash has KWD 5.000 in cash the company has not counted yet, over the cash limit of KWD 1.000. The cash must be handed over and counted before new cash orders.');
    const prepaid = await decide((await pendingOrder(db, w.companyA, PICKUP, { paymentMethod: 'prepaid', codAmountMinor: 0 })).id);
    expect(prepaid.chosen).toBe(near.id);
  });

  test('vehicle: an order that needs a car skips motorcycles and bicycles; a van fits', async () => {
    const moto = await riderOnDuty(db, w.companyA, PICKUP, { vehicleType: 'motorcycle' });
    const bike = await riderOnDuty(db, w.companyA, north(100), { vehicleType: 'bicycle' });
    const van = await riderOnDuty(db, w.companyA, north(4000), { vehicleType: 'van' });
    const d = await decide((await pendingOrder(db, w.companyA, PICKUP, { requiredVehicle: 'car' })).id);
    expect(d.chosen).toBe(van.id);
    expect([d.excluded[moto.id], d.excluded[bike.id]]).toEqual(['vehicle', 'vehicle']);
  });

  test('room: a rider carrying the company’s maximum load gets no more', async () => {
    const { near, far } = await nearAndFar();
    for (const status of ['assigned', 'assigned', 'picked_up'] as const) await makeOrder(db, w.companyA, { riderId: near.id, status });
    const d = await decide((await pendingOrder(db, w.companyA)).id);
    expect(d.chosen).toBe(far.id);
    expect(d.excluded[near.id]).toBe('no_room');
  });

  test('paused: a rider whose offers are paused is passed over', async () => {
    const { near, far } = await nearAndFar();
    await db.insert(dispatchRiderState).values({ riderId: near.id, consecutiveTimeouts: 3, pausedAt: later(-60) });
    const d = await decide((await pendingOrder(db, w.companyA)).id);
    expect(d.chosen).toBe(far.id);
    expect(d.excluded[near.id]).toBe('paused');
  });

  test('asked before: a rider who declined the order is not offered it again', async () => {
    const { near, far } = await nearAndFar();
    const o = await pendingOrder(db, w.companyA);
    const first = await startDispatch(db, o.id, T0);
    expect(first).toMatchObject({ state: 'offered', riderId: near.id });
    await answerOffer(db, near.id, (first as { offerId: string }).offerId, 'decline', later(10));
    const d = await decide(o.id, later(11));
    expect(d.excluded[near.id]).toBe('asked_before');
    expect(d.excluded[far.id]).toBe('answering');
  });

  test('another company’s riders are never candidates', async () => {
    await riderOnDuty(db, w.companyB, PICKUP);
    const d = await decide((await pendingOrder(db, w.companyA)).id);
    expect(d.chosen).toBeNull();
    expect(Object.keys(d.excluded).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
  });
});
