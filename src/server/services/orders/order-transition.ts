import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, orderStatusEvents } from '../../../../db/schema';
import { conflict } from '../../errors';
import type { DbOrTx } from '../cash';
import { emitOrderStatusChange } from '../integrations';
import { label, msg } from '../../../shared/i18n/message';

export type OrderRow = typeof orders.$inferSelect;
export type OrderPatch = Partial<typeof orders.$inferInsert>;

/**
 * Every change of an order's status (issue 22, item 4; docs/decisions/006-atomic-order-transitions.md) is a
 * compare-and-set: one `UPDATE orders … WHERE id = ? AND status = ? AND rider_id IS ?` on the status and rider
 * the caller read, returning the row as it now is. When another request changed the order in between, no row
 * matches and the change is refused (409) with the order's status now; nothing of the caller's is written.
 * Run it first in the transaction that also writes the change's timeline, ledger and webhook rows, and use the
 * returned row (never the row read before) for them.
 */
export async function casOrder(tx: DbOrTx, before: Pick<OrderRow, 'id' | 'status' | 'riderId'>, patch: OrderPatch): Promise<OrderRow> {
  const sameRider = before.riderId === null ? isNull(orders.riderId) : eq(orders.riderId, before.riderId);
  const [row] = await tx
    .update(orders)
    .set(patch)
    .where(and(eq(orders.id, before.id), eq(orders.status, before.status), sameRider))
    .returning();
  if (row) return row;
  const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, before.id));
  throw conflict(msg('errors.orderChanged', { status: label(`orderStatus.${now?.status ?? before.status}`) }), 'status');
}

/** The change's line on the order's timeline. */
export async function recordTimeline(tx: DbOrTx, row: OrderRow, actorId: string | null, at: Date) {
  await tx.insert(orderStatusEvents).values({ orderId: row.id, status: row.status, riderId: row.riderId, actorId, at });
}

/**
 * The change's webhook (outbox) rows, in the change's transaction: they commit with it or not at all, and the
 * dispatcher is woken after the commit (kickWebhookDispatcher waits for the writer's turn to end).
 */
export function enqueueStatusWebhook(tx: DbOrTx, row: OrderRow): Promise<number> {
  return emitOrderStatusChange(tx as unknown as Db, row);
}
