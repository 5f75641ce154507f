import { z } from 'zod';
import type { MessageKey } from './i18n';
import type { RegionId } from './regions';
import { dateTimeFormat } from './intl';

/**
 * The weekend per company (issue 8): Fri–Sat in Kuwait, Sat–Sun for the UAE government, private
 * companies choosing their own (companies.weekend; null = the region's default). The working week
 * starts the day after the weekend: Sunday for Fri–Sat, Monday for Sat–Sun.
 */
export const WEEKENDS = ['fri-sat', 'sat-sun'] as const;
export type Weekend = (typeof WEEKENDS)[number];

export const REGION_WEEKEND: Record<RegionId, Weekend> = { kuwait: 'fri-sat', uae: 'sat-sun' };

/** Days of the week (0 = Sunday) of each weekend. */
const DAYS: Record<Weekend, readonly number[]> = { 'fri-sat': [5, 6], 'sat-sun': [6, 0] };

/** Catalog keys of the weekend names, e.g. 'Fri–Sat'. */
export const WEEKEND_LABEL: Record<Weekend, MessageKey> = { 'fri-sat': 'gulf.weekend.friSat', 'sat-sun': 'gulf.weekend.satSun' };

export function weekendOf(company: { weekend?: Weekend | null; region: RegionId }): Weekend {
  return company.weekend ?? REGION_WEEKEND[company.region];
}

/** The local day of the week (0 = Sunday) of an instant in a zone, or of a 'YYYY-MM-DD' calendar date. */
export function dayOfWeek(date: Date | number | string, timeZone: string): number {
  if (typeof date === 'string') return new Date(`${date.slice(0, 10)}T12:00:00Z`).getUTCDay();
  const name = dateTimeFormat('en-US', { weekday: 'short', timeZone }).format(date);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** The weekend's days of the week (0 = Sunday), e.g. [5, 6] for Fri–Sat: a calendar's weekend columns. */
export function weekendDays(weekend: Weekend): number[] {
  return [...DAYS[weekend]];
}

/** Whether a date falls on the weekend, in the zone (Asia/Kuwait, Asia/Dubai). */
export function isWeekend(date: Date | number | string, weekend: Weekend, timeZone: string): boolean {
  return DAYS[weekend].includes(dayOfWeek(date, timeZone));
}

/** The first working day of the week (0 = Sunday): the day after the weekend. */
export function weekStartDay(weekend: Weekend): number {
  return (DAYS[weekend][1]! + 1) % 7;
}

/** The first day (YYYY-MM-DD) of the working week a calendar date belongs to. */
export function weekStartOf(isoDate: string, weekend: Weekend): string {
  const noon = Date.parse(`${isoDate.slice(0, 10)}T12:00:00Z`);
  const back = (new Date(noon).getUTCDay() - weekStartDay(weekend) + 7) % 7;
  return new Date(noon - back * 86_400_000).toISOString().slice(0, 10);
}

/** company.setWeekend: a weekend, or null for the region's default. */
export const setWeekendInput = z.object({ weekend: z.enum(WEEKENDS).nullable() });
export type SetWeekendInput = z.infer<typeof setWeekendInput>;
