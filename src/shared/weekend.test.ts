import { describe, expect, test } from 'bun:test';
import { isWeekend, REGION_WEEKEND, setWeekendInput, weekendOf, weekStartDay, weekStartOf } from './weekend';

// 2026-03-13 is a Friday; 2026-03-15 a Sunday.
const FRIDAY_NOON_KUWAIT = Date.parse('2026-03-13T09:00:00Z');

describe('weekend helpers', () => {
  test('region defaults and a company’s own choice', () => {
    expect(REGION_WEEKEND).toEqual({ kuwait: 'fri-sat', uae: 'sat-sun' });
    expect(weekendOf({ region: 'kuwait', weekend: null })).toBe('fri-sat');
    expect(weekendOf({ region: 'uae' })).toBe('sat-sun');
    expect(weekendOf({ region: 'uae', weekend: 'fri-sat' })).toBe('fri-sat');
  });
  test('a Friday in Kuwait is weekend; a Friday for a Sat–Sun UAE company is not', () => {
    expect(isWeekend(FRIDAY_NOON_KUWAIT, 'fri-sat', 'Asia/Kuwait')).toBe(true);
    expect(isWeekend(FRIDAY_NOON_KUWAIT, 'sat-sun', 'Asia/Dubai')).toBe(false);
    expect(isWeekend('2026-03-15', 'sat-sun', 'Asia/Dubai')).toBe(true);
    expect(isWeekend('2026-03-15', 'fri-sat', 'Asia/Kuwait')).toBe(false);
  });
  test('the local day decides: 22:30 UTC Thursday is already Friday in Kuwait', () => {
    const late = Date.parse('2026-03-12T22:30:00Z');
    expect(isWeekend(late, 'fri-sat', 'Asia/Kuwait')).toBe(true);
    expect(isWeekend(late, 'fri-sat', 'UTC')).toBe(false);
  });
  test('the working week starts the day after the weekend', () => {
    expect(weekStartDay('fri-sat')).toBe(0);
    expect(weekStartDay('sat-sun')).toBe(1);
    expect(weekStartOf('2026-03-13', 'fri-sat')).toBe('2026-03-08');
    expect(weekStartOf('2026-03-15', 'fri-sat')).toBe('2026-03-15');
    expect(weekStartOf('2026-03-15', 'sat-sun')).toBe('2026-03-09');
    expect(weekStartOf('2026-03-16', 'sat-sun')).toBe('2026-03-16');
  });
  test('setWeekend input: a weekend or null, nothing else', () => {
    expect(setWeekendInput.parse({ weekend: 'sat-sun' })).toEqual({ weekend: 'sat-sun' });
    expect(setWeekendInput.parse({ weekend: null })).toEqual({ weekend: null });
    expect(setWeekendInput.safeParse({ weekend: 'thu-fri' }).success).toBe(false);
    expect(setWeekendInput.safeParse({}).success).toBe(false);
  });
});
