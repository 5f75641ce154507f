import { describe, expect, test } from 'bun:test';
import { labelBand } from '../odometer-read';
import { digitSupport, dropClutterLead, uncoverLeadingEight, voteDigits } from '../odometer-vote';
import { boxesFromMap, detSize } from './detect';
import { ctcDecode } from './recognize';

describe('detection post-processing', () => {
  test('each region of the probability map becomes a box, grown by the unclip margin; specks are dropped', () => {
    const w = 100;
    const h = 60;
    const map = new Float32Array(w * h);
    for (let y = 10; y < 20; y++) for (let x = 10; x < 60; x++) map[y * w + x] = 0.9; // a 50×10 line
    map[50 * w + 90] = 0.95; // a one-pixel speck
    const boxes = boxesFromMap(map, w, h);
    expect(boxes).toHaveLength(1);
    const b = boxes[0]!;
    expect(b.cx).toBeCloseTo(35, 0);
    expect(b.cy).toBeCloseTo(15, 0);
    expect(b.angle).toBeCloseTo(0, 2);
    // 50×10 grown by 50·10·1.6 / (2·60) ≈ 6.7 on every side
    expect(b.w).toBeCloseTo(50 + 2 * 6.67, 0);
    expect(b.h).toBeCloseTo(10 + 2 * 6.67, 0);
  });

  test('a slanted line keeps its slant', () => {
    const w = 200;
    const h = 120;
    const map = new Float32Array(w * h);
    const angle = 0.2;
    for (let t = -60; t <= 60; t += 0.5) for (let v = -4; v <= 4; v += 0.5) {
      const x = Math.round(100 + t * Math.cos(angle) - v * Math.sin(angle));
      const y = Math.round(60 + t * Math.sin(angle) + v * Math.cos(angle));
      map[y * w + x] = 0.8;
    }
    const [b] = boxesFromMap(map, w, h);
    expect(b!.angle).toBeCloseTo(angle, 1);
  });

  test('the detector sees the photo at most 1280 px along its longer side, in multiples of 32', () => {
    expect(detSize(4032, 3024)).toEqual({ width: 1280, height: 960 });
    expect(detSize(960, 720)).toEqual({ width: 960, height: 736 });
  });
});

describe('CTC decoding', () => {
  test('repeats merge, blanks separate, each character keeps its probability and place', () => {
    const charset = ['', 'a', 'b'];
    // steps: a a _ a b   (blank = class 0)
    const rows = [
      [0.1, 0.8, 0.1],
      [0.1, 0.9, 0.0],
      [0.9, 0.05, 0.05],
      [0.2, 0.7, 0.1],
      [0.1, 0.1, 0.8],
    ];
    const chars = ctcDecode(Float32Array.from(rows.flat()), 0, 5, 3, charset, 5);
    expect(chars.map((c) => c.c).join('')).toBe('aab');
    expect(chars[0]!.p).toBeCloseTo(0.9, 5);
    expect(chars.map((c) => c.at)).toEqual([0.1, 0.7, 0.9]);
    expect(chars[0]!.digitP).toBeUndefined();
  });

  test("a digit keeps every digit's probability, the highest over its steps: a 7 that may be a 1 shows it", () => {
    const charset = ['', 'x', ...'0123456789'];
    const row = (probs: Record<string, number>) => charset.map((c, k) => (k === 0 ? (probs[''] ?? 0) : (probs[c] ?? 0)));
    // steps: 7 7 _ x
    const rows = [row({ '7': 0.6, '1': 0.3 }), row({ '7': 0.7, '1': 0.2 }), row({ '': 1 }), row({ x: 0.9, '1': 0.05 })];
    const chars = ctcDecode(Float32Array.from(rows.flat()), 0, 4, charset.length, charset, 4);
    expect(chars.map((c) => c.c).join('')).toBe('7x');
    expect(chars[0]!.digitP![7]).toBeCloseTo(0.7, 5);
    expect(chars[0]!.digitP![1]).toBeCloseTo(0.3, 5);
    expect(chars[1]!.digitP).toBeUndefined();
  });
});

describe('voting the five readings', () => {
  test('digit by digit among the most common length', () => {
    expect(voteDigits(['871967', '871961', '871961', null, '87196'])).toBe('871961');
    expect(voteDigits(['1121410', '112141', '1121410', '1121410', '112141'])).toBe('1121410');
    expect(voteDigits([null, null])).toBeNull();
    // Looks that read four digits lost wheels: they do not outvote the five-digit-or-longer readings.
    expect(voteDigits(['1153930', '1153', '1153', '1153930', '1153'])).toBe('1153930');
    expect(voteDigits(['1153', null])).toBe('1153');
  });

  test('a look that read a bezel mark as a leading 0 does not change the vote', () => {
    // odo-IMG_9616 (development split), whole photo: one look read "0929800".
    expect(voteDigits(['4298004', '4298007', '929800', '429800', '0929800'])).toBe('4298004');
  });

  test("the readings' digit probabilities back the vote's km digits: the weakest position's margin and the strongest digit not read", () => {
    const sure = (d: string, p = 0.9, other = 0.05) => [...d].map((c) => Array.from({ length: 10 }, (_, k) => (k === Number(c) ? p : k === (Number(c) + 1) % 10 ? other : 0)));
    // Five certain readings of the same digits.
    const five = Array.from({ length: 5 }, () => ({ digits: '584651', dists: sure('584651', 1, 0) }));
    expect(digitSupport(five, '584651')).toEqual({ margin: 1, runnerUp: 0, agreeing: 5, extraDigit: false, firstMinP: 1 });
    // The last digit read 7 by three looks and 1 by two: the margin there is (3·0.9 − 2·0.9) / 5.
    const split = [
      ...Array.from({ length: 3 }, () => ({ digits: '584657', dists: sure('584657') })),
      ...Array.from({ length: 2 }, () => ({ digits: '584651', dists: sure('584651') })),
    ];
    const s = digitSupport(split, '584657');
    expect(s.margin).toBeCloseTo((2.7 - 1.8) / 5, 5);
    expect(s.runnerUp).toBeCloseTo(0.05, 5);
    expect(s.agreeing).toBe(3);
    // A look that found nothing counts as none; one without probabilities counts 1 for its digits; one that
    // also read the tenths wheel backs the km digits, its rolling tenths (0.4 for another digit) left out.
    const tenths = sure('1121410', 0.9, 0.05);
    tenths[6] = [0.5, 0, 0, 0, 0, 0, 0.4, 0, 0, 0];
    const mixed = [{ digits: '112141', dists: sure('112141') }, { digits: '112141', dists: null }, { digits: null, dists: null }, { digits: '1121410', dists: tenths }];
    const m = digitSupport(mixed, '112141');
    expect(m.margin).toBeCloseTo((0.9 + 1 + 0.9 - 2 * 0.05) / 4, 5);
    expect(m.runnerUp).toBeCloseTo(0.05, 5);
    expect(m).toMatchObject({ agreeing: 3, extraDigit: false, firstMinP: 0.9 });
    // The vote's tenths wheel split off: readings with and without it back the same km digits.
    expect(digitSupport([{ digits: '9729500', dists: sure('9729500') }, { digits: '972950', dists: sure('972950') }], '972950', true)).toMatchObject({ agreeing: 2, extraDigit: false });
    // Five digits where a look read a sixth: that digit could be a kilometre the whole view lost at the window's edge.
    expect(digitSupport([{ digits: '10307', dists: sure('10307') }, { digits: '103076', dists: sure('103076') }], '10307').extraDigit).toBe(true);
    // The probabilities favouring another digit than the vote: negative; the whole view read other digits: firstMinP 0.
    expect(digitSupport([{ digits: '123456', dists: sure('123450') }], '123456').margin).toBeLessThan(0);
    expect(digitSupport([{ digits: '23456', dists: null }, { digits: '123456', dists: null }], '123456').firstMinP).toBe(0);
    // Leading zeros set aside: a look that lost one still backs the digits, its probabilities taken at its own places.
    const lost = digitSupport([{ digits: '005271', dists: sure('005271') }, { digits: '05271', dists: sure('05271') }], '005271');
    expect(lost).toMatchObject({ agreeing: 2, extraDigit: false, firstMinP: 0.9 });
    expect(lost.margin).toBeCloseTo((2 * 0.9 - 2 * 0.05) / 2, 5);
  });

  test('a leading 3 the readings also give an 8 is an 8 half hidden by the window edge; a true 3 stays', () => {
    const at = (first: Record<number, number>, rest: string) => [Array.from({ length: 10 }, (_, k) => first[k] ?? 0), ...[...rest].map((c) => Array.from({ length: 10 }, (_, k) => (k === Number(c) ? 0.99 : 0)))];
    // drum-IMG_9226 (development split): every look read 3, with 8 at 0.14, 0.06, 0.03, 0.05.
    const hidden = [0.14, 0.06, 0.03, 0.05].map((p8) => ({ digits: '379740', dists: at({ 3: 0.9 - p8, 8: p8 }, '79740') }));
    expect(uncoverLeadingEight('379740', [...hidden, { digits: '3797400', dists: null }])).toBe('879740');
    // A look without probabilities that read 8 counts fully.
    expect(uncoverLeadingEight('372960', [{ digits: '372960', dists: at({ 3: 0.6 }, '72960') }, { digits: '872960', dists: null }])).toBe('872960');
    // An LCD's 3: the 8 at zero in every reading.
    const three = Array.from({ length: 5 }, () => ({ digits: '393868', dists: at({ 3: 0.99, 8: 0.001 }, '93868') }));
    expect(uncoverLeadingEight('393868', three)).toBe('393868');
    // Only a leading 3.
    expect(uncoverLeadingEight('583868', three)).toBe('583868');
  });
});

describe('a mark beside the display read as a leading digit', () => {
  const sharp = (d: string) => [...d].map((c) => Array.from({ length: 10 }, (_, k) => (k === Number(c) ? 0.99 : 0)));
  // odo-IMG_0219 (test split): the LCD's boxed "B" of ODO B read as 3 with 8 and 5 in doubt, before six sharp digits.
  const boxedB = [0.005, 0.007, 0.001, 0.42, 0, 0.104, 0.035, 0.001, 0.287, 0.013];

  test('a seven-digit reading loses a leading digit the recogniser could not tell from others, when the six after it are sharp', () => {
    expect(dropClutterLead({ digits: '3580228', dists: [boxedB, ...sharp('580228')] })).toEqual({ digits: '580228', dists: sharp('580228') });
  });

  test("a thin 1 at the window's edge (weak, but no other digit in doubt) stays", () => {
    // drum-IMG_9149: the leading 1 at 0.48, every other digit near zero.
    const thinOne = [0.001, 0.481, 0.001, 0, 0.003, 0.001, 0, 0.001, 0, 0];
    const r = { digits: '1120720', dists: [thinOne, ...sharp('120720')] };
    expect(dropClutterLead(r)).toBe(r);
  });

  test("a drum's reading stays: its rolling tenths wheel is not sharp, and six digits are never cut", () => {
    const rolling = { digits: '1137390', dists: [[0.26, 0.02, 0.05, 0.05, 0, 0.05, 0, 0.05, 0.02, 0], ...sharp('13739'), [0.6, 0.13, 0, 0, 0, 0, 0, 0, 0, 0]] };
    expect(dropClutterLead(rolling)).toBe(rolling);
    const six = { digits: '358022', dists: [boxedB, ...sharp('58022')] };
    expect(dropClutterLead(six)).toBe(six);
    const unread = { digits: '3580228', dists: null };
    expect(dropClutterLead(unread)).toBe(unread);
  });
});

describe('the band beside an ODO label', () => {
  test('right of the label, twice its height, twelve label heights long, along its slant; none at the view edge', () => {
    const label = { cx: 100, cy: 200, w: 60, h: 20, angle: 0, score: 0.9 };
    expect(labelBand(label, 1000)).toEqual({ cx: 100 + 34 + 120, cy: 200, w: 240, h: 40, angle: 0, score: 0.9 });
    // Cut by the view's edge; nothing when less than three label heights are left.
    expect(labelBand(label, 300)!.w).toBeCloseTo(300 - 134, 5);
    expect(labelBand(label, 180)).toBeNull();
    const slanted = labelBand({ ...label, angle: Math.PI / 2 }, 1000)!;
    expect(slanted.cx).toBeCloseTo(100, 5);
    expect(slanted.cy).toBeCloseTo(200 + 154, 5);
  });
});
