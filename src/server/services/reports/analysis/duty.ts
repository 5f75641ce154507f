import type { Db } from '../../../../../db/client';
import { dutyMs, type ShiftSpan } from '../../../../shared/rider-route';
import { shiftsBetween } from '../../rider';
import type { AnalysisPeriod } from './period';
import { RULES } from './rules';

const HOUR = 3_600_000;

/** One rider's duty in the period: worked time is time on duty less completed breaks (rider-route dutyMs). */
export interface RiderDuty {
  riderId: string;
  shifts: number;
  workedMs: number;
  breaks: number;
  breakMs: number;
  /** Local days worked, with their worked time. */
  days: { date: string; ms: number }[];
  overtimeMs: number;
  /** Days over RULES.maxDayHours and working weeks (from the day after the company's weekend) over RULES.maxWeekHours. */
  longDays: { date: string; hours: number }[];
  longWeeks: { weekOf: string; hours: number }[];
  /** Stretches of work longer than RULES.maxStretchHours without a break. */
  longStretches: number;
}

/** Lengths of the stretches of work in a shift (start or a break's end, to the next break or the end) that reach into [from, to]. */
function stretches(shift: ShiftSpan, from: number, to: number): number[] {
  const spans: [number, number][] = [];
  // null once an ongoing break is reached: no work after it yet.
  let at: number | null = shift.start;
  for (const b of [...shift.breaks].sort((x, y) => x.start - y.start)) {
    spans.push([at, b.start]);
    at = b.end;
    if (at === null) break;
  }
  if (at !== null) spans.push([at, shift.end ?? to]);
  return spans.filter(([, end]) => end > from).map(([start, end]) => end - start);
}

export function dutyOf(riderId: string, shifts: readonly ShiftSpan[], period: AnalysisPeriod): RiderDuty {
  const from = period.start.getTime();
  const to = period.end.getTime();
  const workedMs = dutyMs(shifts, from, to);
  const days = period.days.map((d) => ({ date: d.date, week: d.week, ms: dutyMs(shifts, d.start, d.end) })).filter((d) => d.ms > 0);
  const weeks = new Map<string, number>();
  for (const d of days) weeks.set(d.week, (weeks.get(d.week) ?? 0) + d.ms);
  const hours = (ms: number) => Math.round((ms / HOUR) * 100) / 100;
  return {
    riderId,
    shifts: shifts.length,
    workedMs,
    breaks: shifts.reduce((n, s) => n + s.breaks.filter((b) => b.end !== null && b.start >= from && b.start < to).length, 0),
    // The completed breaks' share of the period: duty without breaks less duty with them.
    breakMs: dutyMs(shifts.map((s) => ({ ...s, breaks: [] })), from, to) - workedMs,
    days: days.map(({ date, ms }) => ({ date, ms })),
    // Whole minutes, so a few seconds past 8 h is not overtime.
    overtimeMs: days.reduce((n, d) => n + Math.max(0, Math.floor((d.ms - RULES.normalDayHours * HOUR) / 60_000) * 60_000), 0),
    longDays: days.filter((d) => d.ms > RULES.maxDayHours * HOUR).map((d) => ({ date: d.date, hours: hours(d.ms) })),
    longWeeks: [...weeks].filter(([, ms]) => ms > RULES.maxWeekHours * HOUR).map(([weekOf, ms]) => ({ weekOf, hours: hours(ms) })),
    longStretches: shifts.reduce((n, s) => n + stretches(s, from, to).filter((ms) => ms > RULES.maxStretchHours * HOUR).length, 0),
  };
}

/** Each rider's duty in the period, from their shifts and breaks. */
export async function dutyByRider(db: Db, riderIds: readonly string[], period: AnalysisPeriod): Promise<Map<string, RiderDuty>> {
  const all = await Promise.all(riderIds.map(async (id) => dutyOf(id, await shiftsBetween(db, id, period.start, period.end), period)));
  return new Map(all.map((d) => [d.riderId, d]));
}
