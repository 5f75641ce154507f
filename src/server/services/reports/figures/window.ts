import { DAY_MS, startOfDayInZone } from '../../../../shared/time';

/** A figure's time window: [from, to). */
export interface Window {
  from: Date;
  to: Date;
}

/** Today in the zone (Kuwait +03:00 or Dubai +04:00, no daylight saving): local midnight to now. */
export function today(now: Date, timeZone: string): Window {
  return { from: startOfDayInZone(now, timeZone), to: now };
}

/** The last `days` local days, today included: the first day's local midnight to now. */
export function lastDays(now: Date, timeZone: string, days: number): Window {
  return { from: startOfDayInZone(new Date(now.getTime() - (days - 1) * DAY_MS), timeZone), to: now };
}
