import { toMinor, type Currency } from '../../shared/money';
import type { OcrImageType } from '../../shared/schemas/ocr';
import { normalizeDigits } from '../../shared/digits';

/** Arabic-Indic (٠-٩, U+0660) and Eastern Arabic-Indic (۰-۹, U+06F0) digits, and the Arabic decimal separator, as ASCII. */
export { normalizeDigits };

/** An odometer reading in whole km: the longest run of 3–7 digits (also trying with the spaces between digit groups removed). */
export function parseOdometer(text: string): number | null {
  const lines = normalizeDigits(text).split('\n');
  const runs = [...lines, ...lines.map((line) => line.replace(/(\d)[ \t]+(?=\d)/g, '$1'))]
    .flatMap((line) => line.match(/\d+/g) ?? [])
    .filter((r) => r.length >= 3 && r.length <= 7);
  if (!runs.length) return null;
  const best = runs.reduce((a, b) => (b.length > a.length ? b : a));
  return Number(best);
}

/** The currency named in the text (KWD, KD, د.ك → KWD; AED, Dhs, درهم → AED), or null. */
export function detectCurrency(text: string): Currency | null {
  if (/\bKWD\b|\bK\.?D\b|د\.?\s?ك|دينار/i.test(text)) return 'KWD';
  if (/\bAED\b|\bDhs?\b|درهم/i.test(text)) return 'AED';
  return null;
}

const MONEY = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,3}))?/g;
const TOTAL_LINE = /grand\s*total|amount\s*due|\btotal\b|المجموع|الإجمالي|الاجمالي/i;

/** Money-looking amounts on a line as decimal strings ("12.500"). Amounts with decimals are preferred by the caller. */
function amountsIn(line: string): { value: string; decimal: boolean }[] {
  const out: { value: string; decimal: boolean }[] = [];
  for (const m of line.replace(/(\d)\s*\.\s*(\d{2,3})\b/g, '$1.$2').matchAll(MONEY)) {
    out.push({ value: `${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`, decimal: Boolean(m[2]) });
  }
  return out;
}

const DATE_DMY = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/;
const DATE_YMD = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/;

/** An ISO date (yyyy-mm-dd) from dd/mm/yyyy or yyyy-mm-dd, if the text has a valid one. */
export function parseDate(text: string): string | null {
  const t = normalizeDigits(text);
  const ymd = DATE_YMD.exec(t);
  const dmy = DATE_DMY.exec(t);
  const [y, m, d] = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface MoneyReading {
  /** Amount in minor units of `currency`. */
  value: number;
  currency: Currency;
  /** The amount as read, e.g. "12.500". */
  amount: string;
}

/** The amount of a receipt or cash slip: a TOTAL/المجموع line's amount, else the largest amount (dates removed first). */
export function parseAmount(text: string, fallbackCurrency: Currency): MoneyReading | null {
  const t = normalizeDigits(text);
  const currency = detectCurrency(t) ?? fallbackCurrency;
  const lines = t
    .split('\n')
    .map((l) => l.replace(DATE_DMY, ' ').replace(DATE_YMD, ' ').replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' '))
    .filter((l) => l.trim());
  const pick = (cands: { value: string; decimal: boolean }[]) => {
    const pool = cands.some((c) => c.decimal) ? cands.filter((c) => c.decimal) : cands;
    return pool.reduce<string | null>((best, c) => (best === null || Number(c.value) > Number(best) ? c.value : best), null);
  };
  // Later total lines win over "Subtotal"-like ones: search bottom-up, skip sub-totals.
  const totalLine = [...lines].reverse().find((l) => TOTAL_LINE.test(l) && !/sub\s*-?\s*total/i.test(l) && amountsIn(l).length);
  const amount = totalLine ? pick(amountsIn(totalLine)) : pick(lines.flatMap(amountsIn));
  if (amount === null || Number(amount) <= 0) return null;
  return { value: toMinor(amount, currency), currency, amount };
}

/** The merchant: the first non-empty line that has letters in it. */
export function parseMerchant(text: string): string | null {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /\p{L}{2,}/u.test(l));
  return line ?? null;
}

export interface ParsedReading {
  value: number;
  currency?: Currency;
  fields: Record<string, string | number>;
}

/** Turn recognised text into the reading for an image type, or null when no number is readable. */
export function parseReading(imageType: OcrImageType, text: string, fallbackCurrency: Currency): ParsedReading | null {
  if (imageType === 'start_odometer' || imageType === 'end_odometer') {
    const km = parseOdometer(text);
    return km === null ? null : { value: km, fields: { odometerKm: km } };
  }
  const money = parseAmount(text, fallbackCurrency);
  if (!money) return null;
  const fields: Record<string, string | number> = { amount: money.amount, amountMinor: money.value };
  if (imageType === 'receipt') {
    const date = parseDate(text);
    const merchant = parseMerchant(text);
    if (date) fields.date = date;
    if (merchant) fields.merchant = merchant;
  }
  return { value: money.value, currency: money.currency, fields };
}
