import { dialScale } from './odometer-pick';
import type { OdometerRead } from './odometer-read';
import type { ReceiptReading } from './receipt-parse';

/**
 * When a reading is shown as confident (issue 23): calibrated on the development split of real photos
 * (`bun bench/ocr-real/eval.ts --split dev`), so that a confident reading is right at least 98 % of the
 * time while at most a quarter of right readings ask the rider to check. At or above CONFIDENT the app
 * shows the value as read; below it, the found region zoomed with the digits to confirm.
 */
export const CONFIDENT = 80;

export const odometerConfidence = {
  /** Every km digit of the whole view's reading at least this probable... */
  minDigitP: 0.5,
  /** ...unless at least this many of the five readings give the same km digits: the whole view is one reading of five, and four that agree outweigh it. */
  agreeingForWholeView: 4,
  /** The five readings' probabilities back every km digit by at least this margin over any other digit (digitSupport in odometer-read.ts). */
  minSupport: 0.5,
  /** No reading gave a km digit it did not read this much probability or more: a drum caught rolling, a 7 that may be a 1. */
  maxRunnerUp: 0.4,
  /** The best candidate's lead over the next different number (odometer-pick.ts scores): a printed serial on the dial can read as clearly as the drums. */
  minLead: 2.5,
  /** Two engines (PP-OCR and Tesseract) read the same km: confident, when at least this many of the five looks agreed on the km digits. */
  agreed: 85,
  agreeingForSecondOpinion: 4,
  /** Tesseract alone on a photo PP-OCR found no odometer in. */
  ceilingAlone: 60,
  /**
   * Whether Tesseract reading the same km may make an unsure reading confident: when PP-OCR's own looks mostly agree
   * (on a rolling drum both engines see the same half digit), and never for a dial's scale, which both read alike,
   * nor for a short reading that may have lost a digit at the edge, which both lose alike.
   */
  secondOpinionCounts(r: OdometerRead): boolean {
    return r.support.agreeing >= this.agreeingForSecondOpinion && !dialScale(r.best.digits) && !r.unpadded;
  },
  of(r: OdometerRead): { confidence: number; sure: boolean } {
    const lead = r.runnerUp ? r.best.score - r.runnerUp.score : 10;
    const s = r.support;
    const backed = s.margin >= this.minSupport;
    // A pick shaped like a dial's scale read without its gaps (80100) may be the scale: never shown as confident.
    const sure = backed && s.runnerUp < this.maxRunnerUp && !s.extraDigit && !r.tenthsDoubt && !r.unpadded && !r.banded && !dialScale(r.best.digits) && (s.firstMinP >= this.minDigitP || s.agreeing >= this.agreeingForWholeView) && lead >= this.minLead;
    const base = Math.round(100 * s.firstMinP);
    return { confidence: sure ? Math.max(CONFIDENT, base) : Math.min(CONFIDENT - 1, Math.round(base * (backed ? 0.8 : 0.6))), sure };
  },
};

export const receiptConfidence = {
  /** Every digit of the total at least this probable. */
  minDigitP: 0.95,
  agreed: 85,
  ceilingAlone: 60,
  of(r: ReceiptReading, minP: number): { confidence: number; sure: boolean } {
    // Under a total label, no other total row disagreeing, its decimal point read. Whether the receipt's own
    // sums confirm it added nothing on the development split (every such total was already right) and
    // flagged a quarter of right ones, so it is not required.
    const sure = !r.contested && !r.repaired && r.strength >= 2 && minP >= this.minDigitP;
    const base = Math.round(100 * minP);
    return { confidence: sure ? Math.max(CONFIDENT, base) : Math.min(CONFIDENT - 1, Math.round(base * 0.8)), sure };
  },
};
