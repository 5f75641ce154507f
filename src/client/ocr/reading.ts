import { MINOR_DIGITS, toDecimalString, toMinor, type Currency } from '../../shared/money';
import { captureReading, type CaptureReading, type OcrImageType, type OcrResult } from '../../shared/schemas/ocr';
import type { CameraSpec } from '../scanner/capture';
import { asciiDigits, parseAmount } from '../format';
import type { ReadingKind } from './label';

export { readingLabel, type ReadingKind } from './label';

/** Spec section 9, camera (OCR dialog): ideal 1280×720, JPEG quality 0.8 (4:3 viewfinder: docs/spec-decisions.md). */
export const OCR_CAMERA: CameraSpec = { width: 1280, height: 720, quality: 0.8 };

export const readingKind = (type: OcrImageType): ReadingKind => (type === 'start_odometer' || type === 'end_odometer' ? 'odometer' : 'money');

/** The currency a money reading is in: what the slip said, else the rider's own. */
export const readingCurrency = (result: OcrResult | null, fallback: Currency): Currency => result?.currency ?? fallback;

/** A value as the rider edits it: whole km as digits, money with the currency's decimals (12.500 KWD, 12.50 AED). */
export function readingText(value: number, kind: ReadingKind, currency: Currency): string {
  return kind === 'odometer' ? String(value) : toDecimalString(value, currency);
}

/** What the rider typed → km or minor units; null when it is not a reading (empty, negative, fractional km, too long). */
export function parseReading(text: string, kind: ReadingKind, currency: Currency): number | null {
  const s = asciiDigits(text).replace(/[\s\u00a0]/g, '');
  let value: number | null;
  if (kind === 'odometer') value = /^\d{1,3}(,\d{3})*$|^\d+$/.test(s) ? Number(s.replace(/,/g, '')) : null;
  else {
    const major = parseAmount(s, MINOR_DIGITS[currency]);
    value = major === null ? null : toMinor(major, currency);
  }
  return value !== null && captureReading.shape.value.safeParse(value).success ? value : null;
}

/** What goes with the photo to /api/ocr/submit: the confirmed value, OCR's confidence and text, and whether it was changed. */
export function confirmedReading(value: number, kind: ReadingKind, currency: Currency, result: OcrResult | null): CaptureReading {
  return {
    value,
    ...(kind === 'money' ? { currency } : {}),
    ...(result ? { confidence: Math.round(result.confidence * 10) / 10, text: result.text.slice(0, 4000) } : {}),
    corrected: result ? value !== result.value : false,
  };
}
