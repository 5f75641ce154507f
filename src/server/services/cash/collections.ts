import { and, eq, inArray } from 'drizzle-orm';
import { cashLedger, type orders } from '../../../../db/schema';
import { postJournal, type DbOrTx } from './ledger';

type OrderRow = typeof orders.$inferSelect;

/** The net cash a delivered order put in its rider's hand (collection less reversals), with who holds it. */
async function collectedFor(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({ riderId: cashLedger.riderId, companyId: cashLedger.companyId, currency: cashLedger.currency, amountMinor: cashLedger.amountMinor, kind: cashLedger.kind })
    .from(cashLedger)
    .where(and(eq(cashLedger.orderId, orderId), eq(cashLedger.account, 'hand'), inArray(cashLedger.kind, ['collection', 'collection_reversal'])));
  const first = rows.find((r) => r.kind === 'collection');
  return { first, netMinor: rows.reduce((s, r) => s + r.amountMinor, 0) };
}

/**
 * A cash order became delivered: customer → the rider's hand, in the caller's transaction (the same
 * one that marks the order delivered). Exactly once per order: a unique index refuses a second
 * `collection` row, and an order that already collected is skipped here, so a replayed delivery
 * never collects twice. Returns whether it posted.
 */
export async function postCollection(db: DbOrTx, order: Pick<OrderRow, 'id' | 'riderId' | 'companyId' | 'currency' | 'paymentMethod' | 'codAmountMinor'>, at: Date): Promise<boolean> {
  if (order.paymentMethod !== 'cash' || order.codAmountMinor <= 0 || !order.riderId) return false;
  // Delivered is final in the order state machine, so an order collects at most once, ever.
  if ((await collectedFor(db, order.id)).first) return false;
  await postJournal(db, {
    kind: 'collection',
    riderId: order.riderId,
    companyId: order.companyId,
    currency: order.currency,
    orderId: order.id,
    at,
    lines: [
      { account: 'customer', amountMinor: -order.codAmountMinor },
      { account: 'hand', amountMinor: order.codAmountMinor },
    ],
  });
  return true;
}

/**
 * A delivered order left delivered: what it collected goes back from the hand it went to (hand →
 * customer), once. The state machine has no such move today (delivered is final); this keeps the
 * ledger right should one be added.
 */
export async function reverseCollection(db: DbOrTx, orderId: string, at: Date, actorId: string | null = null): Promise<boolean> {
  const { first, netMinor } = await collectedFor(db, orderId);
  if (!first || netMinor <= 0) return false;
  await postJournal(db, {
    kind: 'collection_reversal',
    riderId: first.riderId,
    companyId: first.companyId,
    currency: first.currency,
    orderId,
    actorId,
    at,
    lines: [
      { account: 'hand', amountMinor: -netMinor },
      { account: 'customer', amountMinor: netMinor },
    ],
  });
  return true;
}
