import { describe, expect, test } from 'bun:test';
import { voteDigits } from '../odometer-read';
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
  });
});

describe('voting the five readings', () => {
  test('digit by digit among the most common length', () => {
    expect(voteDigits(['871967', '871961', '871961', null, '87196'])).toBe('871961');
    expect(voteDigits(['1121410', '112141', '1121410', '1121410', '112141'])).toBe('1121410');
    expect(voteDigits([null, null])).toBeNull();
  });
});
