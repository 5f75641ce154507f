import { localIsoDate } from '../../../../shared/schemas/order-import';
import { DAY_MS, startOfDayInZone, startOfMonthInZone } from '../../../../shared/time';
import { weekStartOf, type Weekend } from '../../../../shared/weekend';

export interface LocalDay {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** The first day (YYYY-MM-DD) of its working week: the day after the company's weekend (Sunday for Fri–Sat, Monday for Sat–Sun). */
  week: string;
  start: number;
  end: number;
}

/** Timeframe monthly: the calendar month containing `now` in the zone, up to `now`. */
export interface AnalysisPeriod {
  timeZone: string;
  start: Date;
  end: Date;
  from: string;
  to: string;
  /** Each local day of the period, the last one cut at `now`. */
  days: LocalDay[];
}

export function monthToDate(now: Date, timeZone: string, weekend: Weekend = 'fri-sat'): AnalysisPeriod {
  const start = startOfMonthInZone(now, timeZone);
  const days: LocalDay[] = [];
  for (let at = start.getTime(); at < now.getTime(); ) {
    // An hour past the next midnight is safely inside the next local day, DST or not.
    const next = startOfDayInZone(new Date(at + DAY_MS + 3_600_000), timeZone).getTime();
    const date = localIsoDate(new Date(at), timeZone);
    days.push({ date, week: weekStartOf(date, weekend), start: at, end: Math.min(next, now.getTime()) });
    at = next;
  }
  return { timeZone, start, end: now, from: localIsoDate(start, timeZone), to: localIsoDate(now, timeZone), days };
}
