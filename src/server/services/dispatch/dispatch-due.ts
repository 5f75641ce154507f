import { and, eq, isNotNull, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOfferOrders, dispatchOffers, orders } from '../../../../db/schema';
import { log } from '../../log';
import { startDispatch } from './dispatch';

/** How long a dispatch may owe an order its offer before the sweeper tries again (the order's own try is done by then). */
export const RETRY_AFTER_MS = 15_000;
/** A dispatch that fails again is tried again after this long (not on every sweep). */
export const RETRY_BACKOFF_MS = 60_000;
/** A pass stops starting retries after this long, so that offers keep expiring on time (sweeper.ts). */
export const PASS_BUDGET_MS = 2_000;
const PER_PASS = 100;

/** No offer of this order is open. */
const noOpenOffer = notExists(
  sql`(SELECT 1 FROM ${dispatchOfferOrders} JOIN ${dispatchOffers} ON ${dispatchOffers.id} = ${dispatchOfferOrders.offerId}
    WHERE ${dispatchOfferOrders.orderId} = ${orders.id} AND ${dispatchOffers.status} = 'open')`,
);

/** Waiting for a rider with no offer out: never offered, or its last offer closed without a rider (an accepted offer whose assignment failed). */
const owedNow = and(eq(orders.status, 'pending'), isNull(orders.riderId), or(isNull(orders.dispatchState), and(eq(orders.dispatchState, 'offering'), noOpenOffer)));

/**
 * Offers the orders automatic dispatch still owes an offer (orders.dispatch_due_at): their dispatch failed (an error
 * in it, a database busy beyond its timeout), the server stopped between the order and its offer, or an accepted
 * offer's assignment failed. Each is claimed first (its mark moved on by RETRY_BACKOFF_MS, a compare-and-set: of two
 * sweepers, or a sweeper and an import still dispatching, one takes it), then dispatched as when it was made; one
 * failing again keeps the later mark. Orders no longer waiting (cancelled, assigned by hand, needing a rider) lose the
 * mark. Runs in the sweeper (sweeper.ts), within PASS_BUDGET_MS.
 */
export async function retryOwedDispatches(db: Db, now = new Date(), clock: () => number = Date.now): Promise<{ retried: number; failed: number }> {
  await db
    .update(orders)
    .set({ dispatchDueAt: null })
    .where(and(isNotNull(orders.dispatchDueAt), or(ne(orders.status, 'pending'), isNotNull(orders.riderId), eq(orders.dispatchState, 'needs_rider'))));
  const owed = await db
    .select({ id: orders.id, due: orders.dispatchDueAt })
    .from(orders)
    .where(and(lte(orders.dispatchDueAt, new Date(now.getTime() - RETRY_AFTER_MS)), owedNow))
    .orderBy(orders.dispatchDueAt)
    .limit(PER_PASS);
  const started = clock();
  let retried = 0;
  let failed = 0;
  for (const { id, due } of owed) {
    if (clock() - started > PASS_BUDGET_MS) break;
    // The claim: the order's offer owed from now on, its state freed when its last offer closed without a rider.
    const [claimed] = await db
      .update(orders)
      .set({ dispatchDueAt: new Date(now.getTime() + RETRY_BACKOFF_MS - RETRY_AFTER_MS), dispatchState: null })
      .where(and(eq(orders.id, id), eq(orders.dispatchDueAt, due!), owedNow))
      .returning({ id: orders.id });
    if (!claimed) continue;
    retried++;
    try {
      const outcome = await startDispatch(db, id, now, { autoDispatch: true });
      // Nothing to do for it after all (taken meanwhile): no longer owed.
      if (outcome.state === 'skipped') await db.update(orders).set({ dispatchDueAt: null }).where(and(eq(orders.id, id), isNull(orders.dispatchState)));
    } catch (err) {
      failed++;
      log.error('dispatch retry failed', { orderId: id, err: err instanceof Error ? err.message : String(err) });
    }
  }
  return { retried, failed };
}
