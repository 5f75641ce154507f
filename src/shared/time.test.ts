import { describe, expect, test } from 'bun:test';
import { startOfDayInZone, zoneOffsetMinutes } from './time';

describe('business days in Gulf time zones', () => {
  test('Asia/Kuwait is UTC+3 and Asia/Dubai UTC+4', () => {
    expect(zoneOffsetMinutes('Asia/Kuwait', new Date('2026-01-15T12:00:00Z'))).toBe(180);
    expect(zoneOffsetMinutes('Asia/Dubai', new Date('2026-07-15T12:00:00Z'))).toBe(240);
  });

  test('start of day in Kuwait is 21:00 UTC of the previous UTC day', () => {
    expect(startOfDayInZone(new Date('2026-03-10T12:00:00Z'), 'Asia/Kuwait').toISOString()).toBe('2026-03-09T21:00:00.000Z');
  });

  test('just after local midnight belongs to the new local day', () => {
    // 21:30 UTC on 10 March is 00:30 on 11 March in Kuwait.
    expect(startOfDayInZone(new Date('2026-03-10T21:30:00Z'), 'Asia/Kuwait').toISOString()).toBe('2026-03-10T21:00:00.000Z');
    // 20:59:59 UTC is still 10 March in Kuwait.
    expect(startOfDayInZone(new Date('2026-03-10T20:59:59Z'), 'Asia/Kuwait').toISOString()).toBe('2026-03-09T21:00:00.000Z');
    // Exactly midnight local.
    expect(startOfDayInZone(new Date('2026-03-10T21:00:00Z'), 'Asia/Kuwait').toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });

  test('Dubai day starts at 20:00 UTC', () => {
    expect(startOfDayInZone(new Date('2026-03-10T19:59:00Z'), 'Asia/Dubai').toISOString()).toBe('2026-03-09T20:00:00.000Z');
    expect(startOfDayInZone(new Date('2026-03-10T20:00:00Z'), 'Asia/Dubai').toISOString()).toBe('2026-03-10T20:00:00.000Z');
  });
});
