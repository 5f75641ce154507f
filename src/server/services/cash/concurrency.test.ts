import { beforeEach, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashSubmissions } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { makeOrder } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { submitCash } from './cash-submit';
import { riderBalances } from './ledger';

/**
 * Concurrent submissions never double-spend (issue 9): many at once against a small balance, on a
 * file database with a pool of connections, as concurrent requests of one server process are.
 */
let db: Db;
let w: World;

beforeEach(async () => {
  ({ db, w } = await freshWorld());
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 10_000 });
});

test('20 submissions of 1.500 at once over 10.000 on hand: 6 accepted, the rest refused, nothing spent twice', async () => {
  const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => submitCash(db, w.riderA.id, { amount: 1.5 })));
  const accepted = outcomes.filter((o) => o.status === 'fulfilled');
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  expect(accepted).toHaveLength(6);
  expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set(['You hold 1 KWD; you cannot submit more than that']));
  const rows = await db.select().from(cashSubmissions).where(eq(cashSubmissions.riderId, w.riderA.id));
  expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(9_000);
  expect(await riderBalances(db, w.riderA.id, 'KWD')).toMatchObject({ handMinor: 1_000, transitMinor: 9_000 });
});

test('through the router with idempotency keys (each in its own immediate transaction), mixed amounts: sum accepted ≤ balance', async () => {
  const c = await callerFor(db, w.riderA.user.id);
  const amounts = [4, 3.5, 2.25, 1, 0.75, 5, 0.5, 2, 1.25, 3];
  const outcomes = await Promise.allSettled(amounts.map((amount, i) => c.rider.submitCash({ id: w.riderA.id, amount, idempotencyKey: `concurrent-${i}-key` })));
  const acceptedMinor = outcomes.reduce((s, o, i) => s + (o.status === 'fulfilled' ? amounts[i]! * 1000 : 0), 0);
  expect(acceptedMinor).toBeLessThanOrEqual(10_000);
  const b = await riderBalances(db, w.riderA.id, 'KWD');
  expect([b.handMinor >= 0, b.transitMinor, b.handMinor + b.transitMinor]).toEqual([true, acceptedMinor, 10_000]);
});
