import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOffers, orders } from '../../../../db/schema';
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

  test('declined, and its onward offer fails: owed again from the decline, and offered to the next rider by the sweeper', async () => {
    const first = await riderOnDuty(db, w.companyA, PICKUP);
    const next = await riderOnDuty(db, w.companyA, north(1500));
    const { order } = await createOrder(db, w.managerA.id, w.companyA.id, formOrder(), { now: T0 });
    const [offer] = await db.select().from(dispatchOffers).where(eq(dispatchOffers.riderId, first.id));
    // The decline commits (transaction 1); offering it onward (transaction 2) fails.
    await answerOffer(failingTransaction(db, [2]), first.id, offer!.id, 'decline', later(5)).catch(() => undefined);
    const left = await orderNow(db, order.id);
    expect({ state: left.dispatchState, due: left.dispatchDueAt?.getTime() }).toEqual({ state: null, due: later(5).getTime() });
    expect(await retryOwedDispatches(db, later(5 + RETRY_AFTER_MS / 1000))).toEqual({ retried: 1, failed: 0 });
    expect(await offersTo(next.id)).toBe(1);
  });

  test('no longer waiting (cancelled, or taken by hand) or the company back to manual: no longer owed', async () => {
    const cancelled = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const waiting = await pendingOrder(db, w.companyA, PICKUP, { dispatchDueAt: T0 });
    await saveDispatchSettings(db, w.companyA.id, w.managerA.id, { mode: 'manual', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500, timeoutsToPause: 3, maxLoad: 3 });
    expect(await retryOwedDispatches(db, later(60))).toEqual({ retried: 0, failed: 0 });
    expect((await orderNow(db, cancelled.id)).dispatchDueAt).toBeNull();
    expect((await orderNow(db, waiting.id)).dispatchDueAt).toBeNull();
    expect((await orderNow(db, waiting.id)).dispatchState).toBeNull();
  });
});
