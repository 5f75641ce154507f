import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { orders, orderStatusEvents, riders } from '../../../../../db/schema';
import type { RequestSummary } from '../../../../shared/conflicts/kinds';
import { t, tw } from '../../../../shared/i18n';
import type { RiderOrderStatusInput } from '../../../../shared/schemas/rider-app';
import { conflict } from '../../../errors';
import { companyTime, FlaggedRefusal, type Flag } from './flags';
import { msg } from '../../../../shared/i18n/message';

type OrderRow = typeof orders.$inferSelect;

/** How a replayed write goes on: on this order row, taken back by the rider, past the state machine, with a flag. */
export interface OrderResolution {
  order: OrderRow;
  takeOver: boolean;
  /** Delivered from a status the state machine does not allow (assigned, pending, cancelled): the parcel reached the customer. */
  force: boolean;
  flag: Flag | null;
}

export const orderRequest = (input: RiderOrderStatusInput): RequestSummary => ({
  action: `order.${input.status}`,
  orderId: input.orderId,
  ...(input.status === 'delivered' ? { recipientName: input.recipientName } : {}),
  ...(input.status === 'failed' ? { reason: input.reason } : {}),
  ...(input.at ? { at: new Date(input.at).toISOString() } : {}),
});

async function riderName(db: Db, id: string | null): Promise<string> {
  if (!id) return t('conflict.noRider');
  const r = await db.query.riders.findFirst({ where: eq(riders.id, id), columns: { name: true } });
  return r?.name ?? t('conflict.noRider');
}

/**
 * A replayed order write (issue 20, item 5) on an order the company moved while the phone was offline:
 * given to another rider or back to the queue, or cancelled. Only for an order this rider once held
 * (else null: "not found" as for any other order). Parcels and cash are facts: a pick-up of an order no one
 * has picked up yet, and a delivery that was not yet finished by someone else (or that the company had
 * cancelled), are applied to this rider with a flag; a pick-up of a cancelled order or of one another rider
 * already holds, or a delivery someone else already finished, is refused and flagged; a failed attempt on an
 * order no longer theirs is refused (nothing to undo). Null also when the order is simply still theirs.
 */
export async function resolveOrderConflict(db: Db, riderId: string, input: RiderOrderStatusInput): Promise<OrderResolution | null> {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { companyId: true } });
  const order = rider ? await db.query.orders.findFirst({ where: and(eq(orders.id, input.orderId), eq(orders.companyId, rider.companyId)) }) : undefined;
  if (!order) return null;
  if (order.riderId === riderId && order.status !== 'cancelled') return null;
  const [held] = await db.select({ id: orderStatusEvents.id }).from(orderStatusEvents).where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.riderId, riderId))).limit(1);
  if (!held) return null;
  const request = orderRequest(input);
  const flag = (kind: Flag['kind'], outcome: Flag['outcome'], reasonKey: Flag['reasonKey'], params: Flag['params']): Flag => ({ kind, outcome, reasonKey, params, request, orderId: order.id });

  if (order.status === 'cancelled') {
    const [cancel] = await db.select({ at: orderStatusEvents.at }).from(orderStatusEvents).where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.status, 'cancelled'))).orderBy(desc(orderStatusEvents.at)).limit(1);
    const time = await companyTime(db, riderId, cancel?.at ?? order.updatedAt ?? order.createdAt);
    if (input.status === 'delivered') return { order, takeOver: true, force: true, flag: flag('order_cancelled', 'applied', 'conflict.cancelled.deliveredApplied', { time }) };
    if (input.status === 'picked_up') throw new FlaggedRefusal(flag('order_cancelled', 'refused', 'conflict.cancelled.pickedRefused', { time }));
    throw conflict(msg('conflict.cancelled.failedRefused', { time }));
  }

  const other = await riderName(db, order.riderId);
  if (input.status === 'failed') throw conflict(msg('conflict.reassigned.failedRefused', { other }));
  const notPickedUp = order.status === 'assigned' || order.status === 'pending';
  if (input.status === 'picked_up' && notPickedUp) return { order, takeOver: true, force: false, flag: flag('order_reassigned', 'applied', 'conflict.reassigned.pickedApplied', { other }) };
  if (input.status === 'delivered' && (notPickedUp || order.status === 'picked_up')) {
    return { order, takeOver: true, force: order.status !== 'picked_up', flag: flag('order_reassigned', 'applied', 'conflict.reassigned.deliveredApplied', { other }) };
  }
  throw new FlaggedRefusal(flag('order_reassigned', 'refused', 'conflict.reassigned.refused', { other, status: tw(`orderStatus.${order.status}`) }));
}
