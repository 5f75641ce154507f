import type { Currency } from '../money';

/**
 * Default cash limits (issue 9) when a company has not set its own: what a rider may hold, in minor
 * units (KWD 100.000; AED 1,000.00), and for how long (hours since the oldest cash not handed over).
 */
export const DEFAULT_CASH_LIMIT_MINOR: Record<Currency, number> = { KWD: 100_000, AED: 100_000 };
export const DEFAULT_CASH_HOLD_HOURS = 24;

/** The rider app's cash reminder comes at this share of the limit in force (KWD 50.000 / AED 500.00 under the defaults). */
export const CASH_REMINDER_SHARE = 0.5;

type CompanyLimits = { currency: Currency; cashLimitMinor?: number | null; cashHoldHours?: number | null };

export function cashLimitOf(company: CompanyLimits) {
  return {
    limitMinor: company.cashLimitMinor ?? DEFAULT_CASH_LIMIT_MINOR[company.currency],
    holdHours: company.cashHoldHours ?? DEFAULT_CASH_HOLD_HOURS,
  };
}

/** The limit on cash in `currency`: the company's own for its currency, that currency's default for any other. */
export function cashLimitIn(company: CompanyLimits, currency: Currency): number {
  return currency === company.currency ? cashLimitOf(company).limitMinor : DEFAULT_CASH_LIMIT_MINOR[currency];
}

/** From how much cash (minor units) the rider is reminded to hand it over, under a limit of `limitMinor`. */
export function cashReminderAtMinor(limitMinor: number): number {
  return Math.floor(limitMinor * CASH_REMINDER_SHARE);
}
