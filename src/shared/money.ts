import { currentLocale, type Locale } from './i18n';
import { numberFormat } from './intl';

/** Money is kept as integer minor units with its currency; never as a float. */
export const CURRENCIES = ['KWD', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** KWD has 1000 fils, AED 100 fils. */
export const MINOR_DIGITS: Record<Currency, number> = { KWD: 3, AED: 2 };

export function minorPerUnit(currency: Currency): number {
  return 10 ** MINOR_DIGITS[currency];
}

/** Parse a decimal amount ("1.25", 1.25) into integer minor units, rounding half away from zero. */
export function toMinor(amount: number | string, currency: Currency): number {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) throw new RangeError('amount is not a finite number');
  const scaled = n * minorPerUnit(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
}

/**
 * A decimal amount as exact integer minor units, or null when it is not a finite number or has more
 * decimals than the currency allows (10.005 AED, 1.2345 KWD): money typed or sent with too many
 * decimals is refused, never rounded. Trailing zeros are fine ('12.500' AED).
 */
export function exactMinor(amount: number | string, currency: Currency): number | null {
  if (typeof amount === 'string') {
    // Text is checked digit by digit: '1.00000001' has too many decimals even if a float would hide it.
    const m = /^\s*-?\d+(?:\.(\d+))?\s*$/.exec(amount);
    if (!m) return null;
    if ((m[1] ?? '').replace(/0+$/, '').length > MINOR_DIGITS[currency]) return null;
  }
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return null;
  const scaled = n * minorPerUnit(currency);
  const minor = Math.round(scaled);
  // Binary floats: 1.005 × 100 is 100.49999999999999; anything this close is that whole number.
  return Math.abs(scaled - minor) < 1e-6 && Number.isSafeInteger(minor) ? minor : null;
}

export function fromMinor(minor: number, currency: Currency): number {
  return minor / minorPerUnit(currency);
}

/** Minor units as a plain decimal string with the currency's digits: 1250 KWD → '1.250', 1250 AED → '12.50'. */
export function toDecimalString(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('minor units must be a safe integer');
  const digits = MINOR_DIGITS[currency];
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** AED minor units as KWD fils at `aedToKwd` KWD per AED, rounded to the fil (AED_TO_KWD_RATE). */
export function aedToKwdMinor(aedMinor: number, aedToKwd: number): number {
  return toMinor(fromMinor(aedMinor, 'AED') * aedToKwd, 'KWD');
}

export const REGION_LOCALE: Record<Currency, string> = { KWD: 'en-KW', AED: 'en-AE' };

/**
 * The Intl locale for money in a language: en-KW / en-AE, ar-KW / ar-AE. Arabic keeps Western digits
 * (-u-nu-latn): ar-AE already uses them, and counts, plates and codes elsewhere in the UI are Western too,
 * so one screen never mixes ١٨ and 18 (docs/spec-decisions.md).
 */
export function moneyLocale(currency: Currency, language: Locale = currentLocale()): string {
  return `${language}-${currency === 'AED' ? 'AE' : 'KW'}${language === 'ar' ? '-u-nu-latn' : ''}`;
}

/** KWD with 3 decimals, AED with 2, in the current language (English unless told otherwise). */
export function formatMoney(minor: number, currency: Currency, locale = moneyLocale(currency)): string {
  const digits = MINOR_DIGITS[currency];
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fromMinor(minor, currency));
}
