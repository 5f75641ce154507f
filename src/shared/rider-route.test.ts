import { describe, expect, test } from 'bun:test';
import { efficiency } from './performance';
import { dutyMs, efficiencyTone, ordersPerHour } from './rider-route';

const H = 3_600_000;

describe('dutyMs: time on duty in a window, less completed breaks', () => {
  test('a closed shift inside the window, with one completed break', () => {
    expect(dutyMs([{ start: 1 * H, end: 5 * H, breaks: [{ start: 2 * H, end: 2.5 * H }] }], 0, 10 * H)).toBe(3.5 * H);
  });
  test('an open shift runs to the end of the window; an ongoing break still counts', () => {
    expect(dutyMs([{ start: 2 * H, end: null, breaks: [{ start: 3 * H, end: null }] }], 0, 6 * H)).toBe(4 * H);
  });
  test('a shift from yesterday counts only from midnight; a break before midnight takes nothing', () => {
    expect(dutyMs([{ start: -3 * H, end: 2 * H, breaks: [{ start: -2 * H, end: -1 * H }, { start: 1 * H, end: 1.25 * H }] }], 0, 10 * H)).toBe(1.75 * H);
  });
  test('no shifts: 0', () => expect(dutyMs([], 0, H)).toBe(0));
});

describe('efficiency = orders per hour / 3 × 100, capped 0–100', () => {
  test('0 hours on duty gives 0, not infinity', () => {
    expect(ordersPerHour(5, 0)).toBe(0);
    expect(efficiency(ordersPerHour(5, 0))).toBe(0);
  });
  test('the formula and its caps', () => {
    expect(efficiency(1.5)).toBe(50);
    expect(efficiency(3)).toBe(100);
    expect(efficiency(7)).toBe(100);
    expect(efficiency(-1)).toBe(0);
    expect(efficiency(Number.NaN)).toBe(0);
  });
  test('colours: green at 80 or above, yellow at 60 or above, otherwise red', () => {
    expect([efficiencyTone(80), efficiencyTone(79.9), efficiencyTone(60), efficiencyTone(59)]).toEqual(['success', 'warning', 'warning', 'error']);
  });
});
