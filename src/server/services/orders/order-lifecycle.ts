import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders } from '../../../../db/schema';
import { canTransition, type OrderStatus } from '../../../shared/schemas/oversight';
import { invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { postCollection, reverseCollection, checkCashLimit } from '../cash';
import { assertCanTakeOrder } from '../compliance';
import { publishChange } from '../../lib/events';
import { casOrder, enqueueStatusWebhook, recordTimeline, type OrderPatch } from './order-transition';
import { emitOrderEvent } from '../integrations';
import { label, msg } from '../../../shared/i18n/message';
import { replanRider } from '../routing';
import type { Actor } from '../access';

async function scopedOrder(db: Db, scope: Actor, orderId: string) {
  const where = scope.companyId ? and(eq(orders.id, orderId), eq(orders.companyId, scope.companyId)) : eq(orders.id, orderId);
  const order = await db.query.orders.findFirst({ where });
  // Another company's order is "not found", never "forbidden": ids don't leak.
  if (!order) throw notFound(msg('errors.orderNotFound'));
  return order;
}

/**
 * Move an order along the state machine, stamping the time of each change. The status is checked and changed in
 * one statement (casOrder), in one transaction with the timeline, the audit, the cash ledger and the webhook rows.
 */
export async function transitionOrder(db: Db, scope: Actor, orderId: string, to: OrderStatus, now = new Date()) {
  const order = await scopedOrder(db, scope, orderId);
  if (!canTransition(order.status, to)) throw invalid(msg('errors.orderTransition', { from: label(`orderStatus.${order.status}`), to: label(`orderStatus.${to}`) }), 'status');
  if (to === 'assigned' && !order.riderId) throw invalid(msg('errors.assignRiderFirst'), 'riderId');
  const patch: OrderPatch = { status: to, updatedAt: now, ...(to === 'delivered' ? { deliveredAt: now } : {}), ...(to === 'pending' ? { riderId: null } : {}) };
  await db.transaction(
    async (tx) => {
      const row = await casOrder(tx, order, patch);
      await recordTimeline(tx, row, scope.userId, now);
      await audit(tx, { actorId: scope.userId, action: 'status', entity: 'order', entityId: row.id, before: { status: order.status }, after: { status: to } });
      // The cash ledger moves with the order, in the same transaction (issue 9).
      if (to === 'delivered' && (await postCollection(tx, row, now)) && row.riderId) await checkCashLimit(tx, row.riderId, now);
      if (order.status === 'delivered' && to !== 'delivered') await reverseCollection(tx, row.id, now, scope.userId);
      await enqueueStatusWebhook(tx, row);
    },
    { behavior: 'immediate' },
  );
  // The rider's remaining stops are re-planned without this order (issue 25).
  if (order.riderId && (to === 'cancelled' || to === 'pending')) await replanRider(db, order.riderId, now);
  publishChange('orders');
  return { success: true as const, status: to };
}

/** Give an order to an active rider of the same company. */
export async function assignOrder(db: Db, scope: Actor, orderId: string, riderId: string, now = new Date()) {
  const order = await scopedOrder(db, scope, orderId);
  const rider = await db.query.riders.findFirst({ where: and(eq(riders.id, riderId), eq(riders.companyId, order.companyId)) });
  if (!rider) throw invalid(msg('errors.sameCompanyRider'), 'riderId');
  if (rider.status !== 'active') throw invalid(msg('errors.riderNotActive'), 'riderId');
  if (order.status !== 'pending' && order.status !== 'assigned') {
    throw invalid(msg('errors.orderNoReassign', { status: label(`orderStatus.${order.status}`) }), 'status');
  }
  await assertCanTakeOrder(db, rider, order, now);
  await db.transaction(
    async (tx) => {
      // An assigned order waits for no rider: automatic dispatch's state ends here (issue 25), by hand or by an accepted offer.
      const row = await casOrder(tx, order, { riderId: rider.id, status: 'assigned', updatedAt: now, dispatchState: null, dispatchDueAt: null });
      await recordTimeline(tx, row, scope.userId, now);
      await audit(tx, { actorId: scope.userId, action: 'assign', entity: 'order', entityId: row.id, before: { riderId: order.riderId, status: order.status }, after: { riderId: rider.id, status: 'assigned' } });
      await emitOrderEvent(tx as unknown as Db, row, 'order.assigned', rider);
    },
    { behavior: 'immediate' },
  );
  // Issue 25: the rider's stops re-planned with this order (and a previous rider's without it).
  await replanRider(db, rider.id, now);
  if (order.riderId && order.riderId !== rider.id) await replanRider(db, order.riderId, now);
  publishChange('orders');
  return { success: true as const, riderId: rider.id };
}
