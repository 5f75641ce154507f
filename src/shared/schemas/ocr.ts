import { z } from 'zod';
import { CURRENCIES, type Currency } from '../money';
import { byKey } from '../i18n/message';

/** What the OCR camera dialog photographs (spec section 7, `/api/ocr/process` imageType). */
export const OCR_IMAGE_TYPES = ['start_odometer', 'end_odometer', 'receipt', 'cash'] as const;
export type OcrImageType = (typeof OCR_IMAGE_TYPES)[number];

export const isOcrImageType = (v: unknown): v is OcrImageType => typeof v === 'string' && (OCR_IMAGE_TYPES as readonly string[]).includes(v);

/**
 * The part of the photo the dialog framed, as fractions of the image's width and height
 * (multipart field `roi`, JSON). The server crops to it before recognition.
 */
export const ocrRoi = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().gt(0).max(1),
    h: z.number().gt(0).max(1),
  })
  .refine((r) => r.x + r.w <= 1.0001 && r.y + r.h <= 1.0001, { ...byKey('errors.roiInside') });
export type OcrRoi = z.infer<typeof ocrRoi>;

/** The answer of POST /api/ocr/process: `{ result }`. Money values are integer minor units of `currency`. */
export interface OcrResult {
  /** 0–100, calibrated on real photos: at or above 80 a reading is shown as confident (server ocr/confidence.ts). */
  confidence: number;
  text: string;
  /** Odometer: whole km. Receipt and cash: minor units (fils). */
  value: number;
  currency?: Currency;
  fields: Record<string, string | number>;
  /** Below the documented threshold: the app asks the rider to confirm or correct the value. */
  lowConfidence: boolean;
  /** Where the value was found in the upright photo (fractions, like `roi`): the dialog zooms on it. */
  region?: OcrRoi;
}

/**
 * The reading a rider confirmed (or corrected) for a scan, sent with it to `/api/ocr/submit`.
 * Odometer: whole km; receipt and cash: minor units with the currency.
 */
export const captureReading = z.object({
  value: z.number().int(byKey('errors.readingWhole')).min(0).max(99_999_999),
  currency: z.enum(CURRENCIES).optional(),
  /** The OCR confidence of the value before the rider looked at it; absent when typed by hand. */
  confidence: z.number().min(0).max(100).optional(),
  text: z.string().max(4000).optional(),
  /** The rider changed the value OCR read. */
  corrected: z.boolean().default(false),
});
export type CaptureReading = z.infer<typeof captureReading>;
