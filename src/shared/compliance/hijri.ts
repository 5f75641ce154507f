/**
 * The Umm al-Qura calendar through Intl (ICU's 'islamic-umalqura', the Saudi tabular calendar that
 * Gulf calendars print): no tables of our own. Ramadan is month 9.
 * Kuwait and the UAE start Ramadan by moon sighting, which can differ from Umm al-Qura by a day
 * (docs/compliance.md).
 */
import { dateTimeFormat } from '../intl';

export interface HijriDate {
  year: number;
  month: number;
  day: number;
}


/** The Hijri date of a civil (Gregorian) date y-m-d (m 1–12). */
export function hijriOf(y: number, m: number, d: number): HijriDate {
  // Made on first use, not at load: the calendar's ICU data is a cost the first screen need not pay.
  const parts = dateTimeFormat('en-u-ca-islamic-umalqura', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date(Date.UTC(y, m - 1, d, 12)));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export const RAMADAN = 9;

/** Whether the civil date y-m-d is a day of Ramadan (a fasting day, ending with iftar at sunset). */
export const isRamadan = (y: number, m: number, d: number) => hijriOf(y, m, d).month === RAMADAN;
