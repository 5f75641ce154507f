import { z } from 'zod';
import { normalizeDigits } from '../digits';
import { byKey } from '../i18n/message';
import { MINOR_DIGITS, type Currency } from '../money';
import { dayNumber } from './reports';

/**
 * Cash limits (issue 9): what a rider may hold and for how long, per company, and the daily
 * reconciliation report's shapes. Amounts are typed in the company's currency (Arabic-Indic digits
 * accepted) and stored as minor units.
 */
export const HOLD_HOURS_MIN = 1;
export const HOLD_HOURS_MAX = 168;
/** The largest limit a company may set, in major units (a typo guard, not a business rule). */
export const MAX_LIMIT_MAJOR = 1_000_000;

/** Why a rider is blocked from new cash orders: holding more than the limit, or holding cash too long. */
export const CASH_LIMIT_REASONS = ['amount', 'overdue'] as const;
export type CashLimitReason = (typeof CASH_LIMIT_REASONS)[number];

/**
 * A typed limit ('100', '100.5', '١٠٠٫٥', '1,000.000') in minor units of `currency`; `format` when it
 * is not a positive amount with at most the currency's decimals (KWD 3, AED 2), `tooLarge` above
 * MAX_LIMIT_MAJOR.
 */
export function parseLimitAmount(text: string, currency: Currency): { ok: true; minor: number } | { ok: false; problem: 'format' | 'tooLarge' } {
  const s = normalizeDigits(text).trim().replace(/,(?=\d{3}(\D|$))/g, '');
  const digits = MINOR_DIGITS[currency];
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${digits}}))?$`).exec(s);
  if (!match) return { ok: false, problem: 'format' };
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0'));
  if (minor <= 0) return { ok: false, problem: 'format' };
  if (minor > MAX_LIMIT_MAJOR * 10 ** digits) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor };
}

/** Hours as typed ('24', '٢٤', 24) → a whole number, or NaN. */
const hoursValue = (v: unknown) => (typeof v === 'string' ? (/^\s*\d+\s*$/.test(normalizeDigits(v)) ? Number(normalizeDigits(v)) : Number.NaN) : v);

/**
 * company.setCashLimits: `limit` in major units of the company's currency (checked on the server,
 * which knows the currency, with parseLimitAmount), `holdHours` 1–168; null returns to the default.
 */
export const setCashLimitsInput = z.object({
  limit: z.string(byKey('reconcile.error.amount')).trim().max(30).nullable(),
  holdHours: z.preprocess(hoursValue, z.number(byKey('reconcile.error.hours')).int(byKey('reconcile.error.hours')).min(HOLD_HOURS_MIN, byKey('reconcile.error.hours')).max(HOLD_HOURS_MAX, byKey('reconcile.error.hours'))).nullable(),
});
export type SetCashLimitsInput = z.input<typeof setCashLimitsInput>;

const isoDay = z
  .string(byKey('reconcile.error.date'))
  .trim()
  .refine((v) => dayNumber(v) !== null, byKey('reconcile.error.date'));

/** company.reconciliation: a calendar day in the company's zone; missing: today there. */
export const reconciliationInput = z.object({ date: isoDay.optional() }).optional();

export const noticeIdInput = z.object({ id: z.string().min(1).max(64) });

/**
 * A rider's cash-limit state. Both limits count the cash the company has not counted yet: in the
 * rider's hand or handed over and still in transit. `since` is when the oldest of it came into the
 * rider's hand (FIFO: a hand-over keeps its cash's collection times until it is counted), `dueAt` when
 * it becomes overdue.
 */
export interface CashLimitState {
  overLimit: boolean;
  /** The first reason (amount before overdue), or null. */
  reason: CashLimitReason | null;
  reasons: CashLimitReason[];
  currency: Currency;
  /** Cash on hand. */
  handMinor: number;
  /** Handed over, not yet counted by the company. */
  transitMinor: number;
  /** hand + transit: what the limit is compared with. */
  uncountedMinor: number;
  limitMinor: number;
  holdHours: number;
  since: string | null;
  dueAt: string | null;
}

/** One rider in one currency on one day (minor units). */
export interface ReconciliationFigures {
  /** Collections less reversals that day. */
  collectedMinor: number;
  /** Hand-overs submitted that day. */
  handedOverMinor: number;
  /** Counted and received by the company that day. */
  receivedMinor: number;
  /** Hand + transit + unresolved discrepancy at the end of the day. */
  outstandingMinor: number;
  /**
   * Differences found in that day's counts, never netted: what was missing (short) and what was extra
   * (over), both ≥ 0, and how many counts differed.
   */
  shortMinor: number;
  overMinor: number;
  discrepancyCount: number;
  /** Differences not resolved at the end of the day, per hand-over: short and over apart (both ≥ 0). */
  unresolvedShortMinor: number;
  unresolvedOverMinor: number;
}

export interface ReconciliationRow extends ReconciliationFigures {
  riderId: string;
  riderName: string;
  currency: Currency;
}

export interface ReconciliationTotal extends ReconciliationFigures {
  currency: Currency;
  riders: number;
}
