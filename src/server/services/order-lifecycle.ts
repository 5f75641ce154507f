import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, orderStatusEvents, riders } from '../../../db/schema';
import { canTransition, type OrderStatus } from '../../shared/schemas/oversight';
import { invalid, notFound } from '../errors';
import { audit } from './audit';
import { postCollection, reverseCollection } from './cash/collections';
import { checkCashLimit } from './cash/limits';
import { assertCanTakeOrder } from './guards';
import { publishChange } from './events';
import { emitOrderEvent, emitOrderStatusChange } from './webhooks';
import { t, tw } from '../../shared/i18n';

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

/** Move an order along the state machine, stamping the time of each change. */
export async function transitionOrder(db: Db, scope: OrderScope, orderId: string, to: OrderStatus, now = new Date()) {
  const order = await scopedOrder(db, scope, orderId);
  if (!canTransition(order.status, to)) throw invalid(t('errors.orderTransition', { from: tw(`orderStatus.${order.status}`), to: tw(`orderStatus.${to}`) }), 'status');
  if (to === 'assigned' && !order.riderId) throw invalid(t('errors.assignRiderFirst'), 'riderId');
  const patch = {
    status: to,
    updatedAt: now,
    deliveredAt: to === 'delivered' ? now : order.deliveredAt,
    riderId: to === 'pending' ? null : order.riderId,
  };
  await db.transaction(async (tx) => {
    await tx.update(orders).set(patch).where(eq(orders.id, order.id));
    await tx.insert(orderStatusEvents).values({ orderId: order.id, status: to, riderId: patch.riderId, actorId: scope.actorId, at: now });
    await audit(tx, { actorId: scope.actorId, action: 'status', entity: 'order', entityId: order.id, before: { status: order.status }, after: { status: to } });
    // The cash ledger moves with the order, in the same transaction (issue 9).
    if (to === 'delivered' && (await postCollection(tx, { ...order, riderId: patch.riderId }, now)) && patch.riderId) await checkCashLimit(tx, patch.riderId, now);
    if (order.status === 'delivered' && to !== 'delivered') await reverseCollection(tx, order.id, now, scope.actorId);
  });
  publishChange('orders');
  await emitOrderStatusChange(db, { ...order, ...patch });
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
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ riderId: rider.id, status: 'assigned', updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusEvents).values({ orderId: order.id, status: 'assigned', riderId: rider.id, actorId: scope.actorId, at: now });
    await audit(tx, { actorId: scope.actorId, action: 'assign', entity: 'order', entityId: order.id, before: { riderId: order.riderId, status: order.status }, after: { riderId: rider.id, status: 'assigned' } });
  });
  publishChange('orders');
  await emitOrderEvent(db, { ...order, riderId: rider.id, status: 'assigned', updatedAt: now }, 'order.assigned', rider);
  return { success: true as const, riderId: rider.id };
}
