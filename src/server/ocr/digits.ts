import { digitTemplates, type DigitTemplate } from './digit-templates';
import { describe, distance, glyphs, type Glyph, type Grey } from './glyphs';

/**
 * Above this mean distance to the nearest template a glyph is not a digit (letters, symbols).
 * Confidence falls from 100 at distance 0 to 0 at this distance.
 */
const REJECT = 0.3;

/** Glyphs standing together, as a number is written. */
export interface DigitGroup {
  /** Latin digits, "." for a decimal mark, "?" for a glyph that is no digit. */
  text: string;
  /** 0–100, like Tesseract's. */
  confidence: number;
  /** Some glyph looked like no digit. */
  rejected: boolean;
}

export interface DigitReading extends DigitGroup {
  /** `text` is the groups' texts with a space between them. */
  groups: DigitGroup[];
  /** Some glyph was an Arabic-Indic digit. */
  arabic: boolean;
}

const confidenceOf = (ds: number[]) => Math.round(100 * (1 - ds.reduce((a, d) => a + Math.min(d, REJECT), 0) / ds.length / REJECT));

function nearest(f: number[], templates: DigitTemplate[]): { t: DigitTemplate; d: number } {
  let best = { t: templates[0]!, d: Infinity };
  for (const t of templates) {
    const d = distance(f, t.features);
    if (d < best.d) best = { t, d };
  }
  return best;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const height = (g: Glyph) => g.y1 - g.y0;

/**
 * Read a row of digits by shape: each glyph against reference shapes of Latin, 7-segment and
 * Arabic-Indic digits (Tesseract's Arabic model has no ٢–٩ at all, and its English model misses
 * most 7-segment digits). Small marks are the decimal point (on the baseline) or the Arabic zero ٠
 * (a dot at mid-height). Null when there is no digit.
 */
export async function readDigits(g: Grey, opts: { decimals: boolean }): Promise<DigitReading | null> {
  // A word cut from a page has no frame; there a wide shape is a joined-up Arabic word, not a border.
  const found = glyphs(g, !opts.decimals);
  if (!found.length) return null;
  const maxH = Math.max(...found.map(height));
  const full = found.filter((x) => height(x) >= 0.55 * median(found.filter((y) => height(y) >= 0.6 * maxH).map(height)));
  const h = median(full.map(height));
  const top = median(full.map((x) => x.y0));
  const bottom = median(full.map((x) => x.y1));
  const templates = await digitTemplates();
  const tokens: { x0: number; x1: number; ch: string; d?: number; arabic?: boolean }[] = [];
  for (const x of found) {
    const cy = (x.y0 + x.y1) / 2;
    if (full.includes(x)) {
      const { t, d } = nearest(describe(x), templates);
      const digitLike = d <= REJECT && x.x1 - x.x0 <= 1.3 * height(x);
      tokens.push({ x0: x.x0, x1: x.x1, ch: digitLike ? t.digit : '?', d: digitLike ? d : REJECT, arabic: t.arabic });
    } else if (height(x) <= 0.45 * h && cy > bottom - 0.3 * h) tokens.push({ x0: x.x0, x1: x.x1, ch: '.' });
    else if (height(x) <= 0.5 * h && cy > top + 0.25 * h && cy < bottom - 0.25 * h) tokens.push({ x0: x.x0, x1: x.x1, ch: 'z' });
    else if (opts.decimals) tokens.push({ x0: x.x0, x1: x.x1, ch: '?', d: REJECT });
  }
  const arabic = tokens.some((t) => t.arabic && t.ch !== '?');
  const groups: { text: string; ds: number[] }[] = [];
  tokens.forEach((t, i) => {
    // Without decimals (odometers) any small mark in an Arabic-Indic row is its zero.
    const ch = t.ch === '.' && !opts.decimals ? 'z' : t.ch;
    if (ch === 'z' && !arabic) return;
    const prev = tokens[i - 1];
    // A new group after a gap wider than 0.6 digit heights whose centres are also far apart (a
    // narrow mark like ٠ sits alone in a digit-wide cell).
    const apart = prev && t.x0 - prev.x1 > 0.6 * h && (t.x0 + t.x1) / 2 - (prev.x0 + prev.x1) / 2 > 1.15 * h;
    if (!groups.length || apart) groups.push({ text: '', ds: [] });
    const group = groups.at(-1)!;
    group.text += ch === 'z' ? '0' : ch;
    if (t.d !== undefined) group.ds.push(t.d);
  });
  // A group of Arabic zeros alone (told by size, not shape) gets an even 50.
  const read = groups.map((g) => ({ text: g.text, confidence: g.ds.length ? confidenceOf(g.ds) : 50, rejected: g.text.includes('?') }));
  if (!read.some((g) => /\d/.test(g.text))) return null;
  return {
    text: read.map((g) => g.text).join(' '),
    confidence: groups.some((g) => g.ds.length) ? confidenceOf(groups.flatMap((g) => g.ds)) : 50,
    rejected: read.some((g) => g.rejected),
    groups: read,
    arabic,
  };
}
