import { describe, expect, test } from 'bun:test';
import { rivalOf } from './odometer-read';
import { dialScale, digitRuns, odometerCandidates } from './odometer-pick';
import type { TextLine } from './paddle/recognize';

/** A recognised line at a place in a 1000×750 photo, every character read at probability p. */
function line(text: string, cx: number, cy: number, h: number, p = 0.99): TextLine {
  const chars = [...text].map((c, i) => ({ c, p, at: (i + 0.5) / text.length }));
  return { text, chars, confidence: p, box: { cx, cy, w: text.length * h * 0.6, h, angle: 0, score: 0.9 } };
}
const size = { width: 1000, height: 750 };
const pick = (lines: TextLine[]) => odometerCandidates(lines, size)[0]?.digits ?? null;

describe('digitRuns', () => {
  test('lookalike letters among digits are digits; a single space between short groups joins them', () => {
    expect(digitRuns('2138 12').map((r) => r.digits)).toEqual(['213812']);
    // a dial's scale read as one line is not a number
    expect(digitRuns('80 100').map((r) => r.digits)).toEqual(['80', '100']);
    expect(digitRuns('100 120 140').map((r) => r.digits)).toEqual(['100', '120', '140']);
    expect(digitRuns('1O4S2').map((r) => r.digits)).toEqual(['10452']);
    expect(digitRuns('ODO 437907').map((r) => r.digits)).toEqual(['437907']);
  });
  test('a clock, a dashed serial and a plate glued to letters are marked', () => {
    expect(digitRuns('16:26')[0]).toMatchObject({ clock: true });
    expect(digitRuns('750881-701')[0]).toMatchObject({ serial: true });
    expect(digitRuns('750881一701')[0]).toMatchObject({ serial: true });
    expect(digitRuns('U809056')[0]).toMatchObject({ glued: true });
    expect(digitRuns('122.6')[0]).toMatchObject({ digits: '122', decimal: '6' });
    // A # after the digits is a drum window's edge as PP-OCR reads it; before them, a number sign.
    expect(digitRuns('112141#')[0]).toMatchObject({ glued: false });
    expect(digitRuns('#112141')[0]).toMatchObject({ glued: true });
  });
  test("a dial's scale read without its gaps is marked", () => {
    for (const d of ['80100', '100120', '120140160', '204060']) expect({ d, scale: dialScale(d) }).toEqual({ d, scale: true });
    for (const d of ['872960', '112141', '5271', '100200', '437907']) expect({ d, scale: dialScale(d) }).toEqual({ d, scale: false });
  });
});

describe('odometerCandidates', () => {
  test('the six-digit reading beats the dial speeds, a trip decimal and the clock', () => {
    const lines = [line('20', 100, 300, 60), line('160', 900, 300, 60), line('122.6', 500, 350, 40), line('16:26', 500, 420, 30), line('365893', 500, 480, 42), line('km', 640, 480, 30)];
    expect(pick(lines)).toBe('365893');
  });
  test('a plate sticker glued to letters and a serial with a dash lose to the reading', () => {
    expect(pick([line('U809056', 500, 640, 58), line('437907', 600, 470, 61), line('DO', 400, 480, 33)])).toBe('437907');
    expect(pick([line('750881-701', 200, 700, 30), line('112141', 500, 330, 40)])).toBe('112141');
    // the same serial cut at its dash by the detector
    expect(pick([line('750881', 200, 700, 30), line('-701', 290, 700, 30), line('11214', 500, 330, 40)])).toBe('11214');
  });
  test("a drum's reading beats the dial's scale read as one number, even when the scale is taller", () => {
    expect(pick([line('80100', 300, 200, 90), line('872960#', 500, 400, 50)])).toBe('872960');
  });
  test('the drums, the tallest number, beat a crisp serial printed small on the dial even when read less surely', () => {
    // drum-IMG_9265 (development split): the serial read at 0.99, the seven wheels at 0.51, three times its height.
    expect(pick([line('750881', 450, 420, 31), line('1153930', 500, 300, 91, 0.51)])).toBe('1153930');
  });
  test('a reading labelled TRIP loses to the one labelled ODO', () => {
    const lines = [line('TRIP', 300, 300, 30), line('04512', 480, 300, 40), line('ODO', 300, 400, 30), line('084512', 480, 400, 40)];
    expect(pick(lines)).toBe('84512');
  });
  test('two halves split by the detector at a drum gap are read as one number', () => {
    expect(pick([line('348', 450, 400, 50), line('154', 560, 400, 50)])).toBe('348154');
  });
  test('more than seven digits (leading zeros of a display) keep the reading', () => {
    expect(pick([line('000412512', 500, 400, 60)])).toBe('412512');
  });
  test('no run of 4–7 digits: no candidate', () => {
    expect(pick([line('40', 100, 100, 50), line('x100kPa', 500, 400, 30)])).toBeNull();
  });
});

describe('rivalOf', () => {
  test('a number printed smaller than the pick (a serial on the dial) is no rival; one as tall, of five digits or more, is', () => {
    const serial = line('750881', 300, 600, 30);
    const drums = line('971951', 500, 330, 45);
    expect(rivalOf(odometerCandidates([drums, serial], size))).toBeNull();
    const trip = line('10012', 500, 420, 40);
    expect(rivalOf(odometerCandidates([drums, serial, trip], size))?.digits).toBe('10012');
    // A four-digit number is no odometer rival, however tall.
    expect(rivalOf(odometerCandidates([drums, line('5035', 500, 100, 90)], size))).toBeNull();
  });
});
