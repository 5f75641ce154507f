import type { useT } from '../../../src/client/i18n';
import { normalizeDigits } from '../../../src/shared/digits';
import { exactMinor, fromMinor, MINOR_DIGITS, type Currency } from '../../../src/shared/money';

/** A typed amount: its value (major units) and minor units, not an amount at all, or more decimals than the currency has. */
export type TypedAmount = { kind: 'ok'; value: number; minor: number } | { kind: 'invalid' } | { kind: 'decimals' };

/**
 * An amount as typed (Latin or Arabic-Indic digits, '.', ',' or '٫'), 0 or more. More decimals than the
 * currency allows (10.005 AED, 1.2345 KWD) is refused, never rounded: the server refuses it too.
 */
export function readAmount(text: string, currency: Currency): TypedAmount {
  const s = normalizeDigits(text).trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return { kind: 'invalid' };
  const minor = exactMinor(s, currency);
  if (minor === null) return { kind: 'decimals' };
  return { kind: 'ok', value: fromMinor(minor, currency), minor };
}

/** The catalog's message for too many decimals, as the server words it. */
export const decimalsMessage = (t: ReturnType<typeof useT>, currency: Currency) => t('handover.error.decimals', { currency, digits: MINOR_DIGITS[currency] });
