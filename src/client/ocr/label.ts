import { formatMoney, type Currency } from '../../shared/money';
import { numberText } from '../format';

export type ReadingKind = 'odometer' | 'money';

/**
 * A value for people: 84,512 km; KWD 12.500. Apart from reading.ts (which validates with the shared zod
 * schema) so that screens showing a reading need not download zod with their first paint.
 */
export function readingLabel(value: number, kind: ReadingKind, currency: Currency): string {
  return kind === 'odometer' ? `${numberText(value)} km` : formatMoney(value, currency);
}
