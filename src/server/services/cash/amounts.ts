import { exactMinor, MINOR_DIGITS, type Currency } from '../../../shared/money';
import { invalid } from '../../errors';
import { msg } from '../../../shared/i18n/message';

/**
 * An amount sent in major units as integer minor units of `currency`; 400 on `field` when it has more
 * decimals than the currency allows (10.005 AED, 1.2345 KWD): money is refused, never silently rounded.
 */
export function minorOrRefuse(amount: number, currency: Currency, field: string): number {
  const minor = exactMinor(amount, currency);
  if (minor === null) throw invalid(msg('handover.error.decimals', { currency, digits: MINOR_DIGITS[currency] }), field);
  return minor;
}
