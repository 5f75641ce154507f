import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOffers, orders } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { dispatchWorld, north, orderNow, pendingOrder, PICKUP, riderOnDuty, T0 } from '../../../../test/dispatch-world';
import type { World } from '../../../../test/world';
import { DISPATCH_DEFAULTS } from '../../../shared/schemas/dispatch';
import { dispatchOrder } from './dispatch';

let db: Db;
let w: World;

beforeEach(async () => {
  db = await freshDb();
  w = await dispatchWorld(db);
});

describe('two dispatches at once (found by bench/dispatch.ts at 1,000 orders a minute)', () => {
  test('the first order taken by another dispatch meanwhile: no offer, and its batch mates are given back untouched', async () => {
    await riderOnDuty(db, w.companyA, PICKUP);
    const first = await pendingOrder(db, w.companyA);
    const mate = await pendingOrder(db, w.companyA, north(100));
    // Another dispatch offers the first order between this one's reading it and its offer.
    await db.update(orders).set({ dispatchState: 'offering', dispatchAttempts: 1 }).where(eq(orders.id, first.id));
    expect(await dispatchOrder(db, first, { ...DISPATCH_DEFAULTS, mode: 'auto' }, T0)).toEqual({ state: 'skipped' });
    expect(await db.select().from(dispatchOffers)).toEqual([]);
    const after = await orderNow(db, mate.id);
    expect({ state: after.dispatchState, attempts: after.dispatchAttempts }).toEqual({ state: null, attempts: 0 });
  });
});
