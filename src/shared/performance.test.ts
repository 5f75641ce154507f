import { describe, expect, test } from 'bun:test';
import { computePerformance, efficiency, efficiencyTone, ordersPerHour, workingHours } from './performance';

const H = 3_600_000;
const start = Date.UTC(2026, 10, 22, 5, 0, 0);

describe('working hours', () => {
  test('off duty, or no time elapsed: 0 hours', () => {
    expect(workingHours(null, [], start + H)).toBe(0);
    expect(workingHours(start, [], start)).toBe(0);
    expect(workingHours(start, [], start - 1000)).toBe(0);
  });

  test('completed breaks are excluded; a break still going on is not', () => {
    const breaks = [
      { start: start + H, end: start + 1.5 * H },
      { start: start + 3 * H, end: null },
    ];
    expect(workingHours(start, breaks, start + 4 * H)).toBeCloseTo(3.5, 9);
    expect(workingHours(start, [], start + 4 * H)).toBeCloseTo(4, 9);
  });

  test('a break is clipped to the duty and to now', () => {
    expect(workingHours(start, [{ start: start - H, end: start + 0.5 * H }], start + 2 * H)).toBeCloseTo(1.5, 9);
    expect(workingHours(start, [{ start: start + H, end: start + 5 * H }], start + 2 * H)).toBeCloseTo(1, 9);
  });
});

describe('rate and efficiency', () => {
  test('0 hours gives a rate of 0, never Infinity or NaN', () => {
    expect(ordersPerHour(5, 0)).toBe(0);
    expect(ordersPerHour(0, 0)).toBe(0);
    expect(efficiency(ordersPerHour(5, 0))).toBe(0);
  });

  test('efficiency = rate / 3 × 100, capped at 0 and 100', () => {
    expect(efficiency(1.5)).toBe(50);
    expect(efficiency(3)).toBe(100);
    expect(efficiency(7)).toBe(100);
    expect(efficiency(-1)).toBe(0);
    expect(efficiency(Number.NaN)).toBe(0);
  });

  test('float noise does not move a rate across a threshold', () => {
    expect(efficiency(2.4)).toBe(80);
    expect(efficiencyTone(efficiency(2.4))).toBe('green');
    expect(efficiency(1.8)).toBe(60);
    expect(efficiencyTone(efficiency(1.8))).toBe('yellow');
  });

  test('colours: green at exactly 80, yellow at exactly 60, red below', () => {
    expect(efficiencyTone(100)).toBe('green');
    expect(efficiencyTone(80)).toBe('green');
    expect(efficiencyTone(79.9)).toBe('yellow');
    expect(efficiencyTone(60)).toBe('yellow');
    expect(efficiencyTone(59.9)).toBe('red');
    expect(efficiencyTone(0)).toBe('red');
  });
});

describe('computePerformance', () => {
  test('a 4-hour duty with a 1-hour completed break and 6 orders: 2 per hour, 66.7 %', () => {
    const m = computePerformance({
      startTime: start,
      breaks: [{ start: start + H, end: start + 2 * H }],
      ordersCompleted: 6,
      // Six orders of 10, 14, 6, 8, 12 and 10 minutes: the average is their mean, not duty time ÷ orders.
      orderTimes: [10, 14, 6, 8, 12, 10].map((min, i) => ({ startedAt: start + i * 30 * 60_000, deliveredAt: start + i * 30 * 60_000 + min * 60_000 })),
      distanceKm: 31.456,
      cashCollected: 12.75,
      now: start + 4 * H,
    });
    expect(m).toEqual({ ordersCompleted: 6, ordersPerHour: 2, totalDistance: 31.5, averageOrderTime: 10, cashCollected: 12.75, efficiency: 66.7, workingHours: 3 });
    expect(efficiencyTone(m.efficiency)).toBe('yellow');
  });

  test('off duty: everything 0', () => {
    const m = computePerformance({ startTime: null, breaks: [], ordersCompleted: 0, orderTimes: [], distanceKm: 0, cashCollected: 0, now: start });
    expect(m).toEqual({ ordersCompleted: 0, ordersPerHour: 0, totalDistance: 0, averageOrderTime: 0, cashCollected: 0, efficiency: 0, workingHours: 0 });
  });

  test('exactly 2.4 orders per hour is 80 % and green; 1.8 is 60 % and yellow', () => {
    const at80 = computePerformance({ startTime: start, breaks: [], ordersCompleted: 12, orderTimes: [], distanceKm: 0, cashCollected: 0, now: start + 5 * H });
    expect([at80.ordersPerHour, at80.efficiency, efficiencyTone(at80.efficiency)]).toEqual([2.4, 80, 'green']);
    const at60 = computePerformance({ startTime: start, breaks: [], ordersCompleted: 9, orderTimes: [], distanceKm: 0, cashCollected: 0, now: start + 5 * H });
    expect([at60.ordersPerHour, at60.efficiency, efficiencyTone(at60.efficiency)]).toEqual([1.8, 60, 'yellow']);
  });

  test('issue 21: one 6-minute delivery 199 minutes into the duty averages 6 minutes', () => {
    const m = computePerformance({ startTime: start, breaks: [], ordersCompleted: 1, orderTimes: [{ startedAt: start + 193 * 60_000, deliveredAt: start + 199 * 60_000 }], distanceKm: 0, cashCollected: 0, now: start + 199 * 60_000 });
    expect(m.averageOrderTime).toBe(6);
  });

  test('working hours and the rate sent are capped at the schema’s 24 h and 1000 per hour', () => {
    const m = computePerformance({ startTime: start, breaks: [], ordersCompleted: 1, orderTimes: [], distanceKm: 0, cashCollected: 0, now: start + 30 * H });
    expect(m.workingHours).toBe(24);
    const quick = computePerformance({ startTime: start, breaks: [], ordersCompleted: 1, orderTimes: [], distanceKm: 0, cashCollected: 0, now: start + 2_000 });
    expect([quick.ordersPerHour, quick.efficiency]).toEqual([1000, 100]);
  });
});
