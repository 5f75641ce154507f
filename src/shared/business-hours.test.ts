import { describe, expect, test } from 'bun:test';
import { isOpenAt } from './business-hours';

/** Kuwait is UTC+3 all year. */
const kuwait = (iso: string) => new Date(`${iso}+03:00`);

describe('business hours (Sun-Thu 8-18, Fri-Sat 9-16, Kuwait time)', () => {
  test('weekdays open at 8 and close at 18', () => {
    expect(isOpenAt(kuwait('2026-11-22T07:59:00'))).toBe(false); // Sunday
    expect(isOpenAt(kuwait('2026-11-22T08:00:00'))).toBe(true);
    expect(isOpenAt(kuwait('2026-11-26T17:59:00'))).toBe(true); // Thursday
    expect(isOpenAt(kuwait('2026-11-26T18:00:00'))).toBe(false);
  });

  test('Friday and Saturday open at 9 and close at 16', () => {
    expect(isOpenAt(kuwait('2026-11-27T08:30:00'))).toBe(false); // Friday
    expect(isOpenAt(kuwait('2026-11-27T09:00:00'))).toBe(true);
    expect(isOpenAt(kuwait('2026-11-28T15:59:00'))).toBe(true); // Saturday
    expect(isOpenAt(kuwait('2026-11-28T16:00:00'))).toBe(false);
  });

  test('judged on Kuwait’s clock, not the browser’s: 06:30 UTC on a Sunday is 09:30 in Kuwait', () => {
    expect(isOpenAt(new Date('2026-11-22T06:30:00Z'))).toBe(true);
    expect(isOpenAt(new Date('2026-11-22T15:30:00Z'))).toBe(false);
  });
});
