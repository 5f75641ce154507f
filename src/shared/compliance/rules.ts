/**
 * Working rules per region (issue 9), as a pure function of the clock: no database, no I/O.
 * The dates, hours and sources are in docs/compliance.md; keep the two in step.
 *
 * - Kuwait, summer midday ban: 1 June–31 August, 11:00–16:00 Kuwait time, for riders in the open
 *   (motorcycles and bicycles). Cars and vans (air-conditioned cabins) are not affected.
 * - UAE, midday break: 15 June–15 September, 12:30–15:00 UAE time, for the same riders.
 * - Ramadan (Umm al-Qura month 9), both regions: no new orders from 15 minutes before sunset to
 *   30 minutes after (iftar), for every vehicle.
 * - Daily hours: worked minutes today (duty minus breaks, the zone's day) against the maximum;
 *   a warning inside the last `warnBeforeMinutes`, no duty or orders once reached.
 *
 * Windows are half-open [start, end): at 11:00 the Kuwait ban is on, at 16:00 it is over.
 */
import type { RegionId } from '../regions';
import type { VEHICLE_TYPES } from '../schemas/fields';
import { zoneOffsetMinutes } from '../time';
import { dateTimeFormat } from '../intl';
import { isRamadan } from './hijri';
import { REGION_COORDINATES, sunsetUtc } from './sun';

export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface RegionRuleSettings {
  summerMotorcycleBan: boolean;
  summerMiddayBreak: boolean;
  iftarPause: boolean;
  maxDailyHours: number;
  warnBeforeMinutes: number;
}

/** The region_rules row's defaults (db/schema/compliance.ts), used when a region has no row. */
export const DEFAULT_RULE_SETTINGS: RegionRuleSettings = {
  summerMotorcycleBan: true,
  summerMiddayBreak: true,
  iftarPause: true,
  maxDailyHours: 10,
  warnBeforeMinutes: 30,
};

/** The iftar pause around sunset, in minutes (docs/compliance.md). */
export const IFTAR_PAUSE = { beforeMinutes: 15, afterMinutes: 30 } as const;

export const RULE_IDS = ['summer_ban', 'midday_break', 'iftar_pause', 'max_hours'] as const;
export type RuleId = (typeof RULE_IDS)[number];
export type SeasonalRuleId = 'summer_ban' | 'midday_break';

/** Vehicles whose rider works in the open: the summer rules pause them. */
export const OPEN_VEHICLES: readonly VehicleType[] = ['motorcycle', 'bicycle'];

export interface SeasonalRule {
  id: SeasonalRuleId;
  region: RegionId;
  setting: 'summerMotorcycleBan' | 'summerMiddayBreak';
  /** First and last day of the season, [month 1–12, day], both included. */
  season: { from: readonly [number, number]; to: readonly [number, number] };
  /** Local minutes since midnight: [from, to). */
  window: { from: number; to: number };
  vehicles: readonly VehicleType[];
}

export const SEASONAL_RULES: Record<SeasonalRuleId, SeasonalRule> = {
  summer_ban: {
    id: 'summer_ban',
    region: 'kuwait',
    setting: 'summerMotorcycleBan',
    season: { from: [6, 1], to: [8, 31] },
    window: { from: 11 * 60, to: 16 * 60 },
    vehicles: OPEN_VEHICLES,
  },
  midday_break: {
    id: 'midday_break',
    region: 'uae',
    setting: 'summerMiddayBreak',
    season: { from: [6, 15], to: [9, 15] },
    window: { from: 12 * 60 + 30, to: 15 * 60 },
    vehicles: OPEN_VEHICLES,
  },
};

/** The rules each region has, in the order screens list them. */
export const REGION_RULES: Record<RegionId, readonly RuleId[]> = {
  kuwait: ['summer_ban', 'iftar_pause', 'max_hours'],
  uae: ['midday_break', 'iftar_pause', 'max_hours'],
};

const ZONES: Record<RegionId, string> = { kuwait: 'Asia/Kuwait', uae: 'Asia/Dubai' };
export const zoneOf = (region: RegionId) => ZONES[region];

// ---- calendar helpers in a zone ------------------------------------------------------------

export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

/** The calendar date at `at` in the zone. */
export function localDate(at: Date, timeZone: string): LocalDate {
  const local = new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * 60_000);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** The instant of local minute `minutes` (may exceed 1440) on `date` in the zone. */
export function localInstant(date: LocalDate, minutes: number, timeZone: string): Date {
  const asUtc = Date.UTC(date.y, date.m - 1, date.d) + minutes * 60_000;
  const offset = zoneOffsetMinutes(timeZone, new Date(asUtc));
  return new Date(asUtc - offset * 60_000);
}

/** The next local midnight after `at`: when a new working day (and a new hours budget) begins. */
export const nextMidnight = (at: Date, timeZone: string) => localInstant(localDate(at, timeZone), 24 * 60, timeZone);

/** 'HH:MM' in the zone, 24-hour, Latin digits: the same in English and Arabic sentences. */
export function clockTime(at: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** 'HH:MM' of a local minute of the day (660 → '11:00'). */
export const minuteClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// ---- windows ------------------------------------------------------------------------------

export interface Window {
  start: Date;
  end: Date;
}

const inSeason = (rule: SeasonalRule, date: LocalDate) => {
  const md = date.m * 100 + date.d;
  return md >= rule.season.from[0] * 100 + rule.season.from[1] && md <= rule.season.to[0] * 100 + rule.season.to[1];
};

/** The rule's window on a local date, or null out of season. */
export function seasonalWindow(rule: SeasonalRule, date: LocalDate): Window | null {
  if (!inSeason(rule, date)) return null;
  const zone = zoneOf(rule.region);
  return { start: localInstant(date, rule.window.from, zone), end: localInstant(date, rule.window.to, zone) };
}

/** The local sunset of a date in the region (Kuwait City, Dubai), to the nearest minute (as calendars print it). */
export function sunsetOn(region: RegionId, date: LocalDate): Date | null {
  const { lat, lng } = REGION_COORDINATES[region];
  const at = sunsetUtc(date.y, date.m, date.d, lat, lng);
  return at && new Date(Math.round(at.getTime() / 60_000) * 60_000);
}

/** The iftar pause on a local date, or null when the date is not in Ramadan. */
export function iftarWindow(region: RegionId, date: LocalDate, pause: { beforeMinutes: number; afterMinutes: number } = IFTAR_PAUSE): Window | null {
  if (!isRamadan(date.y, date.m, date.d)) return null;
  const sunset = sunsetOn(region, date);
  if (!sunset) return null;
  return { start: new Date(sunset.getTime() - pause.beforeMinutes * 60_000), end: new Date(sunset.getTime() + pause.afterMinutes * 60_000) };
}

// ---- hours --------------------------------------------------------------------------------

export interface HoursState {
  workedMinutes: number;
  maxMinutes: number;
  remainingMinutes: number;
  /** Within the last `warnBeforeMinutes` of the maximum, not yet at it. */
  warning: boolean;
  /** At or past the maximum: no duty, no orders until tomorrow. */
  reached: boolean;
}

export function hoursState(settings: Pick<RegionRuleSettings, 'maxDailyHours' | 'warnBeforeMinutes'>, workedMinutes: number): HoursState {
  const maxMinutes = Math.round(settings.maxDailyHours * 60);
  const worked = Math.max(0, Math.floor(workedMinutes));
  const remainingMinutes = Math.max(0, maxMinutes - worked);
  const reached = worked >= maxMinutes;
  return { workedMinutes: worked, maxMinutes, remainingMinutes, reached, warning: !reached && remainingMinutes <= settings.warnBeforeMinutes };
}

// ---- the verdict --------------------------------------------------------------------------

export interface Restriction extends Window {
  rule: RuleId;
  /** What it stops: new orders only (the rider may wait on duty), or duty as well. */
  blocks: 'orders' | 'duty';
}

export interface RulesInput {
  region: RegionId;
  vehicle: VehicleType;
  now: Date;
  settings: RegionRuleSettings;
  /** Minutes worked today (duty minus breaks in the zone's day), up to `now`. */
  workedMinutes?: number;
  /** How far ahead `upcoming` looks (minutes). */
  horizonMinutes?: number;
}

export interface RulesVerdict {
  /** In force at `now`, the one ending last first. */
  active: Restriction[];
  /** Starting within the horizon (today's next ban window, tonight's iftar pause). */
  upcoming: Restriction[];
  hours: HoursState;
}

/** Today's windows of the time-of-day rules that are on and concern this vehicle. */
function windowsFor(region: RegionId, vehicle: VehicleType | null, date: LocalDate, settings: RegionRuleSettings): Restriction[] {
  const out: Restriction[] = [];
  for (const id of REGION_RULES[region]) {
    if (id === 'summer_ban' || id === 'midday_break') {
      const rule = SEASONAL_RULES[id];
      if (!settings[rule.setting] || (vehicle && !rule.vehicles.includes(vehicle))) continue;
      const w = seasonalWindow(rule, date);
      if (w) out.push({ rule: id, blocks: 'orders', ...w });
    } else if (id === 'iftar_pause' && settings.iftarPause) {
      const w = iftarWindow(region, date);
      if (w) out.push({ rule: id, blocks: 'orders', ...w });
    }
  }
  return out;
}

/** The restrictions on a rider of `vehicle` in `region` at `now`, with today's hours. */
export function evaluateRules(input: RulesInput): RulesVerdict {
  const { region, vehicle, now, settings } = input;
  const zone = zoneOf(region);
  const today = localDate(now, zone);
  const t = now.getTime();
  const horizon = t + (input.horizonMinutes ?? 60) * 60_000;
  // Every window lies between 11:00 and sunset + 30 min, so today's are all that a short horizon can reach.
  const windows = windowsFor(region, vehicle, today, settings);
  const hours = hoursState(settings, input.workedMinutes ?? 0);
  const active = windows.filter((w) => w.start.getTime() <= t && t < w.end.getTime());
  if (hours.reached) active.push({ rule: 'max_hours', blocks: 'duty', start: now, end: nextMidnight(now, zone) });
  active.sort((a, b) => b.end.getTime() - a.end.getTime());
  const upcoming = windows.filter((w) => w.start.getTime() > t && w.start.getTime() <= horizon).sort((a, b) => a.start.getTime() - b.start.getTime());
  return { active, upcoming, hours };
}

/** The restriction that stops a new order now, or null. */
export const orderRestriction = (v: RulesVerdict) => v.active[0] ?? null;
/** The restriction that stops starting a duty now (only the daily maximum does), or null. */
export const dutyRestriction = (v: RulesVerdict) => v.active.find((r) => r.blocks === 'duty') ?? null;

// ---- today's state of each rule (company card, admin editor) -----------------------------

export type RuleDayState = 'off' | 'active' | 'later' | 'ended' | 'idle';

export interface RuleToday {
  rule: RuleId;
  enabled: boolean;
  /** off: switched off; active: in force now; later: today's window is still ahead; ended: today's is over;
   * idle: not today (out of season, not Ramadan) — for max_hours: on, nothing to show. */
  state: RuleDayState;
  window: Window | null;
}

const enabledOf = (rule: RuleId, s: RegionRuleSettings) =>
  rule === 'max_hours' ? true : rule === 'iftar_pause' ? s.iftarPause : s[SEASONAL_RULES[rule].setting];

/** Each of the region's rules as it stands today (any vehicle). */
export function rulesToday(region: RegionId, now: Date, settings: RegionRuleSettings): RuleToday[] {
  const today = localDate(now, zoneOf(region));
  const t = now.getTime();
  return REGION_RULES[region].map((rule) => {
    const enabled = enabledOf(rule, settings);
    if (rule === 'max_hours') return { rule, enabled, state: 'idle', window: null };
    const window = rule === 'iftar_pause' ? iftarWindow(region, today) : seasonalWindow(SEASONAL_RULES[rule], today);
    if (!enabled) return { rule, enabled, state: 'off', window };
    if (!window) return { rule, enabled, state: 'idle', window: null };
    const state: RuleDayState = t < window.start.getTime() ? 'later' : t < window.end.getTime() ? 'active' : 'ended';
    return { rule, enabled, state, window };
  });
}
