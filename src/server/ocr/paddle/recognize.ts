import { sampleRect, type Rgb } from './raster';
import type { TextBox } from './detect';

/** One character of a recognised line: where it sits along the line (0 = start, 1 = end) and how sure the model was. */
export interface RecChar {
  c: string;
  p: number;
  at: number;
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

/** CTC greedy decoding: the best class per step, repeats merged, blanks dropped. */
export function ctcDecode(probs: Float32Array, offset: number, steps: number, classes: number, charset: string[], usedSteps: number): RecChar[] {
  const out: RecChar[] = [];
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
    if (best !== 0 && best !== prev) out.push({ c: charset[best] ?? '', p: bestP, at: Math.min(1, (t + 0.5) / Math.max(1, usedSteps)) });
    else if (best !== 0 && best === prev && out.length) out[out.length - 1]!.p = Math.max(out[out.length - 1]!.p, bestP);
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
