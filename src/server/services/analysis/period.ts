import { localIsoDate } from '../../../shared/schemas/order-import';
import { DAY_MS, startOfDayInZone, startOfMonthInZone } from '../../../shared/time';

export interface LocalDay {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** The Sunday (YYYY-MM-DD) that starts its Sunday–Saturday week. */
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

function sundayOf(date: string): string {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return new Date(noon - new Date(noon).getUTCDay() * DAY_MS).toISOString().slice(0, 10);
}

export function monthToDate(now: Date, timeZone: string): AnalysisPeriod {
  const start = startOfMonthInZone(now, timeZone);
  const days: LocalDay[] = [];
  for (let at = start.getTime(); at < now.getTime(); ) {
    // An hour past the next midnight is safely inside the next local day, DST or not.
    const next = startOfDayInZone(new Date(at + DAY_MS + 3_600_000), timeZone).getTime();
    const date = localIsoDate(new Date(at), timeZone);
    days.push({ date, week: sundayOf(date), start: at, end: Math.min(next, now.getTime()) });
    at = next;
  }
  return { timeZone, start, end: now, from: localIsoDate(start, timeZone), to: localIsoDate(now, timeZone), days };
}
