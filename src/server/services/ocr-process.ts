import { sniffImage } from './image-bytes';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { riders } from '../../../db/schema';
import type { Currency } from '../../shared/money';
import { DomainError, invalid } from '../errors';
import { recognize } from '../ocr/engine';
import { IMAGE_TYPES, isImageType, parseReading } from '../ocr/parse';

export const MAX_OCR_BYTES = 8 * 1024 * 1024;

/**
 * Below this mean Tesseract confidence (0–100) the reading is flagged `lowConfidence` and the app
 * asks the rider to confirm or correct it before it is saved (docs/spec-decisions.md).
 */
export const LOW_CONFIDENCE = 60;

/** The image type from its magic bytes, whatever the upload declared. */
export { sniffImage };

export interface OcrProcessInput {
  bytes: Uint8Array;
  /** The Content-Type the client sent; informational only, the magic bytes decide. */
  declaredType?: string;
  imageType: unknown;
}

async function riderCurrency(db: Db, riderId: string | null): Promise<Currency> {
  if (!riderId) return 'KWD';
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { region: true } });
  return rider?.region ?? 'KWD';
}

/** Read an odometer, receipt or cash slip photo: validate, recognise, parse. */
export async function processImage(db: Db, riderId: string | null, input: OcrProcessInput) {
  const { bytes, imageType } = input;
  if (bytes.length > MAX_OCR_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'The image is larger than 8 MB', 'image');
  if (!sniffImage(bytes)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image', 'image');
  if (!isImageType(imageType)) throw invalid(`imageType must be one of ${IMAGE_TYPES.join(', ')}`, 'imageType');

  const digitsOnly = imageType === 'start_odometer' || imageType === 'end_odometer';
  const ocr = await recognize(bytes, { digitsOnly });
  const reading = parseReading(imageType, ocr.text, await riderCurrency(db, riderId));
  if (!reading) throw new DomainError('UNPROCESSABLE_CONTENT', 'No readable number in this image', 'image');
  return {
    result: {
      confidence: ocr.confidence,
      text: ocr.text.trim(),
      value: reading.value,
      ...(reading.currency ? { currency: reading.currency } : {}),
      fields: reading.fields,
      lowConfidence: ocr.confidence < LOW_CONFIDENCE,
    },
  };
}
