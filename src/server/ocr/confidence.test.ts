import { describe, expect, test } from 'bun:test';
import { CONFIDENT, odometerConfidence } from './confidence';
import type { OdometerRead } from './odometer-read';
import type { OdoCandidate } from './odometer-pick';

const candidate = (score: number, minP: number, km = 584651): OdoCandidate => ({
  km,
  digits: String(km),
  raw: String(km),
  minP,
  score,
  line: { text: String(km), chars: [], confidence: minP, box: { cx: 0, cy: 0, w: 10, h: 2, angle: 0, score: 1 } },
});

/** An odometer reading whose evidence is all sure unless overridden. */
const read = (o: { margin?: number; runnerUp?: number; minP?: number; lead?: number; tenthsDoubt?: boolean; extraDigit?: boolean; banded?: boolean; scale?: boolean; agreeing?: number; unpadded?: boolean } = {}): OdometerRead => ({
  km: 584651,
  region: { x: 0, y: 0, w: 1, h: 1 },
  agreeing: 5,
  posAgree: 1,
  lookMinP: 0.9,
  support: { margin: o.margin ?? 0.9, runnerUp: o.runnerUp ?? 0.05, agreeing: o.agreeing ?? 5, extraDigit: o.extraDigit ?? false, firstMinP: o.minP ?? 0.98 },
  tenthsDoubt: o.tenthsDoubt ?? false,
  unpadded: o.unpadded ?? false,
  banded: o.banded ?? false,
  // 80100: a dial's scale read without its gaps, or a reading of that shape.
  best: candidate(8, 0.98, o.scale ? 80100 : 584651),
  runnerUp: o.lead === undefined ? null : candidate(8 - o.lead, 0.9, 750881),
  text: '584651',
  readings: [],
});

describe('odometer confidence (calibrated on the development split of real photos)', () => {
  test('sure when the readings back every km digit, no digit has a strong rival, and nothing else on the dial competes', () => {
    expect(odometerConfidence.of(read())).toEqual({ confidence: 98, sure: true });
    expect(odometerConfidence.of(read({ margin: 0.5, runnerUp: 0.39, minP: 0.5, lead: 2.5 })).sure).toBe(true);
  });

  test('each doubt alone flags the reading for the rider to check', () => {
    for (const doubt of [{ margin: 0.49 }, { runnerUp: 0.4 }, { minP: 0.49, agreeing: 3 }, { lead: 2.4 }, { tenthsDoubt: true }, { unpadded: true }, { extraDigit: true }, { banded: true }, { scale: true }]) {
      const r = odometerConfidence.of(read(doubt));
      expect({ doubt, sure: r.sure, below: r.confidence < CONFIDENT }).toEqual({ doubt, sure: false, below: true });
    }
  });

  test("four readings that agree on the km digits outweigh the whole view's weak or other reading", () => {
    expect(odometerConfidence.of(read({ minP: 0, agreeing: 4 }))).toEqual({ confidence: CONFIDENT, sure: true });
    expect(odometerConfidence.of(read({ minP: 0, agreeing: 3 })).sure).toBe(false);
    // The other doubts still hold.
    expect(odometerConfidence.of(read({ minP: 0, agreeing: 4, runnerUp: 0.45 })).sure).toBe(false);
  });

  test("a second engine's agreement counts when the looks mostly agree, never for a dial's scale or a short unpadded reading", () => {
    expect(odometerConfidence.secondOpinionCounts(read({ margin: 0.3 }))).toBe(true);
    expect(odometerConfidence.secondOpinionCounts(read({ margin: 0.3, scale: true }))).toBe(false);
    // Five digits with no leading zero: both engines lose a digit at the window's edge alike.
    expect(odometerConfidence.secondOpinionCounts(read({ margin: 0.3, unpadded: true }))).toBe(false);
  });

  test('an unsure reading scales its digit probability down, less when the readings back it', () => {
    expect(odometerConfidence.of(read({ runnerUp: 0.45, minP: 0.9 })).confidence).toBe(72);
    expect(odometerConfidence.of(read({ margin: 0.1, minP: 0.9 })).confidence).toBe(54);
  });
});
