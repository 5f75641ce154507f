import { normalizeDigits } from '../../shared/digits';
import type { TextLine } from './paddle/recognize';

/**
 * Which of the numbers on a dashboard is the odometer (issue 23): a run of 5–7 digits, the tallest of
 * them, near `km`/`ODO`/`TOTAL`, not the dial's speeds, the clock, the date, the outside temperature,
 * the trip meter (a decimal, or labelled TRIP/A/B) or a sticker's plate or serial number (digits glued to
 * letters or dashes). Weights in ODO_WEIGHTS were set on the development split only (bench/ocr-real).
 */
export interface OdoCandidate {
  /** Whole km as read, leading zeros dropped. */
  km: number;
  digits: string;
  /** The digits as read, leading zeros kept (a drum shows them: 0052710 is 5271 km and a tenths wheel). */
  raw: string;
  /** The drum's tenths wheel when it was read as a separate digit. */
  tenths?: number;
  line: TextLine;
  /** The characters' lowest probability, 0–1. */
  minP: number;
  score: number;
}

export const ODO_WEIGHTS = {
  length: { 4: 0.4, 5: 2.4, 6: 3, 7: 2.2 } as Record<number, number>,
  unitNear: 1.5,
  tripNear: -2.5,
  glued: -3,
  scale: -3,
  height: 3,
  centre: 0.8,
  probability: 1.5,
} as const;

/** Letters the recogniser confuses with digits on displays and drums, read as the digit when they stand among digits. */
const LOOKALIKE: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', '|': '1', i: '1', Z: '2', S: '5', s: '5', B: '8', g: '9', b: '6', G: '6' };

/** Dashes as PP-OCR's Chinese dictionary reads them too (一 is "one" in Chinese and a dash on a dial). */
const DASH = /[-–—一]/;
const UNIT = /\bkm\b|ODO|TOTAL|k[mn]$|^k[mno]\b|公里/i;
const TRIP = /TRIP|\bTR\b|^[AB]$|\b[AB]\s|TRP/i;

interface Run {
  digits: string;
  start: number;
  end: number;
  /** A letter, dash or slash directly before or after the digits. */
  glued: boolean;
  decimal: string | null;
  clock: boolean;
  /** Digits joined by a dash to more digits: a part or serial number (750881-701), a plate (81-0724). */
  serial: boolean;
  /** The digits are a dial's scale read without its gaps ("80100": 80 and 100), see dialScale. */
  scale: boolean;
}

/**
 * Whether digits read as one run are a speedometer's scale printed along the dial (80 100, 100 120 140,
 * 20 40 60): two or more multiples of ten rising by one step of 10 to 40. A real reading of that shape
 * (80100 km) stays a candidate, scored down (ODO_WEIGHTS.scale).
 */
export function dialScale(digits: string): boolean {
  const parts = (rest: string, prev: number | null, step: number | null, count: number): boolean => {
    if (!rest) return count >= 2;
    for (const len of [2, 3]) {
      const part = rest.slice(0, len);
      if (part.length < len || !/^[1-9]\d?0$/.test(part)) continue;
      const v = Number(part);
      const d = prev === null ? null : v - prev;
      if (d !== null && (d < 10 || d > 40 || (step !== null && d !== step))) continue;
      if (parts(rest.slice(len), v, d ?? step, count + 1)) return true;
    }
    return false;
  };
  return parts(digits, null, null, 0);
}

/** Digit runs of a line: lookalike letters inside a digit run become digits, groups split by one space join when short. */
export function digitRuns(text: string): Run[] {
  const t = normalizeDigits(text);
  const chars = [...t];
  const isDigitish = (i: number) => {
    const c = chars[i];
    if (c === undefined) return false;
    if (/\d/.test(c)) return true;
    if (!(c in LOOKALIKE)) return false;
    // A lookalike counts only between digits (or a digit and the run's end).
    return /\d/.test(chars[i - 1] ?? '') && (/\d/.test(chars[i + 1] ?? '') || i + 1 === chars.length) ? true : /\d/.test(chars[i + 1] ?? '') && /\d/.test(chars[i + 2] ?? '');
  };
  const runs: Run[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!isDigitish(i)) {
      i++;
      continue;
    }
    const start = i;
    const groups: { text: string; from: number }[] = [{ text: '', from: i }];
    while (i < chars.length && (isDigitish(i) || (chars[i] === ' ' && isDigitish(i + 1) && /\d/.test(chars[i - 1] ?? '')))) {
      if (chars[i] === ' ') groups.push({ text: '', from: i + 1 });
      else groups.at(-1)!.text += LOOKALIKE[chars[i]!] ?? chars[i];
      i++;
    }
    const end = i;
    // A dial's scale read as one line ("80 100", "100 120"): every group a multiple of ten, so they stay apart.
    const scale = groups.length > 1 && groups.every((g) => /^\d{1,2}0$/.test(g.text));
    const parts = scale ? groups.map((g) => ({ digits: g.text, start: g.from, end: g.from + g.text.length })) : [{ digits: groups.map((g) => g.text).join(''), start, end }];
    for (const part of parts) {
      const before = chars[part.start - 1] ?? '';
      const after = chars[part.end] ?? '';
      const decimal = (after === '.' || after === ',') && /\d/.test(chars[part.end + 1] ?? '') ? (chars[part.end + 1] ?? null) : null;
      runs.push({
        digits: part.digits,
        start: part.start,
        end: part.end,
        // A # before digits is a number sign (a plate, a part number); after them PP-OCR reads a drum window's edge so.
        glued: /[\p{L}\-/#]/u.test(before) || (/[\p{L}\-/]/u.test(after) && !/[kK]/.test(after)),
        decimal,
        clock: before === ':' || after === ':' || /\d{4}[.\-/]\d{2}[.\-/]\d{2}/.test(t),
        scale: dialScale(part.digits),
        serial: (DASH.test(after) && /\d/.test(chars[part.end + 1] ?? '')) || (DASH.test(before) && /\d/.test(chars[part.start - 2] ?? '')),
      });
    }
  }
  return runs;
}

const centreOf = (l: TextLine) => ({ x: l.box.cx, y: l.box.cy });

/** Rank the odometer candidates of one image's lines, best first. */
export function odometerCandidates(lines: TextLine[], size: { width: number; height: number }): OdoCandidate[] {
  const digitLines = lines.filter((l) => /\d/.test(normalizeDigits(l.text)));
  const tallest = Math.max(1, ...digitLines.filter((l) => (l.text.match(/\d/g)?.length ?? 0) >= 4).map((l) => l.box.h));
  const out: OdoCandidate[] = [];
  for (const line of merged(digitLines)) {
    const near = lines.filter((o) => o !== line && Math.abs(o.box.cy - line.box.cy) < 2.5 * line.box.h && Math.abs(o.box.cx - line.box.cx) < line.box.w / 2 + 4 * line.box.h);
    const unit = UNIT.test(line.text) || near.some((o) => UNIT.test(o.text));
    const trip = TRIP.test(line.text) || near.some((o) => TRIP.test(o.text) && Math.abs(o.box.cy - line.box.cy) < 0.8 * line.box.h);
    // A part number printed on the dial ("750881-701") that the detector cut at its dash.
    const dashedOn = near.some((o) => /^\s*[-–—一]\s*\d/.test(o.text) && Math.abs(o.box.cy - line.box.cy) < 0.5 * line.box.h && o.box.cx > line.box.cx && o.box.cx - o.box.w / 2 - (line.box.cx + line.box.w / 2) < line.box.h);
    for (const run of digitRuns(line.text)) {
      if (run.clock || run.serial || (dashedOn && run.end === [...normalizeDigits(line.text)].length)) continue;
      let digits = run.digits;
      if (digits.length > 7) {
        const trimmed = digits.replace(/^0+/, '');
        digits = trimmed.length >= 5 && trimmed.length <= 7 ? trimmed : digits.slice(-6);
      }
      let tenths: number | undefined;
      if (run.decimal !== null) {
        // 12345.6: a drum's tenths or a trip meter; short integer parts are trip meters.
        if (digits.length < 5) continue;
        tenths = Number(run.decimal);
      }
      const whole = digits.replace(/^0+(?=\d)/, '');
      const length = whole.length >= 4 ? Math.min(whole.length, 7) : whole.length;
      const base = ODO_WEIGHTS.length[length];
      if (base === undefined) continue;
      const probs = line.chars.filter((c) => /[\dOoDQIl|iZSsBgbG]/.test(c.c)).map((c) => c.p);
      const minP = probs.length ? Math.min(...probs) : 0;
      const c = centreOf(line);
      const off = Math.hypot((c.x - size.width / 2) / size.width, (c.y - size.height / 2) / size.height);
      const score =
        base +
        (unit ? ODO_WEIGHTS.unitNear : 0) +
        (trip ? ODO_WEIGHTS.tripNear : 0) +
        (run.glued ? ODO_WEIGHTS.glued : 0) +
        (run.scale ? ODO_WEIGHTS.scale : 0) +
        ODO_WEIGHTS.height * Math.min(1, line.box.h / tallest) +
        ODO_WEIGHTS.centre * (1 - Math.min(1, off * 1.4)) +
        ODO_WEIGHTS.probability * minP;
      out.push({ km: Number(whole), digits: whole, raw: digits, ...(tenths !== undefined ? { tenths } : {}), line, minP, score });
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

/**
 * Lines standing side by side at the same height with digits in both ("348" "154") were split by the
 * detector at a gap between drums: offer them joined too.
 */
function merged(lines: TextLine[]): TextLine[] {
  const out = [...lines];
  const sorted = [...lines].sort((a, b) => a.box.cx - b.box.cx);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      const h = Math.max(a.box.h, b.box.h);
      const gap = b.box.cx - b.box.w / 2 - (a.box.cx + a.box.w / 2);
      if (Math.abs(a.box.cy - b.box.cy) > 0.35 * h || Math.min(a.box.h, b.box.h) / h < 0.7 || gap > 1.2 * h || gap < -0.5 * h) continue;
      if (!/^\d+$/.test(a.text.trim()) || !/^\d+$/.test(b.text.trim())) continue;
      const text = `${a.text.trim()}${b.text.trim()}`;
      if (text.length < 5 || text.length > 7) continue;
      const x0 = a.box.cx - a.box.w / 2;
      const x1 = b.box.cx + b.box.w / 2;
      out.push({
        text,
        chars: [...a.chars, ...b.chars],
        confidence: Math.min(a.confidence, b.confidence),
        box: { cx: (x0 + x1) / 2, cy: (a.box.cy + b.box.cy) / 2, w: x1 - x0, h, angle: (a.box.angle + b.box.angle) / 2, score: Math.min(a.box.score, b.box.score) },
      });
    }
  }
  return out;
}
