import { timingSafeEqual } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, orders } from '../../../../db/schema';
import type { RiderOrderStatusInput } from '../../../shared/schemas/rider-app';
import { conflict, invalid } from '../../errors';
import { audit } from '../../lib/audit';
import type { DbOrTx } from '../cash';
import { isReplay } from '../rider';
import { msg } from '../../../shared/i18n/message';

/**
 * The delivery PIN (issue 22, item 2): 5 wrong PINs lock an order, as 5 wrong codes lock a cash hand-over; then
 * only the company can mark it delivered. Each wrong PIN is one audit row (`pin_wrong`), the lock another
 * (`pin_locked`); the count is read from those rows, so it needs no column of its own.
 */
export const PIN_MAX_TRIES = 5;

type PinOrder = Pick<typeof orders.$inferSelect, 'id' | 'deliveryPin'>;

/** Whether `pin` is the order's PIN, compared in constant time. */
export function pinMatches(pin: string, order: PinOrder): boolean {
  const a = Buffer.from(pin);
  const b = Buffer.from(order.deliveryPin ?? '');
  return b.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/** Wrong PINs typed for an order so far, online or replayed. */
export async function wrongPinCount(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId), eq(auditLog.action, 'pin_wrong')));
  return row?.n ?? 0;
}

/** Counts (audits) one wrong PIN in the caller's transaction, and the lock when it is the 5th. Returns the tries left. */
export async function recordWrongPin(tx: DbOrTx, orderId: string, riderId: string, actorId: string, replayed: boolean): Promise<number> {
  const tries = (await wrongPinCount(tx, orderId)) + 1;
  await audit(tx, { actorId, action: 'pin_wrong', entity: 'order', entityId: orderId, after: { riderId, tries, replayed } });
  if (tries === PIN_MAX_TRIES) await audit(tx, { actorId, action: 'pin_locked', entity: 'order', entityId: orderId, after: { riderId, tries } });
  return Math.max(0, PIN_MAX_TRIES - tries);
}

/**
 * A live delivery's PIN, checked and counted in its own transaction before the delivery is written, so a wrong
 * PIN stays counted whatever happens to the delivery's own transaction (an idempotency key's is rolled back on a
 * refusal), and concurrent guesses are counted one after the other: the 6th and later are refused with the lock,
 * even when right. A replayed (offline) delivery is counted in its own transaction instead (rider-orders.ts).
 */
export async function checkLivePin(db: Db, riderId: string, userId: string, input: RiderOrderStatusInput): Promise<void> {
  if (input.status !== 'delivered' || isReplay(input.outbox)) return;
  const outcome = await db.transaction(
    async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, deliveryPin: orders.deliveryPin })
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.riderId, riderId)));
      // Not this rider's picked-up order: the delivery's own checks answer (not found, wrong status).
      if (!order || order.status !== 'picked_up') return { kind: 'skip' as const };
      if ((await wrongPinCount(tx, order.id)) >= PIN_MAX_TRIES) return { kind: 'locked' as const };
      if (input.pin === undefined || pinMatches(input.pin, order)) return { kind: 'ok' as const };
      return { kind: 'wrong' as const, left: await recordWrongPin(tx, order.id, riderId, userId, false) };
    },
    { behavior: 'immediate' },
  );
  // Thrown after the commit, so the wrong PIN stays counted.
  if (outcome.kind === 'locked' || (outcome.kind === 'wrong' && outcome.left === 0)) throw conflict(msg('errors.pinLocked'), 'pin');
  if (outcome.kind === 'wrong') throw invalid(msg('errors.pinWrong', { left: outcome.left }), 'pin');
}
