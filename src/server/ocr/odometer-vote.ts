import { digitRuns } from './odometer-pick';
import type { RecChar } from './paddle/recognize';

/**
 * The odometer's five readings put together (odometer-read.ts): each look's digits, the digit-by-digit vote, the
 * hidden leading eight, and how well the readings' digit probabilities back the voted whole-km digits (the
 * confidence's evidence, confidence.ts).
 */

/** One reading of the candidate's digits, with each position's ten digit probabilities when the recogniser gave them. */
export interface Reading {
  digits: string | null;
  dists: number[][] | null;
}

/**
 * The ten digit probabilities of each of `digits` as they stand in a line's characters (the first run of
 * characters spelling them), or null when the line does not spell them digit for digit (a lookalike letter,
 * a join of two lines).
 */
export function digitDists(chars: RecChar[], digits: string): number[][] | null {
  const ds = chars.filter((ch) => ch.digitP);
  for (let i = 0; i + digits.length <= ds.length; i++) {
    const run = ds.slice(i, i + digits.length);
    if (run.every((ch, k) => ch.c === digits[k])) return run.map((ch) => ch.digitP!);
  }
  return null;
}

/** The digits of one look: the longest run of 4–8 digits, more than seven trimmed as odometer-pick does. */
export function lookDigits(text: string): string | null {
  const runs = digitRuns(text).filter((r) => !r.clock && !r.serial).map((r) => r.digits + (r.decimal ?? ''));
  const best = runs.filter((r) => r.length >= 4).sort((a, b) => b.length - a.length)[0];
  if (!best) return null;
  return best.length > 7 ? (best.replace(/^0+/, '').length >= 5 && best.replace(/^0+/, '').length <= 7 ? best.replace(/^0+/, '') : best.slice(-7)) : best;
}


/** A leading digit the recogniser gave less than this probability... */
export const CLUTTER_TOP = 0.6;
/** ...while giving at least this much to the other digits together is clutter at the display's edge (dropClutterLead). */
export const CLUTTER_OTHERS = 0.15;
/** ...beside six digits each read at least this surely (a display's own digits are sharp; a drum's rolling tenths wheel is not). */
export const CLUTTER_REST = 0.8;

/**
 * A reading without a leading digit the recogniser could not tell apart from other digits (the best under
 * CLUTTER_TOP, the others together at least CLUTTER_OTHERS), when six or more digits were read: a mark beside
 * the display taken for a digit (an LCD's boxed "B" of ODO B read as 8, 3 or 6, an icon, a bezel screw). A thin
 * "1" wheel at the edge reads weakly too, but as a 1 or nothing, with no other digit in doubt: it stays.
 */
export function dropClutterLead(r: Reading): Reading {
  if (!r.digits || !r.dists || r.digits.length !== 7) return r;
  const row = r.dists[0]!;
  const top = Math.max(...row);
  const others = row.reduce((s, p) => s + p, 0) - top;
  if (top >= CLUTTER_TOP || others < CLUTTER_OTHERS) return r;
  if (r.dists.slice(1).some((d) => Math.max(...d) < CLUTTER_REST)) return r;
  return { digits: r.digits.slice(1), dists: r.dists.slice(1) };
}

const leadingZeros = (d: string) => d.length - d.replace(/^0+(?=\d)/, '').length;

/**
 * The readings' vote (readings of four digits left out when longer ones exist): among those of the most
 * common length (ties: the first reading's), each position takes its most common digit (ties: the earliest
 * reading's). Null with no reading. (Setting leading zeros aside before the vote, so that a look that lost
 * one agrees, was tried: no reading of the development split changed, and a look reading a bezel mark as a
 * leading 0 then outvoted the display's digits.)
 */
export function voteDigits(raws: (string | null)[]): string | null {
  const read = raws.filter((r): r is string => r !== null && r.length > 0);
  if (!read.length) return null;
  // An odometer has five wheels or more: a look that read four digits lost some, and does not vote beside longer ones.
  const long = read.filter((r) => r.length >= 5);
  const present = long.length ? long : read;
  const byLength = new Map<number, number>();
  for (const r of present) byLength.set(r.length, (byLength.get(r.length) ?? 0) + 1);
  const top = Math.max(...byLength.values());
  const length = present.find((r) => byLength.get(r.length) === top)!.length;
  const same = present.filter((r) => r.length === length);
  let out = '';
  for (let i = 0; i < length; i++) {
    const counts = new Map<string, number>();
    for (const r of same) counts.set(r[i]!, (counts.get(r[i]!) ?? 0) + 1);
    const best = Math.max(...counts.values());
    out += same.find((r) => counts.get(r[i]!) === best)![i];
  }
  return out;
}

/** How much the readings together must give an 8 where the vote has a leading 3 (uncoverLeadingEight); readings of a true 3 give it none. */
export const HIDDEN_EIGHT_P = 0.15;

/**
 * A drum's leftmost wheel half hidden by the edge of its window (the wheels sit behind the window, so a
 * photo at an angle hides part of the end wheel): an 8 shows only its right half, which is a 3. When the
 * readings of the voted length give an 8 any real weight there (summed probability at least
 * HIDDEN_EIGHT_P, a reading without probabilities counting 1 if it read 8), the 3 was an 8. A true 3 leaves
 * the 8 at zero. The changed digit lowers the readings' support, so such a reading is never confident.
 */
export function uncoverLeadingEight(voted: string, readings: Reading[]): string {
  if (voted[0] !== '3') return voted;
  let eight = 0;
  for (const r of readings) {
    if (r.digits === null || r.digits.length !== voted.length) continue;
    eight += r.dists ? r.dists[0]![8]! : r.digits[0] === '8' ? 1 : 0;
  }
  return eight >= HIDDEN_EIGHT_P ? `8${voted.slice(1)}` : voted;
}

export interface DigitSupport {
  /**
   * The weakest km position's margin: the voted digit's probability summed over the readings that read the
   * km digits' length (or one digit more: a tenths wheel, or a look that caught one more wheel), less the best
   * other digit's, divided by the number of readings (a look that found nothing counts as none; one without
   * probabilities counts 1 for its digit). 1: every reading certain of every km digit; negative: the
   * probabilities favour another digit than the vote. The tenths wheel is left out: it is always rolling, and
   * whether a look read it says nothing about the whole kilometres.
   */
  margin: number;
  /** The highest probability any of those readings gave a km digit it did not read: a rolling drum or a 1/7 segment doubt shows here. */
  runnerUp: number;
  /** How many readings give the same km digits (of the km length, or one digit more). */
  agreeing: number;
  /**
   * A look read one digit more than the km digits where that digit could be a kilometre (a reading of five
   * or fewer; a seventh digit is a tenths wheel, no car shows a million km): the whole view may have lost a
   * wheel at the edge of the window.
   */
  extraDigit: boolean;
  /** The whole view's (the first reading's) lowest probability for a km digit, 0 when it read other digits. */
  firstMinP: number;
}

/**
 * How well the readings' digit probabilities back the km digits `km` (leading zeros kept, tenths wheel
 * dropped; the confidence's evidence, ocr/confidence.ts). `tenthsRead`: the vote had the tenths wheel, so a
 * reading of one digit more is expected.
 */
export function digitSupport(readings: Reading[], km: string, tenthsRead = false): DigitSupport {
  // Leading zeros set aside as in the vote: each reading's digits from its first significant one.
  const kz = leadingZeros(km);
  const k = km.slice(kz);
  const n = k.length;
  const sums = [...k].map(() => new Array<number>(10).fill(0));
  let runnerUp = 0;
  let agreeing = 0;
  let extraDigit = false;
  const aligned = (r: Reading) => {
    if (r.digits === null) return null;
    const z = leadingZeros(r.digits);
    const len = r.digits.length - z;
    return len === n || len === n + 1 ? z : null;
  };
  for (const r of readings) {
    const z = aligned(r);
    if (z === null) continue;
    const digits = r.digits!.slice(z);
    if (digits.startsWith(k)) agreeing++;
    if (digits.length === n + 1 && !tenthsRead && n + 1 <= 6) extraDigit = true;
    [...digits.slice(0, n)].forEach((d, i) => {
      const row = r.dists?.[z + i];
      if (row) {
        row.forEach((p, j) => (sums[i]![j]! += p));
        runnerUp = Math.max(runnerUp, [...row].sort((a, b) => b - a)[1]!);
      } else sums[i]![Number(d)]! += 1;
    });
  }
  const margin = Math.min(
    ...sums.map((row, i) => {
      const mine = row[Number(k[i])]!;
      return (mine - Math.max(...row.filter((_, j) => j !== Number(k[i])))) / readings.length;
    }),
  );
  const first = readings[0];
  const fz = first ? aligned(first) : null;
  const firstMinP =
    first && fz !== null ? Math.min(...[...k].map((d, i) => (first.dists ? first.dists[fz + i]![Number(d)]! : first.digits![fz + i] === d ? 1 : 0))) : 0;
  return { margin, runnerUp, agreeing, extraDigit, firstMinP };
}
