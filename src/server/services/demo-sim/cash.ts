import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashSubmissions } from '../../../../db/schema';
import { fromMinor, type Currency } from '../../../shared/money';
import { submitCash, confirmHandover, refreshHandoverCode, riderBalances, type RiderCashCheck } from '../cash';
import type { Actor } from '../access';

/**
 * The demo simulator's cash (issue 21): a rider it moves hands over everything the company has not counted,
 * through the same services as the verified hand-over (issue 9). Each pending hand-over gets a fresh code
 * from the rider's app (refreshHandoverCode) and the manager counts it in full with that code; then the rider
 * submits what is on hand (submitCash: hand → transit, a one-time code) and the manager counts that too
 * (confirmHandover: transit → company). The ledger sees exactly what a real hand-over posts.
 */

/** A rider with this share of the company's limit not yet counted goes to hand it over before taking more orders. */
export const HAND_OVER_AT = 0.5;
/** A cash order is not given to a rider whose uncounted cash would pass this share of the limit with it. */
export const TAKE_UP_TO = 0.9;

/**
 * Whether a rider with nothing to do should go and hand over before taking more orders: over a limit, with half
 * the amount limit not yet counted, or holding cash for half the hold time (a rider back on duty with yesterday's cash).
 */
export function shouldHandOver(s: RiderCashCheck, now: number): boolean {
  if (s.uncountedMinor <= 0) return false;
  if (s.overLimit || s.uncountedMinor >= HAND_OVER_AT * s.limitMinor) return true;
  return s.since !== null && now - Date.parse(s.since) >= (s.holdHours * 3_600_000) / 2;
}

/** Hands over and counts all the rider's uncounted cash in `currency`; answers the minor units counted. */
export async function handOverAll(db: Db, riderId: string, currency: Currency, scope: Actor, now: Date): Promise<number> {
  let counted = 0;
  const pending = await db
    .select()
    .from(cashSubmissions)
    .where(and(eq(cashSubmissions.riderId, riderId), eq(cashSubmissions.status, 'pending'), eq(cashSubmissions.currency, currency)))
    .orderBy(asc(cashSubmissions.submittedAt));
  for (const s of pending) {
    const counts = { id: s.id, counted: fromMinor(s.amountMinor, currency) };
    if (s.channel === 'bank_deposit') {
      await confirmHandover(db, scope, { ...counts, method: 'slip' }, now);
    } else {
      const { code } = await refreshHandoverCode(db, riderId, s.id, now);
      await confirmHandover(db, scope, { ...counts, method: 'code', code }, now);
    }
    counted += s.amountMinor;
  }
  const { handMinor } = await riderBalances(db, riderId, currency);
  if (handMinor > 0) {
    const submitted = await submitCash(db, riderId, { amount: fromMinor(handMinor, currency), currency }, now);
    await confirmHandover(db, scope, { id: submitted.submissionId, counted: fromMinor(submitted.amountMinor, currency), method: 'code', code: submitted.code }, now);
    counted += handMinor;
  }
  return counted;
}
