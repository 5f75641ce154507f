import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, dispatchOfferOrders, dispatchOffers, orders } from '../../../../db/schema';
import { allowConsoleError } from '../../../../test/console';
import { freshDb } from '../../../../test/db';
import { dispatchWorld, later, north, orderNow, pendingOrder, PICKUP, riderOnDuty, T0 } from '../../../../test/dispatch-world';
import type { World } from '../../../../test/world';
import { orderInput } from '../../../shared/schemas/admin';
import { createOrder } from '../directory';
import { answerOffer, retryOwedDispatches, saveDispatchSettings } from '.';
import { RETRY_AFTER_MS, RETRY_BACKOFF_MS } from './dispatch-due';

let db: Db;
let w: World;

beforeEach(async () => {
  db = await freshDb();
  w = await dispatchWorld(db);
});

const salmiya = (pin: { lat: number; lng: number }) => ({ country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', pin });
const formOrder = (name = 'Fatima Al-Ali') =>
  orderInput.parse({
    customerName: name,
    customerPhone: '+96550001234',
    pickupAddress: 'Sultan Center, Salmiya',
    deliveryAddress: 'Salmiya, Block 10',
    pickupAddressParts: salmiya(PICKUP),
    deliveryAddressParts: salmiya(north(2000)),
    deliveryFee: 1.5,
    codAmount: 0,
    currency: 'KWD',
  });

/** The database, its n-th transaction (counted from 1) failing as a database busy past its timeout would. */
function failingTransaction(real: Db, nth: number[]): Db {
  let count = 0;
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return (...args: Parameters<Db['transaction']>) => {
        count++;
        if (nth.includes(count)) return Promise.reject(new Error('SQLITE_BUSY: database is locked'));
        return target.transaction(...args);
      };
    },
  });
}

const offersTo = async (riderId: string) => (await db.select().from(dispatchOffers).where(eq(dispatchOffers.riderId, riderId))).length;

describe('a dispatch owed to an order is not forgotten', () => {
  test('offered at once: owed while being made, not after; manual companies and orders the shop asked to keep manual are never owed', async () => {
    const rider = await riderOnDuty(db, w.companyA, PICKUP);
    const { order } = await createOrder(db, w.managerA.id, w.companyA.id, formOrder(), { now: T0 });
    expect((await orderNow(db, order.id)).dispatchState).toBe('offering');
    expect((await orderNow(db, order.id)).dispatchDueAt).toBeNull();
    expect(await offersTo(rider.id)).toBe(1);

    const { order: kept } = await createOrder(db, w.managerA.id, w.companyA.id, formOrder('Mariam'), { now: T0, source: 'api', autoDispatch: false });
    expect((await orderNow(db, kept.id)).dispatchDueAt).toBeNull();
    expect(await retryOwedDispatches(db, later(60))).toEqual({ retried: 0, failed: 0 });
    expect((await orderNow(db, kept.id)).dispatchState).toBeNull();
  });

  test('the first offer fails: the order stays owed, and the sweeper offers it once 15 s have passed', async () => {
    const logged = allowConsoleError();
    const rider = await riderOnDuty(db, w.companyA, PICKUP);
    // Transaction 1 stores the order; transaction 2 (its offer) fails.
    const { order } = await createOrder(failingTransaction(db, [2]), w.managerA.id, w.companyA.id, formOrder(), { now: T0 });
    const left = await orderNow(db, order.id);
    expect({ status: left.status, state: left.dispatchState, due: left.dispatchDueAt?.getTime() }).toEqual({ status: 'pending', state: null, due: T0.getTime() });
    expect(String(logged[0]?.[0])).toContain('dispatch of a new order failed');

    expect(await retryOwedDispatches(db, later(RETRY_AFTER_MS / 1000 - 1))).toEqual({ retried: 0, failed: 0 });
    expect(await retryOwedDispatches(db, later(RETRY_AFTER_MS / 1000))).toEqual({ retried: 1, failed: 0 });
    const after = await orderNow(db, order.id);
    expect({ state: after.dispatchState, due: after.dispatchDueAt }).toEqual({ state: 'offering', due: null });
    expect(await offersTo(rider.id)).toBe(1);
  });

  test('a server stopped between the order and its offer: the order is offered after the restart', async () => {
    const rider = await riderOnDuty(db, w.companyA, PICKUP);
    const order = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    expect(await retryOwedDispatches(db, later(20))).toEqual({ retried: 1, failed: 0 });
    expect((await orderNow(db, order.id)).dispatchState).toBe('offering');
    expect(await offersTo(rider.id)).toBe(1);
  });

  test('a retry that fails again waits a minute, not every sweep', async () => {
    const logged = allowConsoleError();
    await riderOnDuty(db, w.companyA, PICKUP);
    const order = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    const at = later(20);
    expect(await retryOwedDispatches(failingTransaction(db, [1]), at)).toEqual({ retried: 1, failed: 1 });
    expect((await orderNow(db, order.id)).dispatchDueAt?.getTime()).toBe(at.getTime() + RETRY_BACKOFF_MS - RETRY_AFTER_MS);
    expect(String(logged[0]?.[0])).toContain('dispatch retry failed');
    expect(await retryOwedDispatches(db, later(20 + 30))).toEqual({ retried: 0, failed: 0 });
    expect(await retryOwedDispatches(db, later(20 + RETRY_BACKOFF_MS / 1000))).toEqual({ retried: 1, failed: 0 });
    expect((await orderNow(db, order.id)).dispatchState).toBe('offering');
  });

  test('declined, and its onward offer fails: the decline stands, the order is owed from it and offered to the next rider by the sweeper', async () => {
    const logged = allowConsoleError();
    const first = await riderOnDuty(db, w.companyA, PICKUP);
    const next = await riderOnDuty(db, w.companyA, north(1500));
    const { order } = await createOrder(db, w.managerA.id, w.companyA.id, formOrder(), { now: T0 });
    const [offer] = await db.select().from(dispatchOffers).where(eq(dispatchOffers.riderId, first.id));
    // The decline commits (transaction 1); offering it onward (transaction 2) fails.
    expect(await answerOffer(failingTransaction(db, [2]), first.id, offer!.id, 'decline', later(5))).toEqual({ status: 'declined', orderIds: [order.id] });
    expect(String(logged[0]?.[0])).toContain('offering onward failed');
    const left = await orderNow(db, order.id);
    expect({ state: left.dispatchState, due: left.dispatchDueAt?.getTime() }).toEqual({ state: null, due: later(5).getTime() });
    expect(await retryOwedDispatches(db, later(5 + RETRY_AFTER_MS / 1000))).toEqual({ retried: 1, failed: 0 });
    expect(await offersTo(next.id)).toBe(1);
  });

  test('no longer waiting (cancelled, or assigned by hand): no longer owed, and not offered', async () => {
    const rider = await riderOnDuty(db, w.companyA, PICKUP);
    const cancelled = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const taken = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await db.update(orders).set({ status: 'assigned', riderId: rider.id }).where(eq(orders.id, taken.id));
    expect(await retryOwedDispatches(db, later(60))).toEqual({ retried: 0, failed: 0 });
    expect([(await orderNow(db, cancelled.id)).dispatchDueAt, (await orderNow(db, taken.id)).dispatchDueAt]).toEqual([null, null]);
    expect(await offersTo(rider.id)).toBe(0);
  });

  test('a company switching from automatic to manual forgets its marks; saving manual again leaves an API order that asked for dispatch owed', async () => {
    const manual = { mode: 'manual', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500, timeoutsToPause: 3, maxLoad: 3 };
    const waiting = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await saveDispatchSettings(db, w.companyA.id, w.managerA.id, manual);
    expect((await orderNow(db, waiting.id)).dispatchDueAt).toBeNull();
    const asked = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await saveDispatchSettings(db, w.companyA.id, w.managerA.id, { ...manual, offerSeconds: 90 });
    expect((await orderNow(db, asked.id)).dispatchDueAt?.getTime()).toBe(T0.getTime());
  });

  test('accepted, but the assignment fails: the order is not left offering for ever; the sweeper offers it again', async () => {
    allowConsoleError();
    const rider = await riderOnDuty(db, w.companyA, PICKUP);
    const { order } = await createOrder(db, w.managerA.id, w.companyA.id, formOrder(), { now: T0 });
    const [offer] = await db.select().from(dispatchOffers).where(eq(dispatchOffers.riderId, rider.id));
    // The acceptance commits (transaction 1); the assignment (transaction 2) fails.
    await expect(answerOffer(failingTransaction(db, [2]), rider.id, offer!.id, 'accept', later(5))).rejects.toThrow('SQLITE_BUSY');
    const left = await orderNow(db, order.id);
    expect({ status: left.status, state: left.dispatchState, due: left.dispatchDueAt?.getTime() }).toEqual({ status: 'pending', state: 'offering', due: later(5).getTime() });
    expect(await retryOwedDispatches(db, later(5 + RETRY_AFTER_MS / 1000))).toEqual({ retried: 1, failed: 0 });
    const after = await orderNow(db, order.id);
    expect({ state: after.dispatchState, due: after.dispatchDueAt }).toEqual({ state: 'offering', due: null });
    expect(await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.riderId, rider.id), eq(dispatchOffers.status, 'open')))).toHaveLength(1);
  });

  test('two sweepers at once: each owed order is dispatched by one of them', async () => {
    await riderOnDuty(db, w.companyA, PICKUP);
    await riderOnDuty(db, w.companyA, north(1500));
    const owed = await Promise.all([0, 1, 2].map((i) => pendingOrder(db, w.companyA, north(i * 3000), { dispatchDueAt: T0 })));
    const [a, b] = await Promise.all([retryOwedDispatches(db, later(20)), retryOwedDispatches(db, later(20))]);
    expect(a.retried + b.retried).toBe(owed.length);
    // One dispatch per order: one offer holding it, or one "needs a rider" (audited on the order), never both or two.
    for (const o of owed) {
      const offers = await db.select().from(dispatchOfferOrders).where(eq(dispatchOfferOrders.orderId, o.id));
      const given = await db.select().from(auditLog).where(and(eq(auditLog.entityId, o.id), eq(auditLog.action, 'dispatch.needs_rider')));
      expect({ order: o.id, dispatches: offers.length + given.length }).toEqual({ order: o.id, dispatches: 1 });
    }
  });
});
