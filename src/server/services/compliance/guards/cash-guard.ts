import type { Db } from '../../../../../db/client';
import { cashLimitMessage, checkCashLimit } from '../../cash';
import type { OrderFacts, RiderRow } from './index';
import type { Message } from '../../../../shared/i18n/message';

/**
 * Issue 9: a rider over the company's cash limit (more cash the company has not counted — in hand or
 * handed over and awaiting the count — than the limit, or such cash for longer than the hold time) takes
 * no new cash orders until the company has counted it; prepaid and card orders, and
 * cash orders with nothing to collect, are still allowed. Checking also posts the limit notices.
 */
export async function cashOrderBlock(db: Db, rider: RiderRow, order: OrderFacts, now: Date): Promise<Message | null> {
  if (order.paymentMethod !== 'cash' || order.codAmountMinor <= 0) return null;
  const state = await checkCashLimit(db, rider.id, now);
  return state.overLimit ? cashLimitMessage(state) : null;
}
