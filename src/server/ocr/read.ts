import sharp from 'sharp';
import type { Currency } from '../../shared/money';
import type { OcrImageType, OcrRoi } from '../../shared/schemas/ocr';
import { odometerConfidence, receiptConfidence } from './confidence';
import type { Recognizer } from './engine';
import { readOdometer, type Region } from './odometer-read';
import { paddleRead } from './paddle/engine';
import { cropRgb, decodeRgb, type Rgb } from './paddle/raster';
import { receiptReading, type ParsedReading } from './parse';
import { MAX_INPUT_PIXELS, UndecodableImage } from './preprocess';
import { parseReceipt, type ReceiptReading } from './receipt-parse';
import { receiptRows } from './receipt-rows';
import { isOdometer, tesseractRead, type ImageReading as TesseractReading, type ReadSource } from './tesseract-read';
import { recognize } from './engine';

export { isOdometer };

export interface ReadInput {
  bytes: Uint8Array;
  imageType: OcrImageType;
  /** The currency of a receipt or slip that names none: the rider's region. */
  fallbackCurrency: Currency;
  roi?: OcrRoi;
}

export interface ImageReading {
  text: string;
  /** 0–100; at or above CONFIDENT a reading is shown as confident (ocr/confidence.ts, calibrated on real photos). */
  confidence: number;
  /** Null when no number could be read. */
  reading: ParsedReading | null;
  source: ReadSource;
  /** Where the value was found in the upright photo, for the dialog to zoom on. */
  region?: Region;
  /** What the confidence was computed from (calibration, bench/ocr-real/calibrate.ts); not sent to the app. */
  evidence?: Record<string, number | boolean | string>;
}

async function uprightPhoto(bytes: Uint8Array): Promise<Rgb> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return await decodeRgb(bytes);
  } catch (err) {
    throw new UndecodableImage(err);
  }
}

/**
 * Read an odometer, receipt or cash slip photo (issue 23). PP-OCR finds and reads the text; the
 * odometer is picked among the numbers (ocr/odometer-read.ts), a receipt's grand total among its rows
 * (ocr/receipt-parse.ts). Tesseract reads too where it earns its place: Arabic labels and
 * Arabic-Indic digits that PP-OCR's model does not know, and a second opinion on an unsure odometer.
 */
export async function readImage(input: ReadInput, recognizer: Recognizer = recognize): Promise<ImageReading> {
  const photo = await uprightPhoto(input.bytes);
  return isOdometer(input.imageType) ? readOdometerPhoto(photo, input, recognizer) : readMoneyPhoto(photo, input, recognizer);
}

async function readOdometerPhoto(photo: Rgb, input: ReadInput, recognizer: Recognizer): Promise<ImageReading> {
  const found = await readOdometer(photo, input.roi);
  if (!found) {
    // Nothing PP-OCR could call an odometer: Tesseract and the digit reader (Arabic-Indic digits), never confident.
    const t = await tesseractRead(input, recognizer);
    return { ...t, confidence: Math.min(t.confidence, odometerConfidence.ceilingAlone) };
  }
  let agreeTesseract = false;
  const { confidence, sure } = odometerConfidence.of(found);
  if (!sure && odometerConfidence.secondOpinionCounts(found)) {
    const t = await tesseractRead({ ...input, roi: found.region }, recognizer).catch(() => null);
    agreeTesseract = t?.reading?.value === found.km;
  }
  return {
    text: found.text,
    confidence: agreeTesseract ? Math.max(confidence, odometerConfidence.agreed) : confidence,
    reading: { value: found.km, fields: { odometerKm: found.km, ...(found.tenths !== undefined ? { tenths: found.tenths } : {}) } },
    source: 'paddle',
    region: found.region,
    evidence: {
      agreeing: found.agreeing,
      posAgree: found.posAgree,
      support: found.support.margin,
      runnerUpP: found.support.runnerUp,
      kmAgreeing: found.support.agreeing,
      extraDigit: found.support.extraDigit,
      firstMinP: found.support.firstMinP,
      rival: found.runnerUp?.raw ?? '',
      lookMinP: found.lookMinP,
      minP: found.best.minP,
      lead: found.runnerUp ? found.best.score - found.runnerUp.score : 10,
      score: found.best.score,
      tenthsDoubt: found.tenthsDoubt,
      unpadded: found.unpadded,
      banded: found.banded,
      tesseract: agreeTesseract,
      length: found.best.digits.length,
      readings: JSON.stringify(found.readings.map((r) => ({ d: r.digits, p: r.dists?.map((row) => row.map((v) => Math.round(v * 1000) / 1000)) ?? null }))),
    },
  };
}

/** A receipt's rows read by PP-OCR, with the lowest character probability of the total's digits. */
async function paddleReceipt(photo: Rgb, input: ReadInput): Promise<{ r: ReceiptReading; minP: number; text: string; region: Region } | null> {
  const roi = input.roi;
  const view = roi ? cropRgb(photo, roi.x * photo.width, roi.y * photo.height, roi.w * photo.width, roi.h * photo.height) : photo;
  const lines = await paddleRead(view, { maxSide: Math.max(1280, Math.min(2048, Math.max(view.width, view.height))) });
  const rows = receiptRows(lines);
  const r = parseReceipt(
    rows.map((x) => x.text),
    input.fallbackCurrency,
    { slip: input.imageType === 'cash' },
  );
  if (!r) return null;
  const row = rows[r.row]!;
  const digits = r.amount.replace(/\D/g, '').replace(/^0+/, '');
  const cell = [...row.cells, ...(rows[r.row + 1]?.cells ?? [])].find((c) => c.text.replace(/\D/g, '').includes(digits)) ?? row.cells.at(-1)!;
  const probs = cell.chars.filter((c) => /\d/.test(c.c)).map((c) => c.p);
  const ox = roi ? roi.x : 0;
  const oy = roi ? roi.y : 0;
  const sx = roi ? roi.w : 1;
  const sy = roi ? roi.h : 1;
  const b = cell.box;
  const region = {
    x: Math.max(0, ox + ((b.cx - b.w / 2) / view.width) * sx),
    y: Math.max(0, oy + ((b.cy - b.h / 2) / view.height) * sy),
    w: Math.min(1, (b.w / view.width) * sx),
    h: Math.min(1, (b.h / view.height) * sy),
  };
  return { r, minP: probs.length ? Math.min(...probs) : 0, text: rows.map((x) => x.text).join('\n'), region };
}

async function readMoneyPhoto(photo: Rgb, input: ReadInput, recognizer: Recognizer): Promise<ImageReading> {
  const p = await paddleReceipt(photo, input);
  const judged = p ? receiptConfidence.of(p.r, p.minP) : null;
  // A total under a total label stands on PP-OCR alone; Tesseract (Arabic labels المجموع, الإجمالي) reads
  // the page only when PP-OCR found no such label, which keeps a receipt under 3 s.
  if (p && judged && p.r.strength >= 2) {
    return { text: p.text, confidence: judged.confidence, reading: receiptReading(input.imageType, p.r, input.fallbackCurrency), source: 'paddle', region: p.region, evidence: receiptEvidence(p.r, p.minP, false) };
  }
  const t: TesseractReading | null = await tesseractRead(input, recognizer).catch(() => null);
  const tr = t?.reading ? parseReceipt(t.text.split('\n'), input.fallbackCurrency, { slip: input.imageType === 'cash' }) : null;
  if (p && judged && (!tr || tr.strength <= p.r.strength)) {
    // Two engines agreeing counts only on a labelled amount: both would pick the same largest number on a page with no label.
    const agreed = p.r.strength >= 1 && tr?.minor === p.r.minor && tr.currency === p.r.currency;
    const confidence = agreed ? Math.max(judged.confidence, receiptConfidence.agreed) : judged.confidence;
    return { text: p.text, confidence, reading: receiptReading(input.imageType, p.r, input.fallbackCurrency), source: 'paddle', region: p.region, evidence: receiptEvidence(p.r, p.minP, agreed) };
  }
  if (t?.reading) return { ...t, confidence: Math.min(t.confidence, receiptConfidence.ceilingAlone) };
  return { text: p?.text ?? t?.text ?? '', confidence: 0, reading: null, source: 'paddle' };
}

const receiptEvidence = (r: ReceiptReading, minP: number, tesseract: boolean) => ({
  minP,
  strength: r.strength,
  confirmed: r.confirmed,
  contested: r.contested,
  repaired: r.repaired,
  tesseract,
});
