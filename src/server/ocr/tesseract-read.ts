import type { Currency } from '../../shared/money';
import type { OcrImageType, OcrRoi } from '../../shared/schemas/ocr';
import { readDigits } from './digits';
import { recognize, type Recognizer } from './engine';
import { rereadNumbers } from './page-numbers';
import { parseReading, type ParsedReading } from './parse';
import { preprocess, TUNING, type Tuning } from './preprocess';

/**
 * At or above this English confidence the English reading stands alone. Below it (or with no
 * number) the digit reader (odometers) or the Arabic model plus the digit reader (receipts, cash)
 * reads the image too. Measured on test/fixtures/ocr: misread odometers scored up to 87.
 */
export const SECOND_PASS_BELOW = 90;

export interface ReadInput {
  bytes: Uint8Array;
  imageType: OcrImageType;
  /** The currency of a receipt or slip that names none: the rider's region. */
  fallbackCurrency: Currency;
  roi?: OcrRoi;
}

/** Which reader's result won: PP-OCR, Tesseract's English model, the digit reader, or the Arabic model with digits re-read. */
export type ReadSource = 'paddle' | 'eng' | 'digits' | 'ara';

export interface ImageReading {
  text: string;
  confidence: number;
  /** Null when no number could be read. */
  reading: ParsedReading | null;
  source: ReadSource;
}

export const isOdometer = (t: OcrImageType) => t === 'start_odometer' || t === 'end_odometer';

/**
 * The Tesseract reader (the second engine beside PP-OCR, ocr/read.ts): Arabic labels, Arabic-Indic
 * digits and a second opinion. Preprocess, recognise with English, and when that is unsure read again: an odometer with the
 * digit reader (7-segment and Arabic-Indic digits), a receipt or slip with the Arabic model and its
 * numbers re-read by the digit reader. Then parse.
 */
export async function tesseractRead(input: ReadInput, recognizer: Recognizer = recognize, tuning: Tuning = TUNING): Promise<ImageReading> {
  const digitsOnly = isOdometer(input.imageType);
  const image = await preprocess(input.bytes, { layout: digitsOnly ? 'line' : 'page', roi: input.roi }, tuning);
  const parse = (text: string) => parseReading(input.imageType, text, input.fallbackCurrency);
  const ocr = await recognizer(image.png, { digitsOnly, lang: 'eng' });
  const eng: ImageReading = { text: ocr.text, confidence: ocr.confidence, reading: parse(ocr.text), source: 'eng' };
  if (eng.reading && eng.confidence >= SECOND_PASS_BELOW) return eng;
  if (digitsOnly) {
    const d = await readDigits(image.grey, { decimals: false });
    const reading = d && !d.rejected ? parse(d.text) : null;
    return d && reading ? { text: d.text, confidence: d.confidence, reading, source: 'digits' } : eng;
  }
  const ara = await rereadNumbers(image.grey, await recognizer(image.png, { lang: 'ara' }));
  const second: ImageReading = { ...ara, reading: parse(ara.text), source: 'ara' };
  if (!second.reading) return eng;
  return !eng.reading || second.confidence > eng.confidence ? second : eng;
}
