import sharp from 'sharp';
import type { OcrRoi } from '../../shared/schemas/ocr';
import type { Grey } from './glyphs';

/** An odometer is one line of digits; a receipt or cash slip is a page of lines. */
export type OcrLayout = 'line' | 'page';

export interface PreprocessOptions {
  layout: OcrLayout;
  /** The part of the photo the capture dialog framed, as fractions of the EXIF-oriented image. */
  roi?: OcrRoi;
}

export interface Tuning {
  /** Longest side of a page after scaling: phone photos (up to 4000×3000) shrink to this. */
  pageMaxSide: number;
  /** A narrower page is enlarged to this width so its text is tall enough. */
  pageMinWidth: number;
  /** A line's height after scaling (digits come out at about 40–75 % of it). */
  lineHeight: number;
}

/** Measured on test/fixtures/ocr (docs/benchmarks.md, "OCR"). */
export const TUNING: Tuning = { pageMaxSide: 1800, pageMinWidth: 1000, lineHeight: 100 };

/**
 * The most pixels an upload may have (50 MP: a 48–50 MP phone photo). A bigger one is refused from its
 * header before decoding: a few kilobytes of PNG can declare 12000×12000 pixels and cost seconds of CPU.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** sharp could not decode the upload although its first bytes looked like an image. */
export class UndecodableImage extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UndecodableImage';
  }
}

/** The roi in pixels of a w×h image, at least 1×1 and inside it. */
function cropBox(roi: OcrRoi, w: number, h: number) {
  const left = Math.min(w - 1, Math.round(roi.x * w));
  const top = Math.min(h - 1, Math.round(roi.y * h));
  return { left, top, width: Math.max(1, Math.min(w - left, Math.round(roi.w * w))), height: Math.max(1, Math.min(h - top, Math.round(roi.h * h))) };
}

/** The scale factor that brings a w×h crop to the size the layout reads best at (a line must look like one). */
function scaleFor(layout: OcrLayout, w: number, h: number, t: Tuning): number {
  if (layout === 'line' && w >= 1.8 * h) return t.lineHeight / h;
  if (Math.max(w, h) > t.pageMaxSide) return t.pageMaxSide / Math.max(w, h);
  return w < t.pageMinWidth ? Math.min(t.pageMinWidth / w, t.pageMaxSide / h) : 1;
}

export interface Prepared {
  /** For Tesseract. */
  png: Uint8Array;
  /** The same pixels, for the digit reader. */
  grey: Grey;
}

/**
 * Get a photo ready for recognition: turn it upright (EXIF), crop to the roi, scale it to the size
 * the layout reads best at, grey, even out the light and stretch the contrast, and make light-on-dark
 * displays dark-on-light.
 */
export async function preprocess(bytes: Uint8Array, opts: PreprocessOptions, t: Tuning = TUNING): Promise<Prepared> {
  const grey = await decode(bytes, opts, t).catch((err: unknown) => {
    throw new UndecodableImage(err);
  });
  const raw = { width: grey.info.width, height: grey.info.height, channels: 1 as const };
  const px = await sharp(await flatten(grey.data, raw), { raw }).normalise().toColourspace('b-w').raw().toBuffer();
  if (mean(px) < 110) for (let i = 0; i < px.length; i++) px[i] = 255 - px[i]!;
  return { png: await sharp(px, { raw }).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer(), grey: { width: raw.width, height: raw.height, px } };
}

/** Upright, cropped, scaled grey pixels of the upload. */
async function decode(bytes: Uint8Array, opts: PreprocessOptions, t: Tuning) {
  const input = { limitInputPixels: MAX_INPUT_PIXELS };
  const { autoOrient } = await sharp(bytes, input).metadata();
  const box = opts.roi ? cropBox(opts.roi, autoOrient.width, autoOrient.height) : { left: 0, top: 0, width: autoOrient.width, height: autoOrient.height };
  const scale = scaleFor(opts.layout, box.width, box.height, t);
  let img = sharp(bytes, input).autoOrient();
  if (opts.roi) img = img.extract(box);
  img = img.grayscale();
  if (Math.abs(scale - 1) > 0.05) img = img.resize({ width: Math.max(1, Math.round(box.width * scale)), kernel: scale < 1 ? 'lanczos3' : 'cubic' });
  return img.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
}

/**
 * Each pixel relative to its surroundings: uneven light becomes an even background. The background
 * is a wide blur, taken on a 1/8 copy so it stays cheap on a full page.
 */
async function flatten(px: Uint8Array, raw: { width: number; height: number; channels: 1 }): Promise<Uint8Array> {
  const small = { width: Math.max(1, Math.round(raw.width / 8)), height: Math.max(1, Math.round(raw.height / 8)) };
  const sigma = Math.max(1, Math.min(small.width, small.height) / 2);
  const blurred = await sharp(px, { raw }).resize(small).blur(sigma).toColourspace('b-w').raw().toBuffer();
  const bg = await sharp(blurred, { raw: { ...small, channels: 1 } }).resize(raw.width, raw.height, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  const out = new Uint8Array(px.length);
  for (let i = 0; i < px.length; i++) out[i] = Math.min(255, Math.round((px[i]! * 160) / Math.max(1, bg[i]!)));
  return out;
}

function mean(px: Uint8Array): number {
  let sum = 0;
  for (const v of px) sum += v;
  return px.length ? sum / px.length : 255;
}
