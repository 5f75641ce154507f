import { describe, expect, test } from 'bun:test';
import { en } from '../i18n/en';
import { hijriOf, isRamadan } from './hijri';
import {
  DEFAULT_RULE_SETTINGS,
  dutyRestriction,
  evaluateRules,
  hoursState,
  iftarWindow,
  minuteClock,
  orderRestriction,
  rulesToday,
  SEASONAL_RULES,
  sunsetOn,
  clockTime,
  type RegionRuleSettings,
  type VehicleType,
} from './rules';

/** Fixed clocks: Kuwait is UTC+3, the UAE UTC+4, all year. */
const kw = (iso: string) => new Date(`${iso}+03:00`);
const ae = (iso: string) => new Date(`${iso}+04:00`);
const on = DEFAULT_RULE_SETTINGS;
const verdict = (region: 'kuwait' | 'uae', vehicle: VehicleType, now: Date, settings: RegionRuleSettings = on, workedMinutes = 0) =>
  evaluateRules({ region, vehicle, now, settings, workedMinutes });
const blocked = (...a: Parameters<typeof verdict>) => orderRestriction(verdict(...a))?.rule ?? null;

describe('Kuwait summer midday ban (1 June–31 August, 11:00–16:00)', () => {
  test('15 July 12:00: a motorcycle is blocked until 16:00, a car is not; 15 October 12:00: nobody', () => {
    const r = orderRestriction(verdict('kuwait', 'motorcycle', kw('2026-07-15T12:00')));
    expect(r).toEqual({ rule: 'summer_ban', blocks: 'orders', start: kw('2026-07-15T11:00'), end: kw('2026-07-15T16:00') });
    expect(blocked('kuwait', 'bicycle', kw('2026-07-15T12:00'))).toBe('summer_ban');
    expect(blocked('kuwait', 'car', kw('2026-07-15T12:00'))).toBeNull();
    expect(blocked('kuwait', 'van', kw('2026-07-15T12:00'))).toBeNull();
    expect(blocked('kuwait', 'motorcycle', kw('2026-10-15T12:00'))).toBeNull();
  });

  test('the window is [11:00, 16:00): 10:59 and 16:00 are free, 11:00 and 15:59 are not', () => {
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T10:59'))).toBeNull();
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T11:00'))).toBe('summer_ban');
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T15:59'))).toBe('summer_ban');
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T16:00'))).toBeNull();
  });

  test('the season: 31 May and 1 September are free, 1 June and 31 August are not', () => {
    expect(blocked('kuwait', 'motorcycle', kw('2026-05-31T12:00'))).toBeNull();
    expect(blocked('kuwait', 'motorcycle', kw('2026-06-01T11:00'))).toBe('summer_ban');
    expect(blocked('kuwait', 'motorcycle', kw('2026-08-31T15:59'))).toBe('summer_ban');
    expect(blocked('kuwait', 'motorcycle', kw('2026-09-01T12:00'))).toBeNull();
  });

  test('switched off, or in the UAE, the Kuwait ban does not apply', () => {
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T12:00'), { ...on, summerMotorcycleBan: false })).toBeNull();
    // 12:00 Kuwait = 13:00 Dubai: inside the UAE's own break instead.
    expect(blocked('uae', 'motorcycle', kw('2026-07-15T12:00'))).toBe('midday_break');
    expect(blocked('uae', 'motorcycle', ae('2026-07-15T12:00'))).toBeNull();
  });

  test('an hour before, the pause shows as upcoming', () => {
    const v = verdict('kuwait', 'motorcycle', kw('2026-07-15T10:15'));
    expect(v.active).toEqual([]);
    expect(v.upcoming.map((r) => [r.rule, clockTime(r.start, 'Asia/Kuwait')])).toEqual([['summer_ban', '11:00']]);
    expect(verdict('kuwait', 'motorcycle', kw('2026-07-15T09:59')).upcoming).toEqual([]);
    expect(verdict('kuwait', 'car', kw('2026-07-15T10:15')).upcoming).toEqual([]);
  });
});

describe('UAE midday break (15 June–15 September, 12:30–15:00)', () => {
  test('boundaries of the day and of the season', () => {
    expect(blocked('uae', 'motorcycle', ae('2026-07-15T12:29'))).toBeNull();
    expect(blocked('uae', 'motorcycle', ae('2026-07-15T12:30'))).toBe('midday_break');
    expect(blocked('uae', 'motorcycle', ae('2026-07-15T14:59'))).toBe('midday_break');
    expect(blocked('uae', 'motorcycle', ae('2026-07-15T15:00'))).toBeNull();
    expect(blocked('uae', 'motorcycle', ae('2026-06-14T13:00'))).toBeNull();
    expect(blocked('uae', 'motorcycle', ae('2026-06-15T13:00'))).toBe('midday_break');
    expect(blocked('uae', 'motorcycle', ae('2026-09-15T13:00'))).toBe('midday_break');
    expect(blocked('uae', 'motorcycle', ae('2026-09-16T13:00'))).toBeNull();
  });

  test('riders in the open only; off when switched off', () => {
    expect(blocked('uae', 'bicycle', ae('2026-08-01T13:00'))).toBe('midday_break');
    expect(blocked('uae', 'car', ae('2026-08-01T13:00'))).toBeNull();
    expect(blocked('uae', 'van', ae('2026-08-01T13:00'))).toBeNull();
    expect(blocked('uae', 'motorcycle', ae('2026-08-01T13:00'), { ...on, summerMiddayBreak: false })).toBeNull();
  });
});

describe('Ramadan and iftar', () => {
  test('Umm al-Qura through Intl: Ramadan 1447 is 18 February–19 March 2026, Ramadan 1446 1–29 March 2025', () => {
    expect(hijriOf(2026, 2, 17)).toEqual({ year: 1447, month: 8, day: 29 });
    expect(hijriOf(2026, 2, 18)).toEqual({ year: 1447, month: 9, day: 1 });
    expect(hijriOf(2026, 3, 19)).toEqual({ year: 1447, month: 9, day: 30 });
    expect(hijriOf(2026, 3, 20)).toEqual({ year: 1447, month: 10, day: 1 });
    expect([isRamadan(2025, 2, 28), isRamadan(2025, 3, 1), isRamadan(2025, 3, 29), isRamadan(2025, 3, 30)]).toEqual([false, true, true, false]);
    expect(isRamadan(2026, 7, 15)).toBe(false);
  });

  test('Kuwait City sunset matches the Al-Ujairi Scientific Center within 2 minutes', () => {
    // Published: 21 June 2023 sunset 18:50; 16 March 2022 sunrise and sunset both 5:57 (KUNA).
    const at = (y: number, m: number, d: number) => sunsetOn('kuwait', { y, m, d })!.getTime();
    expect(Math.abs(at(2023, 6, 21) - kw('2023-06-21T18:50').getTime())).toBeLessThanOrEqual(2 * 60_000);
    expect(Math.abs(at(2022, 3, 16) - kw('2022-03-16T17:57').getTime())).toBeLessThanOrEqual(2 * 60_000);
    expect(clockTime(sunsetOn('kuwait', { y: 2026, m: 6, d: 15 })!, 'Asia/Kuwait')).toBe('18:49');
  });

  test("Dubai sunset is 2–6 minutes before the published Maghrib (the calendar's precaution)", () => {
    // IACAD: iftar 18:35 on 23 March 2023 (1 Ramadan 1444); Awqaf: Maghrib 18:29 on 11 March 2025.
    for (const [date, maghrib] of [['2023-03-23', '18:35'], ['2025-03-11', '18:29']] as const) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const early = ae(`${date}T${maghrib}`).getTime() - sunsetOn('uae', { y, m, d })!.getTime();
      expect(early).toBeGreaterThanOrEqual(2 * 60_000);
      expect(early).toBeLessThanOrEqual(6 * 60_000);
    }
  });

  test('1 Ramadan 1447 in Kuwait: orders pause from 15 minutes before sunset to 30 after, for every vehicle', () => {
    const w = iftarWindow('kuwait', { y: 2026, m: 2, d: 18 })!;
    expect([clockTime(w.start, 'Asia/Kuwait'), clockTime(w.end, 'Asia/Kuwait')]).toEqual(['17:25', '18:10']);
    for (const vehicle of ['motorcycle', 'car', 'van', 'bicycle'] as const) {
      expect(blocked('kuwait', vehicle, kw('2026-02-18T17:40'))).toBe('iftar_pause');
    }
    expect(blocked('kuwait', 'car', kw('2026-02-18T17:24'))).toBeNull();
    expect(blocked('kuwait', 'car', kw('2026-02-18T17:25'))).toBe('iftar_pause');
    expect(blocked('kuwait', 'car', kw('2026-02-18T18:09'))).toBe('iftar_pause');
    expect(blocked('kuwait', 'car', kw('2026-02-18T18:10'))).toBeNull();
    expect(orderRestriction(verdict('kuwait', 'car', kw('2026-02-18T17:40')))?.end).toEqual(w.end);
  });

  test('no pause the day before Ramadan, after it, or when switched off', () => {
    expect(iftarWindow('kuwait', { y: 2026, m: 2, d: 17 })).toBeNull();
    expect(iftarWindow('uae', { y: 2026, m: 3, d: 20 })).toBeNull();
    expect(blocked('kuwait', 'car', kw('2026-02-18T17:40'), { ...on, iftarPause: false })).toBeNull();
    expect(blocked('uae', 'car', ae('2026-03-01T18:30'))).toBe('iftar_pause');
  });
});

describe('maximum daily hours', () => {
  test('warning inside the last warnBeforeMinutes, refusal at the maximum', () => {
    expect(hoursState(on, 569)).toEqual({ workedMinutes: 569, maxMinutes: 600, remainingMinutes: 31, warning: false, reached: false });
    expect(hoursState(on, 570)).toEqual({ workedMinutes: 570, maxMinutes: 600, remainingMinutes: 30, warning: true, reached: false });
    expect(hoursState(on, 600)).toEqual({ workedMinutes: 600, maxMinutes: 600, remainingMinutes: 0, warning: false, reached: true });
    expect(hoursState({ maxDailyHours: 8.5, warnBeforeMinutes: 0 }, 509).warning).toBe(false);
  });

  test('at the maximum, duty and orders stop until midnight (any vehicle, any season)', () => {
    const now = kw('2026-10-15T20:00');
    const v = verdict('kuwait', 'car', now, on, 600);
    expect(dutyRestriction(v)).toEqual({ rule: 'max_hours', blocks: 'duty', start: now, end: kw('2026-10-16T00:00') });
    expect(orderRestriction(v)?.rule).toBe('max_hours');
    expect(dutyRestriction(verdict('kuwait', 'car', now, on, 599))).toBeNull();
    // Inside a ban the day's maximum still ends last, so it is the reason named.
    expect(blocked('kuwait', 'motorcycle', kw('2026-07-15T12:00'), on, 600)).toBe('max_hours');
    // A pause alone never stops a duty.
    expect(dutyRestriction(verdict('kuwait', 'motorcycle', kw('2026-07-15T12:00')))).toBeNull();
  });
});

describe("today's state for the company card", () => {
  test('Kuwait in July: the ban is active until 16:00, later before 11:00, ended after; iftar out of Ramadan', () => {
    const states = (now: Date, s = on) => rulesToday('kuwait', now, s).map((r) => [r.rule, r.state, r.window ? clockTime(r.window.end, 'Asia/Kuwait') : null]);
    expect(states(kw('2026-07-15T12:00'))).toEqual([['summer_ban', 'active', '16:00'], ['iftar_pause', 'idle', null], ['max_hours', 'idle', null]]);
    expect(states(kw('2026-07-15T09:00'))[0]).toEqual(['summer_ban', 'later', '16:00']);
    expect(states(kw('2026-07-15T17:00'))[0]).toEqual(['summer_ban', 'ended', '16:00']);
    expect(states(kw('2026-10-15T12:00'))[0]).toEqual(['summer_ban', 'idle', null]);
    expect(states(kw('2026-07-15T12:00'), { ...on, summerMotorcycleBan: false })[0]).toEqual(['summer_ban', 'off', '16:00']);
    expect(rulesToday('uae', ae('2026-03-01T18:30'), on).map((r) => [r.rule, r.state])).toEqual([['midday_break', 'idle'], ['iftar_pause', 'active'], ['max_hours', 'idle']]);
  });

  test('the catalog texts state the same dates and hours as the engine', () => {
    const b = SEASONAL_RULES.summer_ban;
    const m = SEASONAL_RULES.midday_break;
    expect(en['rules.about.summer_ban']).toContain(`${minuteClock(b.window.from)}–${minuteClock(b.window.to)}`);
    expect(en['rules.about.summer_ban']).toStartWith('1 June to 31 August');
    expect(en['rules.about.midday_break']).toContain(`${minuteClock(m.window.from)}–${minuteClock(m.window.to)}`);
    expect(en['rules.about.midday_break']).toStartWith('15 June to 15 September');
    expect([b.season, m.season]).toEqual([{ from: [6, 1], to: [8, 31] }, { from: [6, 15], to: [9, 15] }]);
  });
});
