import { normalizeDigits } from '../shared/digits';
import { currentLocale } from '../shared/i18n';
import { formatMoney, toMinor, type Currency } from '../shared/money';

/** Server figures arrive in major units with their currency; show them with Intl (KWD 3, AED 2) in the UI's language. */
export function money(amount: number, currency: Currency): string {
  return formatMoney(toMinor(amount, currency), currency);
}

export function percent(n: number): string {
  return new Intl.NumberFormat(currentLocale() === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW', { maximumFractionDigits: 1 }).format(n);
}

export function relativeTime(iso: string | null, now = Date.now()): string | null {
  if (!iso) return null;
  const diffMin = Math.round((new Date(iso).getTime() - now) / 60000);
  const rtf = new Intl.RelativeTimeFormat(currentLocale() === 'ar' ? 'ar-u-nu-latn' : 'en', { numeric: 'auto' });
  if (Math.abs(diffMin) < 60) return rtf.format(diffMin, 'minute');
  if (Math.abs(diffMin) < 1440) return rtf.format(Math.round(diffMin / 60), 'hour');
  return rtf.format(Math.round(diffMin / 1440), 'day');
}

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as ASCII, so a rider may type either (src/shared/digits.ts). */
export const asciiDigits = normalizeDigits;

/** A numeric field's typed text with ASCII digits (and '.' for ٫), for inputs that accept Arabic-Indic digits. */
export function numericInput(text: string): string {
  return normalizeDigits(text);
}

/** Cash in major units → a number with the currency's digits (KWD 3, AED 2), or null when not a positive amount. */
export function parseAmount(text: string, digits: number): number | null {
  const s = asciiDigits(text).trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0) return null;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
