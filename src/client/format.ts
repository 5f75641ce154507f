import { normalizeDigits } from '../shared/digits';
import { currentLocale } from '../shared/i18n';
import { formatMoney, toMinor, type Currency } from '../shared/money';
import { dateLocale, numberLocale } from '../shared/regions';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '../shared/intl';

/** Server figures arrive in major units with their currency; show them with Intl (KWD 3, AED 2) in the UI's language. */
export function money(amount: number, currency: Currency): string {
  return formatMoney(toMinor(amount, currency), currency);
}

/** The UI language's Intl locales (Latin digits in Arabic): one place for every screen's numbers and dates. */
export { dateLocale, numberLocale };

/** Intl formatters, made once per locale and options (src/shared/intl.ts). */
export { dateTimeFormat, numberFormat };

/** A plain number in the UI's language ('12,345.6'; Intl's defaults unless told), Latin digits in Arabic too. */
export function numberText(n: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(numberLocale(), options).format(n);
}

export function percent(n: number): string {
  return numberText(n, { maximumFractionDigits: 1 });
}

export function relativeTime(iso: string | null, now = Date.now()): string | null {
  if (!iso) return null;
  const diffMin = Math.round((new Date(iso).getTime() - now) / 60000);
  const locale = currentLocale() === 'ar' ? 'ar-u-nu-latn' : 'en';
  const rtf = relativeTimeFormat(locale, { numeric: 'auto' });
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
