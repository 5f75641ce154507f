import { sniffImage } from '../../lib/image-bytes';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import type { Currency } from '../../../shared/money';
import { isOcrImageType, OCR_IMAGE_TYPES, type OcrResult, type OcrRoi } from '../../../shared/schemas/ocr';
import { DomainError, invalid } from '../../errors';
import { UndecodableImage } from '../../ocr/preprocess';
import { riderCash } from '../rider';
import { readImage } from '../../ocr/read';
import { CONFIDENT } from '../../ocr/confidence';
import { msg } from '../../../shared/i18n/message';

export const MAX_OCR_BYTES = 8 * 1024 * 1024;

/**
 * Below this confidence (0–100, ocr/confidence.ts) a reading is flagged `lowConfidence` and the app
 * asks the rider to confirm or correct it, zoomed on the found region. Calibrated on the development
 * split of real photos (docs/benchmarks.md "OCR on real photos"); the Tesseract tuning bench keeps
 * its own thresholds (bench/ocr.ts).
 */
export const lowConfidenceFor = (): number => CONFIDENT;

/** The image type from its magic bytes, whatever the upload declared. */
export { sniffImage };

export interface OcrProcessInput {
  bytes: Uint8Array;
  /** The Content-Type the client sent; informational only, the magic bytes decide. */
  declaredType?: string;
  imageType: unknown;
  /** The part of the photo the capture dialog framed. */
  roi?: OcrRoi;
}

async function riderCurrency(db: Db, riderId: string | null): Promise<Currency> {
  if (!riderId) return 'KWD';
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { id: true, companyId: true } });
  // The cash the rider holds (rider-region.ts), not the region they picked.
  return rider ? (await riderCash(db, rider)).currency : 'KWD';
}

/** Read an odometer, receipt or cash slip photo: validate, preprocess, recognise, parse. */
export async function processImage(db: Db, riderId: string | null, input: OcrProcessInput): Promise<{ result: OcrResult }> {
  const { bytes, imageType } = input;
  if (bytes.length > MAX_OCR_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', msg('errors.imageTooLarge'), 'image');
  if (!sniffImage(bytes)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', msg('documents.photo.notImage'), 'image');
  if (!isOcrImageType(imageType)) throw invalid(msg('errors.ocrImageType', { types: OCR_IMAGE_TYPES.join(', ') }), 'imageType');

  const read = await readImage({ bytes, imageType, fallbackCurrency: await riderCurrency(db, riderId), roi: input.roi }).catch((err: unknown) => {
    throw err instanceof UndecodableImage ? new DomainError('UNPROCESSABLE_CONTENT', msg('errors.ocrUndecodable'), 'image') : err;
  });
  if (!read.reading) throw new DomainError('UNPROCESSABLE_CONTENT', msg('errors.ocrNoReading'), 'image');
  return {
    result: {
      confidence: read.confidence,
      text: read.text.trim(),
      value: read.reading.value,
      ...(read.reading.currency ? { currency: read.reading.currency } : {}),
      fields: read.reading.fields,
      lowConfidence: read.confidence < lowConfidenceFor(),
      ...(read.region ? { region: read.region } : {}),
    },
  };
}
