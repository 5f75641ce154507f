import type { Currency } from '../money';

/**
 * Default cash limits (issue 9) when a company has not set its own: what a rider may hold, in minor
 * units (KWD 100.000; AED 1,000.00), and for how long (hours since the oldest cash not handed over).
 */
export const DEFAULT_CASH_LIMIT_MINOR: Record<Currency, number> = { KWD: 100_000, AED: 100_000 };
export const DEFAULT_CASH_HOLD_HOURS = 24;

export function cashLimitOf(company: { currency: Currency; cashLimitMinor?: number | null; cashHoldHours?: number | null }) {
  return {
    limitMinor: company.cashLimitMinor ?? DEFAULT_CASH_LIMIT_MINOR[company.currency],
    holdHours: company.cashHoldHours ?? DEFAULT_CASH_HOLD_HOURS,
  };
}
