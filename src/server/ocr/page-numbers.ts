import { readDigits } from './digits';
import type { OcrWord, Recognized } from './engine';
import type { Grey } from './glyphs';

const inkAt = (g: Grey, x: number, y0: number, y1: number) => {
  for (let y = y0; y < y1; y++) if (g.px[y * g.width + x]! < 128) return true;
  return false;
};

/**
 * A word's box cut out of the page, widened while ink continues past its sides (Tesseract's Arabic
 * model often leaves the end digits of a number outside the box) and by a margin above and below.
 */
function cropWord(g: Grey, w: OcrWord): Grey {
  const h = w.y1 - w.y0;
  let { x0, x1 } = w;
  for (let gap = 0; x0 > 0 && w.x0 - x0 < 2 * h && gap < h * 0.6; x0--) gap = inkAt(g, x0 - 1, w.y0, w.y1) ? 0 : gap + 1;
  for (let gap = 0; x1 < g.width && x1 - w.x1 < 2 * h && gap < h * 0.6; x1++) gap = inkAt(g, x1, w.y0, w.y1) ? 0 : gap + 1;
  const m = Math.round(h * 0.3);
  const left = x0;
  const top = Math.max(0, w.y0 - m);
  const width = x1 - left;
  const height = Math.min(g.height, w.y1 + m) - top;
  const px = new Uint8Array(Math.max(0, width * height));
  for (let y = 0; y < height; y++) px.set(g.px.subarray((top + y) * g.width + left, (top + y) * g.width + left + width), y * width);
  return { width, height, px };
}

/** Any digit, as Tesseract's Arabic model writes the Arabic-Indic ones it half reads. */
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/;

/**
 * The page's text with its numbers re-read by the digit reader: Tesseract's Arabic model finds the
 * words but has no ٢–٩. In a word where it saw a digit, the groups of glyphs that are all digits to
 * the digit reader's eye replace its text. Confidence: the lower of Tesseract's and the mean of the
 * re-read numbers'.
 */
export async function rereadNumbers(g: Grey, ocr: Recognized): Promise<{ text: string; confidence: number }> {
  const confs: number[] = [];
  const lines: string[] = [];
  for (const line of ocr.lines ?? []) {
    const words: string[] = [];
    for (const w of line) {
      const d = DIGIT.test(w.text) && w.x1 > w.x0 && w.y1 > w.y0 ? await readDigits(cropWord(g, w), { decimals: true }) : null;
      const numbers = d?.groups.filter((n) => !n.rejected && /\d/.test(n.text)) ?? [];
      if (numbers.length) {
        words.push(numbers.map((n) => n.text).join(' '));
        confs.push(...numbers.map((n) => n.confidence));
      } else words.push(w.text);
    }
    lines.push(words.join(' '));
  }
  const confidence = confs.length ? Math.min(ocr.confidence, confs.reduce((a, b) => a + b, 0) / confs.length) : ocr.confidence;
  return { text: lines.join('\n'), confidence };
}
