import { sampleRect, type Rgb } from './raster';
import type { TextBox } from './detect';

/** One character of a recognised line: where it sits along the line (0 = start, 1 = end) and how sure the model was. */
export interface RecChar {
  c: string;
  p: number;
  at: number;
  /** Each digit 0–9's probability at this character's steps (the highest over them): the runner-up a soft vote weighs. */
  digitP?: number[];
}

export interface TextLine {
  box: TextBox;
  text: string;
  chars: RecChar[];
  /** The mean of the characters' probabilities (0 with no characters). */
  confidence: number;
}

export const REC_HEIGHT = 48;
const MAX_WIDTH = 1280;
const BATCH = 8;

export type RunRec = (input: Float32Array, batch: number, width: number) => Promise<{ data: Float32Array; steps: number; classes: number }>;

/** The line sampled level at the recogniser's height, the shape it was trained on. */
/** A little more at each end than the detector's box (in text heights): a last digit cut at the edge is read as nothing. */
export const LINE_MARGIN = 0.3;

export function lineImage(img: Rgb, b: TextBox): Rgb {
  const bw = b.w + LINE_MARGIN * b.h;
  const w = Math.max(8, Math.min(MAX_WIDTH, Math.round((REC_HEIGHT * bw) / Math.max(1, b.h))));
  return sampleRect(img, b.cx, b.cy, bw, b.h, b.angle, w, REC_HEIGHT);
}

function recInput(lines: Rgb[], width: number): Float32Array {
  const plane = REC_HEIGHT * width;
  const out = new Float32Array(lines.length * 3 * plane);
  lines.forEach((l, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < REC_HEIGHT; y++) {
      for (let x = 0; x < l.width; x++) {
        const s = (y * l.width + x) * 3;
        for (let c = 0; c < 3; c++) out[base + c * plane + y * width + x] = l.data[s + (2 - c)]! / 127.5 - 1;
      }
    }
  });
  return out;
}

const digitClassCache = new WeakMap<string[], number[]>();
/** The classes of the digits 0–9 in the recogniser's charset (-1 for a digit it lacks). */
function digitClasses(charset: string[]): number[] {
  let idx = digitClassCache.get(charset);
  if (!idx) {
    idx = [...'0123456789'].map((d) => charset.indexOf(d));
    digitClassCache.set(charset, idx);
  }
  return idx;
}

/** CTC greedy decoding: the best class per step, repeats merged, blanks dropped; a digit keeps every digit's probability. */
export function ctcDecode(probs: Float32Array, offset: number, steps: number, classes: number, charset: string[], usedSteps: number): RecChar[] {
  const out: RecChar[] = [];
  const digits = digitClasses(charset);
  const digitRow = (row: number) => digits.map((k) => (k >= 0 ? probs[row + k]! : 0));
  let prev = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    const row = offset + t * classes;
    for (let k = 0; k < classes; k++) {
      const v = probs[row + k]!;
      if (v > bestP) {
        bestP = v;
        best = k;
      }
    }
    const c = charset[best] ?? '';
    const isDigit = digits.includes(best);
    if (best !== 0 && best !== prev) out.push({ c, p: bestP, at: Math.min(1, (t + 0.5) / Math.max(1, usedSteps)), ...(isDigit ? { digitP: digitRow(row) } : {}) });
    else if (best !== 0 && best === prev && out.length) {
      const last = out[out.length - 1]!;
      last.p = Math.max(last.p, bestP);
      if (last.digitP) last.digitP = digitRow(row).map((v, i) => Math.max(v, last.digitP![i]!));
    }
    prev = best;
  }
  return out;
}

/** Read every region: lines of similar width are batched through the recogniser. */
export async function recognizeBoxes(img: Rgb, boxes: TextBox[], run: RunRec, charset: string[]): Promise<TextLine[]> {
  const items = boxes.map((box) => ({ box, image: lineImage(img, box) })).sort((a, b) => a.image.width - b.image.width);
  const lines: TextLine[] = [];
  for (let i = 0; i < items.length; i += BATCH) {
    const group = items.slice(i, i + BATCH);
    const width = Math.max(...group.map((g) => g.image.width));
    const out = await run(recInput(group.map((g) => g.image), width), group.length, width);
    group.forEach((g, n) => {
      const used = Math.round((out.steps * g.image.width) / width);
      const chars = ctcDecode(out.data, n * out.steps * out.classes, out.steps, out.classes, charset, used);
      const text = chars.map((c) => c.c).join('');
      lines.push({ box: g.box, text, chars, confidence: chars.length ? chars.reduce((s, c) => s + c.p, 0) / chars.length : 0 });
    });
  }
  return lines;
}
