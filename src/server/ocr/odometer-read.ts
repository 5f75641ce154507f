import type { OcrRoi } from '../../shared/schemas/ocr';
import { odometerCandidates, type OdoCandidate } from './odometer-pick';
import { paddleRead, paddleRecognize } from './paddle/engine';
import { cropRgb, rotateRgb, sampleRect, type Rgb } from './paddle/raster';
import type { TextBox } from './paddle/detect';
import { LINE_MARGIN, type TextLine } from './paddle/recognize';
import { digitDists, digitSupport, dropClutterLead, lookDigits, uncoverLeadingEight, voteDigits, type DigitSupport, type Reading } from './odometer-vote';

export type { Reading } from './odometer-vote';

/** A part of the upright photo as fractions of its width and height (the capture dialog's shape). */
export type Region = OcrRoi;

export interface OdometerRead {
  km: number;
  tenths?: number;
  /** Where the reading is, in the whole upright photo. */
  region: Region;
  /** How many of the five readings (whole view, four zoomed looks) gave exactly the voted digits. */
  agreeing: number;
  /** The weakest digit position's share of readings that agree with the vote, 0–1. */
  posAgree: number;
  /** The lowest digit probability among the looks that read the voted digits, 0–1. */
  lookMinP: number;
  /** How well the five readings' digit probabilities back the voted digits (digitSupport). */
  support: DigitSupport;
  /** The last of six digits sits on a wheel of another colour: perhaps a tenths wheel. */
  tenthsDoubt: boolean;
  /**
   * Five km digits or fewer, none of them a leading zero: a display that shows five digits, or six whose first
   * the reader lost at the window's edge (a dim LCD digit the detector never found, a drum's end wheel). The
   * photo cannot tell the two apart; a display padded with zeros (a drum's 081840) shows all its wheels.
   */
  unpadded: boolean;
  /** Read in the band beside an ODO label, not where the detector found digits (labelledRows): its extent is a guess. */
  banded: boolean;
  best: OdoCandidate;
  runnerUp: OdoCandidate | null;
  text: string;
  /** The five readings' digits (null: a look found no reading) and, per digit, each digit's probability. */
  readings: Reading[];
}


interface View {
  img: Rgb;
  /** Maps a point of this view back to the upright photo. */
  toPhoto: (x: number, y: number) => [number, number];
}

function roiView(img: Rgb, roi: OcrRoi): View {
  // The rider's frame is a guide, not a crop: keep a margin of 8 % around it.
  const mx = roi.w * 0.08 * img.width;
  const my = roi.h * 0.08 * img.height;
  const x = Math.max(0, roi.x * img.width - mx);
  const y = Math.max(0, roi.y * img.height - my);
  const crop = cropRgb(img, x, y, roi.w * img.width + 2 * mx, roi.h * img.height + 2 * my);
  return { img: crop, toPhoto: (px, py) => [px + Math.floor(x), py + Math.floor(y)] };
}

function turnedView(img: Rgb, turns: 1 | 3): View {
  const r = rotateRgb(img, turns);
  // turns 1 (clockwise): (x, y) of the turned image is (y, H-1-x) of the original... inverse below.
  return {
    img: r,
    toPhoto: (px, py) => (turns === 1 ? [py, img.height - 1 - px] : [img.width - 1 - py, px]),
  };
}

/** A label that names the odometer's row (not "km", which also marks the speed's km/h). */
const ODO_LABEL = /\bODO\b|^ODO|TOTAL/i;

/**
 * The row a label such as ODO names, read without detection: the band right of the label, twice its
 * height (digits stand taller than their label) and up to twelve label heights long (longer bands reached
 * a dial's numbers on the development split; stopping at the next text found cut the digits). For a display the
 * detector found the label in but not the digits (dark digits on a lit LCD, low contrast). The band is a
 * guess at where the digits are, so a digit may fall outside it: such a reading is never confident.
 */
/** The band right of a label where its reading should stand (labelledRows); null when too little of the view is left. */
export function labelBand(b: TextBox, viewWidth: number): TextBox | null {
  const from = b.w / 2 + 0.2 * b.h;
  const w = Math.min(12 * b.h, viewWidth - (b.cx + from));
  if (w < 3 * b.h) return null;
  const mid = from + w / 2;
  return { cx: b.cx + mid * Math.cos(b.angle), cy: b.cy + mid * Math.sin(b.angle), w, h: 2 * b.h, angle: b.angle, score: b.score };
}

async function labelledRows(view: View, lines: TextLine[]): Promise<TextLine[]> {
  const boxes = lines
    .filter((l) => ODO_LABEL.test(l.text) && !/\d{4}/.test(l.text))
    .map((l) => labelBand(l.box, view.img.width))
    .filter((b): b is TextBox => b !== null);
  return boxes.length ? paddleRecognize(view.img, boxes) : [];
}

/** The candidates in a view; `banded` holds the rows read beside a label rather than found by the detector. */
async function candidatesIn(view: View): Promise<{ cands: OdoCandidate[]; banded: Set<TextLine> }> {
  const lines = await paddleRead(view.img);
  const cands = odometerCandidates(lines, view.img);
  if (cands[0] && cands[0].digits.length >= 5) return { cands, banded: new Set() };
  const rows = await labelledRows(view, lines);
  return rows.length ? { cands: odometerCandidates([...lines, ...rows], view.img), banded: new Set(rows) } : { cands, banded: new Set() };
}

/**
 * Four more looks at the candidate's line, read without detection so that a thin "1" drum the detector
 * left out is still read: the line widened by 0.6 of a text height each side (about one drum), as is,
 * shifted up and down by a fifth of its height (a drum caught mid-roll then reads as the digit that
 * fills more of its window) and cut tighter (less of the next digits on a rolling drum). The set was
 * chosen on the development split (docs/decisions/011-ocr-engine.md). Each look's digits: its longest
 * run that could be a reading.
 */
async function zoomReads(view: View, c: OdoCandidate): Promise<(Reading & { minP: number })[]> {
  const b = c.line.box;
  const looks = [
    { shift: 0, tall: 1.1 },
    { shift: 0.2, tall: 1.1 },
    { shift: -0.2, tall: 1.1 },
    { shift: 0, tall: 0.9 },
  ];
  const w = b.w + 1.2 * b.h;
  const out: (Reading & { minP: number })[] = [];
  for (const look of looks) {
    const dy = look.shift * b.h;
    const h = b.h * look.tall;
    const outH = 64;
    const outW = Math.round((w / h) * outH);
    const crop = sampleRect(view.img, b.cx - dy * Math.sin(b.angle), b.cy + dy * Math.cos(b.angle), w, h, b.angle, outW, outH);
    const [line] = await paddleRecognize(crop, [{ cx: outW / 2, cy: outH / 2, w: outW - 0.3 * outH, h: outH, angle: 0, score: 1 }]);
    const probs = line?.chars.filter((ch) => /\d/.test(ch.c)).map((ch) => ch.p) ?? [];
    const digits = line ? lookDigits(line.text) : null;
    out.push({ digits, dists: line && digits ? digitDists(line.chars, digits) : null, minP: probs.length ? Math.min(...probs) : 0 });
  }
  return out;
}

/**
 * Whether the last digit sits on a wheel of another colour than the others (a drum's tenths wheel is
 * often white, red or orange): each column's median colour is the wheel's background, since a digit's
 * strokes are the minority of a column.
 */
export function lastCellStandsOut(img: Rgb, c: OdoCandidate): boolean {
  const b = c.line.box;
  const digits = c.line.chars.filter((ch) => /\d/.test(ch.c));
  if (digits.length < 6) return false;
  const H = 32;
  // The same span the recogniser saw (lineImage's margin), so the characters' positions line up.
  const bw = b.w + LINE_MARGIN * b.h;
  const outW = Math.max(16, Math.round((bw / b.h) * H));
  const strip = sampleRect(img, b.cx, b.cy, bw, b.h * 0.8, b.angle, outW, H);
  const column = (x: number) =>
    [0, 1, 2].map((k) => {
      const vals: number[] = [];
      for (let y = Math.floor(H * 0.15); y < Math.ceil(H * 0.85); y++) vals.push(strip.data[(y * outW + x) * 3 + k]!);
      return vals.sort((p, q) => p - q)[vals.length >> 1]!;
    });
  const cell = (at: number, half: number) => {
    const from = Math.max(0, Math.floor((at - half / 2) * outW));
    const to = Math.min(outW, Math.max(from + 1, Math.ceil((at + half / 2) * outW)));
    const sum = [0, 0, 0];
    for (let x = from; x < to; x++) column(x).forEach((v, k) => (sum[k]! += v));
    return sum.map((v) => v / (to - from));
  };
  const pitch = (digits.at(-1)!.at - digits[0]!.at) / (digits.length - 1);
  const standsOut = (colourAt: (at: number) => number[]) => {
    const last = colourAt(digits.at(-1)!.at);
    const others = digits.slice(0, -1).map((d) => colourAt(d.at));
    const rest = [0, 1, 2].map((k) => others.reduce((s, o) => s + o[k]!, 0) / others.length);
    const dist = (a: number[]) => Math.hypot(a[0]! - rest[0]!, a[1]! - rest[1]!, a[2]! - rest[2]!);
    // Against the wheels' own spread: glare across an LCD changes every cell a little, a tenths wheel one cell a lot.
    const spread = others.reduce((s, o) => s + dist(o), 0) / others.length;
    const stepBefore = Math.hypot(...[0, 1, 2].map((k) => last[k]! - others.at(-1)![k]!));
    return dist(last) > 40 && dist(last) > 2.5 * spread && stepBefore > 60;
  };
  // Measured twice, and both must say so: across the digit's middle (each column's median, mostly the wheel), and at
  // its left side alone, clear of the strokes. The middle alone takes a digit's shape for a colour (a 1's stem fills
  // its cell on a plain print); the side alone takes an LCD's unlit segments for one.
  return standsOut((at) => cell(at, pitch * 0.5)) && standsOut((at) => cell(at - pitch * 0.38, pitch * 0.1));
}

function regionOf(view: View, c: OdoCandidate, photo: Rgb): Region {
  const b = c.line.box;
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const u = (sx! * b.w) / 2;
    const v = (sy! * b.h) / 2;
    return view.toPhoto(b.cx + u * Math.cos(b.angle) - v * Math.sin(b.angle), b.cy + u * Math.sin(b.angle) + v * Math.cos(b.angle));
  });
  const xs = corners.map((p) => p[0]!);
  const ys = corners.map((p) => p[1]!);
  const x0 = Math.max(0, Math.min(...xs) / photo.width);
  const y0 = Math.max(0, Math.min(...ys) / photo.height);
  const x1 = Math.min(1, Math.max(...xs) / photo.width);
  const y1 = Math.min(1, Math.max(...ys) / photo.height);
  return { x: x0, y: y0, w: Math.max(0.001, x1 - x0), h: Math.max(0.001, y1 - y0) };
}

/** How tall a number must stand beside the pick to compete with it: the digits of one display share one height; a number printed smaller (a serial on the dial, a sticker) is not its rival. */
export const RIVAL_HEIGHT = 0.75;

/**
 * The next different number that could be the odometer as much as the pick: five digits or more, at least
 * RIVAL_HEIGHT of the pick's height (the confidence's lead is measured against it).
 */
export const rivalOf = (cands: OdoCandidate[]) =>
  cands.find((c) => c.km !== cands[0]!.km && c.digits.length >= 5 && c.line.box.h >= RIVAL_HEIGHT * cands[0]!.line.box.h) ?? null;

/**
 * Find and read the odometer: inside the rider's frame (with a margin), else in the whole photo, else in
 * the photo turned a quarter either way (a phone held sideways without EXIF). The best candidate is read
 * five times and voted, and a drum's tenths wheel is split off. (Reading the whole photo too when the
 * frame's readings disagree was tried: 2 fewer right on the development split, so the frame decides.)
 */
export async function readOdometer(photo: Rgb, roi?: OcrRoi): Promise<OdometerRead | null> {
  const views: (() => View)[] = [];
  if (roi) views.push(() => roiView(photo, roi));
  views.push(() => ({ img: photo, toPhoto: (x, y) => [x, y] }));
  views.push(() => turnedView(photo, 1), () => turnedView(photo, 3));
  for (const make of views) {
    const read = await readView(make(), photo);
    if (read) return read;
  }
  return null;
}

/** The odometer in one view of the photo, read five times and voted; null when no 5–7 digit candidate. */
async function readView(view: View, photo: Rgb): Promise<OdometerRead | null> {
  const { cands, banded } = await candidatesIn(view);
  const best = cands[0];
  if (!best || best.digits.length < 5) return null;
  const looks = await zoomReads(view, best);
  // Five readings of the same digits (the whole view's and four zoomed looks), voted digit by digit.
  const first = best.tenths !== undefined ? `${best.raw}${best.tenths}` : best.raw;
  const readings: Reading[] = [{ digits: first, dists: digitDists(best.line.chars, first) }, ...looks.map(({ digits, dists }) => ({ digits, dists }))].map(dropClutterLead);
  const raws = readings.map((r) => r.digits);
  const voted = uncoverLeadingEight(voteDigits(raws) ?? first, readings);
  const agreeing = raws.filter((r) => r === voted).length;
  // The weakest position's support: of the five readings, how many have the voted digit there (0–1).
  const posAgree = Math.min(...[...voted].map((d, i) => raws.filter((r) => r !== null && r.length === voted.length && r[i] === d).length / raws.length));
  // The least sure digit of any look that read the voted digits: a drum mid-roll or a faint segment shows here.
  const lookMinP = Math.min(best.minP, ...looks.filter((l) => l.digits === voted).map((l) => l.minP));
  // A drum's tenths wheel read as one more digit: seven digits (no car shows 1,000,000 km), or the
  // decimal the whole view read. Six digits whose last wheel looks different may be five drums and a
  // tenths wheel, or an LCD under glare: left as read, but unsure.
  // Six digits with a leading zero whose last wheel is another colour: five drums showing a zero and a
  // tenths wheel (a display that pads with zeros has no wheel of another colour).
  const otherLast = voted.length === 6 && lastCellStandsOut(view.img, best);
  const split = voted.length === 7 || (best.tenths !== undefined && voted === first) || (otherLast && voted.startsWith('0'));
  const tenthsDoubt = !split && otherLast;
  const kmShown = split ? voted.slice(0, -1) : voted;
  const digits = kmShown.replace(/^0+(?=\d)/, '');
  const km = Number(digits);
  const tenths = split ? Number(voted.at(-1)) : undefined;
  return {
    km,
    ...(tenths !== undefined ? { tenths } : {}),
    region: regionOf(view, best, photo),
    agreeing,
    posAgree,
    lookMinP,
    support: digitSupport(readings, kmShown, split),
    tenthsDoubt,
    unpadded: digits.length <= 5 && !kmShown.startsWith('0'),
    banded: banded.has(best.line),
    best: { ...best, km, digits },
    runnerUp: rivalOf(cands),
    text: best.line.text,
    readings,
  };
}
