import type { Db } from '../../../../../db/client';
import type { riders } from '../../../../../db/schema';
import { invalid } from '../../../errors';
import { cashOrderBlock } from './cash-guard';
import { documentsDutyBlock } from './documents-guard';
import { rulesBlock } from './rules-guard';
import type { Message } from '../../../../shared/i18n/message';

/**
 * What may stop a rider from going on duty or taking an order (issue 9), in one place: documents
 * (an expired driving licence), the region's working rules (summer midday bans, iftar pause, daily
 * hours) and cash limits (no new cash orders above the company's limit). Each guard answers the
 * reason in the request's language, or null.
 */
export type RiderRow = typeof riders.$inferSelect;
export interface OrderFacts {
  paymentMethod: string;
  codAmountMinor: number;
}

/** Throws a 400 with the reason when the rider may not start a duty now. */
export async function assertCanStartDuty(db: Db, rider: RiderRow, now: Date): Promise<void> {
  const reason = (await documentsDutyBlock(db, rider, now)) ?? (await rulesBlock(db, rider, now, 'duty'));
  if (reason) throw invalid(reason, 'duty');
}

/** Why the rider may not take this order now, or null. */
export async function orderBlock(db: Db, rider: RiderRow, order: OrderFacts, now: Date): Promise<Message | null> {
  return (await documentsDutyBlock(db, rider, now, 'order')) ?? (await rulesBlock(db, rider, now, 'order')) ?? (await cashOrderBlock(db, rider, order, now));
}

/** Throws a 400 (field riderId) with the reason when the rider may not take this order now. */
export async function assertCanTakeOrder(db: Db, rider: RiderRow, order: OrderFacts, now: Date): Promise<void> {
  const reason = await orderBlock(db, rider, order, now);
  if (reason) throw invalid(reason, 'riderId');
}
