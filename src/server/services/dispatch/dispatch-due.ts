import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import { log } from '../../log';
import { startDispatch } from './dispatch';

/** How long a dispatch may owe an order its offer before the sweeper tries again (the order's own try is done by then). */
export const RETRY_AFTER_MS = 15_000;
/** A dispatch that fails again is tried again after this long (not on every sweep). */
export const RETRY_BACKOFF_MS = 60_000;
const PER_PASS = 100;

/**
 * Offers the orders automatic dispatch still owes an offer (orders.dispatch_due_at): their dispatch failed (an error
 * in it, a database busy beyond its timeout), or the server stopped between the order and its offer. Each is
 * dispatched as when it was made; one failing again waits RETRY_BACKOFF_MS. Orders no longer waiting (cancelled,
 * assigned by hand) lose the mark. Runs in the sweeper (sweeper.ts).
 */
export async function retryOwedDispatches(db: Db, now = new Date()): Promise<{ retried: number; failed: number }> {
  await db
    .update(orders)
    .set({ dispatchDueAt: null })
    .where(and(isNotNull(orders.dispatchDueAt), or(ne(orders.status, 'pending'), isNotNull(orders.riderId), isNotNull(orders.dispatchState))));
  const owed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(lte(orders.dispatchDueAt, new Date(now.getTime() - RETRY_AFTER_MS)), eq(orders.status, 'pending'), isNull(orders.riderId), isNull(orders.dispatchState)))
    .orderBy(orders.dispatchDueAt)
    .limit(PER_PASS);
  let failed = 0;
  for (const { id } of owed) {
    try {
      const outcome = await startDispatch(db, id, now, { autoDispatch: true });
      // Nothing to do for it after all (taken meanwhile): no longer owed.
      if (outcome.state === 'skipped') await db.update(orders).set({ dispatchDueAt: null }).where(and(eq(orders.id, id), isNull(orders.dispatchState)));
    } catch (err) {
      failed++;
      log.error('dispatch retry failed', { orderId: id, err: err instanceof Error ? err.message : String(err) });
      await db.update(orders).set({ dispatchDueAt: new Date(now.getTime() + RETRY_BACKOFF_MS - RETRY_AFTER_MS) }).where(eq(orders.id, id));
    }
  }
  return { retried: owed.length, failed };
}
