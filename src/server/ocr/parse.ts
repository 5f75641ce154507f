import { toMinor, type Currency } from '../../shared/money';
import type { OcrImageType } from '../../shared/schemas/ocr';
import { normalizeDigits } from '../../shared/digits';
import { parseReceipt, printedCurrency, receiptDate, receiptMerchant, type ReceiptReading } from './receipt-parse';

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
  const c = printedCurrency(text);
  return c === 'KWD' || c === 'AED' ? c : null;
}

/** An ISO date (yyyy-mm-dd) from the text: the receipt reader's (ocr/receipt-parse.ts), one rule for both. */
export const parseDate = (text: string): string | null => receiptDate(text);

export interface MoneyReading {
  /** Amount in minor units of `currency`. */
  value: number;
  currency: Currency;
  /** The amount as read, e.g. "12.500". */
  amount: string;
}

/**
 * A receipt or slip read into the app's money: KWD or AED as printed, else the rider's currency
 * (a receipt in another currency keeps its code and printed amount in `fields`, see parseReading).
 */
export function moneyOf(r: ReceiptReading, fallbackCurrency: Currency): MoneyReading {
  const currency: Currency = r.currency === 'KWD' || r.currency === 'AED' ? r.currency : fallbackCurrency;
  return { value: toMinor(r.amount, currency), currency, amount: r.amount };
}

/** The amount of a receipt or cash slip text (ocr/receipt-parse.ts: the grand total, not a subtotal, tax, change or tendered cash). */
export function parseAmount(text: string, fallbackCurrency: Currency, slip = false): MoneyReading | null {
  const r = parseReceipt(text.split('\n'), fallbackCurrency, { slip });
  return r ? moneyOf(r, fallbackCurrency) : null;
}

/** The merchant: the receipt reader's (the first top row that reads as a name). */
export const parseMerchant = (text: string): string | null => receiptMerchant(text.split('\n'));

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
  const r = parseReceipt(text.split('\n'), fallbackCurrency, { slip: imageType === 'cash' });
  return r ? receiptReading(imageType, r, fallbackCurrency) : null;
}

/** The reading of a parsed receipt or slip: the app's money, plus the printed currency, date and merchant of a receipt. */
export function receiptReading(imageType: OcrImageType, r: ReceiptReading, fallbackCurrency: Currency): ParsedReading {
  const money = moneyOf(r, fallbackCurrency);
  const fields: Record<string, string | number> = { amount: money.amount, amountMinor: money.value };
  if (r.currency !== money.currency) fields.printedCurrency = r.currency;
  if (imageType === 'receipt') {
    if (r.date) fields.date = r.date;
    if (r.merchant) fields.merchant = r.merchant;
  }
  return { value: money.value, currency: money.currency, fields };
}
