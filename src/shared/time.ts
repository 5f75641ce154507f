/** Calendar helpers for fixed-zone business days (Asia/Kuwait, Asia/Dubai). */
import { dateTimeFormat } from './intl';

/** Offset of `timeZone` from UTC at `at`, in minutes (e.g. +180 for Asia/Kuwait). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The UTC instant at which the local day containing `at` began in `timeZone`. */
export function startOfDayInZone(at: Date, timeZone: string): Date {
  const offset = zoneOffsetMinutes(timeZone, at);
  const local = new Date(at.getTime() + offset * 60000);
  const midnightLocalAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnightLocalAsUtc - offset * 60000);
}

/** First instant of the calendar month containing `now`, in the zone. */
export function startOfMonthInZone(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + zoneOffsetMinutes(timeZone, now) * 60_000);
  const firstLocalNoon = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1, 12));
  return startOfDayInZone(firstLocalNoon, timeZone);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `at` as local time in `timeZone` with its offset, ISO 8601 to the second: 2026-03-10T15:30:00+03:00. What an
 * export writes (issue 21, item 5), so a spreadsheet shows the time the business saw and still knows the instant.
 */
export function localIso(at: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(timeZone, at);
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}
