import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import { audit } from '../../lib/audit';
import { publishChange } from '../../lib/events';
import { notify } from '../compliance';
import { emitOrderEvent } from '../integrations';
import type { OrderRow } from './facts';

/**
 * Automatic dispatch gives up on an order (its company's maximum offers made, or nobody eligible): the order goes
 * back to the company as "needs a rider", with a notice on the company's dashboard and the `order.unassigned` webhook.
 */
export async function markNeedsRider(db: Db, order: OrderRow, reason: 'attempts' | 'nobody', now: Date): Promise<void> {
  const row = await db.transaction(
    async (tx) => {
      const [o] = await tx
        .update(orders)
        .set({ dispatchState: 'needs_rider', dispatchDueAt: null, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.riderId), isNull(orders.dispatchState)))
        .returning();
      if (!o) return null;
      await audit(tx, { actorId: null, action: 'dispatch.needs_rider', entity: 'order', entityId: o.id, before: { dispatchState: order.dispatchState }, after: { dispatchState: 'needs_rider', reason, attempts: o.dispatchAttempts }, at: now });
      await notify(
        tx,
        { companyId: o.companyId, audience: 'company', kind: 'needs_rider', params: { customer: o.customerName, attempts: o.dispatchAttempts }, dedupeKey: `needs_rider:${o.id}:${o.dispatchAttempts}` },
        now,
      );
      return o;
    },
    { behavior: 'immediate' },
  );
  if (!row) return;
  await emitOrderEvent(db, row, 'order.unassigned');
  publishChange('orders');
}
