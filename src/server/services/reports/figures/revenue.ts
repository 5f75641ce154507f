import type { Db } from '../../../../../db/client';
import { aedToKwdMinor, type Currency } from '../../../../shared/money';
import { deliveredSince } from '../../orders';

/**
 * Revenue: the delivery fees of orders delivered (status delivered, by delivered_at) at or after `since`,
 * per currency, minor units; one company's or (null) all. From the daily rollups (order-stats.ts).
 */
export async function revenueSince(db: Db, companyId: string | null, since: Date): Promise<Record<Currency, number>> {
  const out: Record<Currency, number> = { KWD: 0, AED: 0 };
  for (const r of await deliveredSince(db, companyId, since)) out[r.currency] += r.feesMinor;
  return out;
}

/** Revenue in KWD fils: KWD as is, AED converted once at the configured rate (AED_TO_KWD_RATE). */
export const revenueKwdMinor = (revenue: Record<Currency, number>, aedToKwd: number) => revenue.KWD + aedToKwdMinor(revenue.AED, aedToKwd);
