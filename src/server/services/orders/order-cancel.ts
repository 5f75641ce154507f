import type { Db } from '../../../../db/client';
import { canTransition } from '../../../shared/schemas/oversight';
import { conflict } from '../../errors';
import { companyOrder } from './api-order-view';
import { transitionOrder } from './order-lifecycle';
import { staffActor } from '../access';
import { label, msg } from '../../../shared/i18n/message';

/**
 * POST /api/v1/orders/{id}/cancel: cancel through the lifecycle (timeline, audit, webhooks, the compare-and-set).
 * An order past the point of cancelling (picked up, delivered, failed, already cancelled) is a conflict with its
 * state (409), not a bad request: the call was well formed, the order moved on.
 */
export async function cancelCompanyOrder(db: Db, actorId: string, companyId: string, orderId: string, now = new Date()) {
  const order = await companyOrder(db, companyId, orderId);
  if (!canTransition(order.status, 'cancelled')) throw conflict(msg('shopApi.notCancellable', { status: label(`orderStatus.${order.status}`) }), 'status');
  await transitionOrder(db, staffActor(actorId, companyId), orderId, 'cancelled', now);
  return companyOrder(db, companyId, orderId);
}
