import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, orders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { postCollection, reverseCollection } from './collections';
import { riderBalances } from './ledger';

/** Collections (issue 9): a cash order becoming delivered puts its cash in the rider's hand, exactly once. */
let db: Db;
let w: World;
const hand = async () => (await riderBalances(db, w.riderA.id, 'KWD')).handMinor;
const collectionRows = (orderId: string) => db.select().from(cashLedger).where(and(eq(cashLedger.orderId, orderId), eq(cashLedger.kind, 'collection')));

beforeEach(async () => ({ db, w } = await freshWorld()));

const pickedUp = (over: Partial<typeof orders.$inferInsert> = {}) =>
  makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up', paymentMethod: 'cash', codAmountMinor: 7_250, ...over });
const deliver = async (orderId: string, idempotencyKey?: string) =>
  (await callerFor(db, w.riderA.user.id)).rider.setOrderStatus({ orderId, status: 'delivered', recipientName: 'Noura', ...(idempotencyKey ? { idempotencyKey } : {}) });

describe('collections', () => {
  test('the rider delivers: customer → hand in the same transaction, at the phone’s time; a replay (same key) collects nothing more', async () => {
    const o = await pickedUp();
    const at = Date.now() - 10 * 60_000;
    const c = await callerFor(db, w.riderA.user.id);
    await c.rider.setOrderStatus({ orderId: o.id, status: 'delivered', recipientName: 'Noura', at, idempotencyKey: 'deliver-key-1' });
    await c.rider.setOrderStatus({ orderId: o.id, status: 'delivered', recipientName: 'Noura', at, idempotencyKey: 'deliver-key-1' });
    const rows = await collectionRows(o.id);
    expect(rows.map((r) => [r.account, r.amountMinor, r.at.getTime(), r.riderId, r.companyId])).toEqual([
      ['customer', -7_250, at, w.riderA.id, w.companyA.id],
      ['hand', 7_250, at, w.riderA.id, w.companyA.id],
    ]);
    // Another key for the same delivery is a second transition: refused, still one collection.
    await expectTRPCError(deliver(o.id, 'deliver-key-2'), 'BAD_REQUEST', 'An order that is delivered cannot become delivered');
    expect(await hand()).toBe(7_250);
  });

  test('deliveries racing each other collect once', async () => {
    const o = await pickedUp();
    const outcomes = await Promise.allSettled([deliver(o.id, 'race-key-1'), deliver(o.id, 'race-key-2'), deliver(o.id, 'race-key-3')]);
    expect(outcomes.some((x) => x.status === 'fulfilled')).toBe(true);
    expect(await collectionRows(o.id)).toHaveLength(2);
    expect(await hand()).toBe(7_250);
  });

  test('card, prepaid and zero-COD orders collect nothing', async () => {
    for (const over of [{ paymentMethod: 'card' as const, codAmountMinor: 0 }, { paymentMethod: 'prepaid' as const, codAmountMinor: 0 }, { codAmountMinor: 0 }]) {
      await deliver((await pickedUp(over)).id);
    }
    expect(await db.select().from(cashLedger)).toEqual([]);
  });

  test('the company or an admin marking it delivered collects too (transitionOrder)', async () => {
    const o = await pickedUp();
    await (await callerFor(db, w.managerA.id)).company.setOrderStatus({ orderId: o.id, status: 'delivered' });
    expect(await hand()).toBe(7_250);
    const p = await pickedUp({ codAmountMinor: 1_000 });
    await (await callerFor(db, w.admin.id)).admin.orderSetStatus({ orderId: p.id, status: 'delivered' });
    expect(await hand()).toBe(8_250);
  });

  test('posting twice is a no-op; the unique index refuses a second collection row; a reversal goes back once', async () => {
    const o = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 3_000 });
    expect(await postCollection(db, o, new Date())).toBe(false);
    const dup = db.insert(cashLedger).values({ journalId: 'x', riderId: w.riderA.id, companyId: w.companyA.id, currency: 'KWD', account: 'hand', amountMinor: 3_000, kind: 'collection', orderId: o.id, at: new Date() });
    expect(await dup.then(() => 'inserted', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`)).toMatch(/UNIQUE constraint failed/);
    expect(await reverseCollection(db, o.id, new Date(), w.admin.id)).toBe(true);
    expect(await reverseCollection(db, o.id, new Date(), w.admin.id)).toBe(false);
    expect(await hand()).toBe(0);
    const kinds = await db.select({ kind: cashLedger.kind, account: cashLedger.account, minor: cashLedger.amountMinor }).from(cashLedger).where(eq(cashLedger.orderId, o.id));
    expect(kinds).toEqual([
      { kind: 'collection', account: 'customer', minor: -3_000 },
      { kind: 'collection', account: 'hand', minor: 3_000 },
      { kind: 'collection_reversal', account: 'hand', minor: -3_000 },
      { kind: 'collection_reversal', account: 'customer', minor: 3_000 },
    ]);
  });
});
