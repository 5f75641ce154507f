import type { Tensor } from 'onnxruntime-node';
import { resizeRgb, type Rgb } from './raster';

/** A text region in the image's pixels: a rotated rectangle (centre, size along and across the text, slant in radians). */
export interface TextBox {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
  /** The detector's mean probability inside the region, 0–1. */
  score: number;
}

export const DET = {
  /** The detector sees the image at most this many pixels along its longer side (a multiple of 32). */
  maxSide: 1280,
  /** A pixel is text above this probability (PaddleOCR's default). */
  threshold: 0.3,
  /** A region is kept when its mean probability is above this. */
  boxThreshold: 0.5,
  /** Regions grow by area × ratio / perimeter on every side (PaddleOCR's unclip). */
  unclipRatio: 1.6,
} as const;

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** The detector's input: BGR planes normalised as PaddleOCR's DB detector was trained. */
export function detInput(img: Rgb): Float32Array {
  const { width: w, height: h, data } = img;
  const plane = w * h;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) {
      // channel c of the tensor is BGR order: B = rgb[2]
      const v = data[i * 3 + (2 - c)]! / 255;
      out[c * plane + i] = (v - MEAN[c]!) / STD[c]!;
    }
  }
  return out;
}

/** The size the detector sees: the image scaled to fit maxSide, each side rounded to a multiple of 32. */
export function detSize(width: number, height: number, maxSide: number = DET.maxSide): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round = (v: number) => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round(width), height: round(height) };
}

export type RunDet = (input: Float32Array, width: number, height: number) => Promise<Float32Array>;

/** Find the text regions of an image. */
export async function detectText(img: Rgb, run: RunDet, maxSide: number = DET.maxSide): Promise<TextBox[]> {
  const size = detSize(img.width, img.height, maxSide);
  const small = await resizeRgb(img, size.width, size.height);
  const prob = await run(detInput(small), size.width, size.height);
  const boxes = boxesFromMap(prob, size.width, size.height);
  const sx = img.width / size.width;
  const sy = img.height / size.height;
  return boxes.map((b) => scaleBox(b, sx, sy));
}

function scaleBox(b: TextBox, sx: number, sy: number): TextBox {
  const cos = Math.cos(b.angle);
  const sin = Math.sin(b.angle);
  // Lengths along and across the slant scale by the factors projected on each axis.
  const w = b.w * Math.hypot(cos * sx, sin * sy);
  const h = b.h * Math.hypot(sin * sx, cos * sy);
  return { cx: b.cx * sx, cy: b.cy * sy, w, h, angle: Math.atan2(sin * sy, cos * sx), score: b.score };
}

/** Connected regions of the probability map above the threshold, each as its minimum-area-like rectangle from its moments. */
export function boxesFromMap(prob: Float32Array, width: number, height: number): TextBox[] {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const out: TextBox[] = [];
  for (let start = 0; start < prob.length; start++) {
    if (seen[start] || prob[start]! <= DET.threshold) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let n = 0;
    let sum = 0;
    let mx = 0;
    let my = 0;
    let mxx = 0;
    let myy = 0;
    let mxy = 0;
    const pixels: number[] = [];
    while (top) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      n++;
      sum += prob[p]!;
      mx += x;
      my += y;
      mxx += x * x;
      myy += y * y;
      mxy += x * y;
      pixels.push(p);
      const nb = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1];
      for (const q of nb) {
        if (q >= 0 && !seen[q] && prob[q]! > DET.threshold) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    if (n < 6 || sum / n < DET.boxThreshold) continue;
    const cx = mx / n;
    const cy = my / n;
    const vxx = mxx / n - cx * cx;
    const vyy = myy / n - cy * cy;
    const vxy = mxy / n - cx * cy;
    let angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
    // Text runs along its longer side; keep the slant within ±45° so a short word is not stood on end.
    if (angle > Math.PI / 4) angle -= Math.PI / 2;
    if (angle < -Math.PI / 4) angle += Math.PI / 2;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let u0 = Infinity;
    let u1 = -Infinity;
    let v0 = Infinity;
    let v1 = -Infinity;
    for (const p of pixels) {
      const x = (p % width) - cx;
      const y = Math.floor(p / width) - cy;
      const u = x * cos + y * sin;
      const v = -x * sin + y * cos;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    const w = u1 - u0 + 1;
    const h = v1 - v0 + 1;
    if (Math.min(w, h) < 2) continue;
    const grow = ((w * h) * DET.unclipRatio) / (2 * (w + h));
    const du = (u0 + u1) / 2;
    const dv = (v0 + v1) / 2;
    out.push({
      cx: cx + du * cos - dv * sin + 0.5,
      cy: cy + du * sin + dv * cos + 0.5,
      w: w + 2 * grow,
      h: h + 2 * grow,
      angle,
      score: sum / n,
    });
  }
  return out;
}

/** The probability map out of the detector's output tensor. */
export const probOf = (t: Tensor) => t.data as Float32Array;
