import { describe, expect, test } from 'bun:test';
import { localIso, startOfDayInZone, zoneOffsetMinutes } from './time';

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

describe('local time with its offset (exports, issue 21 item 5)', () => {
  test('Kuwait +03:00, Dubai +04:00, UTC +00:00, to the second, across a local midnight', () => {
    const at = new Date('2026-03-10T21:30:15.789Z');
    expect(localIso(at, 'Asia/Kuwait')).toBe('2026-03-11T00:30:15+03:00');
    expect(localIso(at, 'Asia/Dubai')).toBe('2026-03-11T01:30:15+04:00');
    expect(localIso(at, 'UTC')).toBe('2026-03-10T21:30:15+00:00');
    expect(localIso(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(new Date(localIso(at, 'Asia/Dubai')).getTime()).toBe(Date.parse('2026-03-10T21:30:15Z'));
  });
});
