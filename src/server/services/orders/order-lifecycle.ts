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
import { t, tw } from '../../../shared/i18n';

/** Who may touch an order: an admin (companyId null) or the order's own company. */
export interface OrderScope {
  actorId: string;
  companyId: string | null;
}

async function scopedOrder(db: Db, scope: OrderScope, orderId: string) {
  const where = scope.companyId ? and(eq(orders.id, orderId), eq(orders.companyId, scope.companyId)) : eq(orders.id, orderId);
  const order = await db.query.orders.findFirst({ where });
  // Another company's order is "not found", never "forbidden": ids don't leak.
  if (!order) throw notFound(t('errors.orderNotFound'));
  return order;
}

/**
 * Move an order along the state machine, stamping the time of each change. The status is checked and changed in
 * one statement (casOrder), in one transaction with the timeline, the audit, the cash ledger and the webhook rows.
 */
export async function transitionOrder(db: Db, scope: OrderScope, orderId: string, to: OrderStatus, now = new Date()) {
  const order = await scopedOrder(db, scope, orderId);
  if (!canTransition(order.status, to)) throw invalid(t('errors.orderTransition', { from: tw(`orderStatus.${order.status}`), to: tw(`orderStatus.${to}`) }), 'status');
  if (to === 'assigned' && !order.riderId) throw invalid(t('errors.assignRiderFirst'), 'riderId');
  const patch: OrderPatch = { status: to, updatedAt: now, ...(to === 'delivered' ? { deliveredAt: now } : {}), ...(to === 'pending' ? { riderId: null } : {}) };
  await db.transaction(
    async (tx) => {
      const row = await casOrder(tx, order, patch);
      await recordTimeline(tx, row, scope.actorId, now);
      await audit(tx, { actorId: scope.actorId, action: 'status', entity: 'order', entityId: row.id, before: { status: order.status }, after: { status: to } });
      // The cash ledger moves with the order, in the same transaction (issue 9).
      if (to === 'delivered' && (await postCollection(tx, row, now)) && row.riderId) await checkCashLimit(tx, row.riderId, now);
      if (order.status === 'delivered' && to !== 'delivered') await reverseCollection(tx, row.id, now, scope.actorId);
      await enqueueStatusWebhook(tx, row);
    },
    { behavior: 'immediate' },
  );
  publishChange('orders');
  return { success: true as const, status: to };
}

/** Give an order to an active rider of the same company. */
export async function assignOrder(db: Db, scope: OrderScope, orderId: string, riderId: string, now = new Date()) {
  const order = await scopedOrder(db, scope, orderId);
  const rider = await db.query.riders.findFirst({ where: and(eq(riders.id, riderId), eq(riders.companyId, order.companyId)) });
  if (!rider) throw invalid(t('errors.sameCompanyRider'), 'riderId');
  if (rider.status !== 'active') throw invalid(t('errors.riderNotActive'), 'riderId');
  if (order.status !== 'pending' && order.status !== 'assigned') {
    throw invalid(t('errors.orderNoReassign', { status: tw(`orderStatus.${order.status}`) }), 'status');
  }
  await assertCanTakeOrder(db, rider, order, now);
  await db.transaction(
    async (tx) => {
      // An assigned order waits for no rider: automatic dispatch's state ends here (issue 25), by hand or by an accepted offer.
      const row = await casOrder(tx, order, { riderId: rider.id, status: 'assigned', updatedAt: now, dispatchState: null });
      await recordTimeline(tx, row, scope.actorId, now);
      await audit(tx, { actorId: scope.actorId, action: 'assign', entity: 'order', entityId: row.id, before: { riderId: order.riderId, status: order.status }, after: { riderId: rider.id, status: 'assigned' } });
      await emitOrderEvent(tx as unknown as Db, row, 'order.assigned', rider);
    },
    { behavior: 'immediate' },
  );
  publishChange('orders');
  return { success: true as const, riderId: rider.id };
}
