import { describe, expect, test } from 'bun:test';
import { dutyOf } from './duty';
import { monthToDate } from './period';

const ms = (iso: string) => Date.parse(iso);

describe('monthToDate', () => {
  test('the calendar month in the zone, cut at now', () => {
    // 00:30 on 1 May in Kuwait is still 30 April in UTC.
    const p = monthToDate(new Date('2026-04-30T21:30:00Z'), 'Asia/Kuwait');
    expect(p).toMatchObject({ from: '2026-05-01', to: '2026-05-01', start: new Date('2026-04-30T21:00:00Z') });
    expect(p.days).toEqual([{ date: '2026-05-01', week: '2026-04-26', start: ms('2026-04-30T21:00:00Z'), end: ms('2026-04-30T21:30:00Z') }]);
    // 20:30Z is 00:30 on 1 May in Dubai but 23:30 on 30 April in Kuwait.
    expect(monthToDate(new Date('2026-04-30T20:30:00Z'), 'Asia/Dubai').from).toBe('2026-05-01');
    expect(monthToDate(new Date('2026-04-30T20:30:00Z'), 'Asia/Kuwait').from).toBe('2026-04-01');
  });

  test('one local day per date, Sunday-based weeks', () => {
    const p = monthToDate(new Date('2026-05-20T09:00:00Z'), 'Asia/Kuwait');
    expect(p.days).toHaveLength(20);
    expect(p.days[9]).toEqual({ date: '2026-05-10', week: '2026-05-10', start: ms('2026-05-09T21:00:00Z'), end: ms('2026-05-10T21:00:00Z') });
    expect(p.days[15]!.week).toBe('2026-05-10');
    expect(p.days[16]!.week).toBe('2026-05-17');
  });
});

describe('dutyOf', () => {
  const period = monthToDate(new Date('2026-05-20T09:00:00Z'), 'Asia/Kuwait');

  test('an ongoing break still counts as worked time and ends the stretch count', () => {
    const d = dutyOf('r', [{ start: ms('2026-05-20T02:00:00Z'), end: null, breaks: [{ start: ms('2026-05-20T08:00:00Z'), end: null }] }], period);
    expect(d).toMatchObject({ workedMs: 7 * 3_600_000, breaks: 0, breakMs: 0, longStretches: 1, overtimeMs: 0, longDays: [] });
  });

  test('a shift across local midnight is split between the two days; overtime is per day', () => {
    // 20:00 on 5 May to 07:00 on 6 May in Kuwait, with a 1 h break at 02:00: 4 h, then 6 h.
    const d = dutyOf('r', [{ start: ms('2026-05-05T17:00:00Z'), end: ms('2026-05-06T04:00:00Z'), breaks: [{ start: ms('2026-05-05T23:00:00Z'), end: ms('2026-05-06T00:00:00Z') }] }], period);
    expect(d.days).toEqual([
      { date: '2026-05-05', ms: 4 * 3_600_000 },
      { date: '2026-05-06', ms: 6 * 3_600_000 },
    ]);
    expect(d).toMatchObject({ workedMs: 10 * 3_600_000, overtimeMs: 0, breaks: 1, breakMs: 3_600_000, longStretches: 1, longDays: [] });
  });

  test('exactly 10 h in a day is not over the limit; 10 h 1 min is', () => {
    const day = (end: string) => dutyOf('r', [{ start: ms('2026-05-07T05:00:00Z'), end: ms(end), breaks: [{ start: ms('2026-05-07T09:00:00Z'), end: ms('2026-05-07T10:00:00Z') }] }], period);
    expect(day('2026-05-07T16:00:00Z').longDays).toEqual([]);
    expect(day('2026-05-07T16:01:00Z').longDays).toEqual([{ date: '2026-05-07', hours: 10.02 }]);
  });
});
