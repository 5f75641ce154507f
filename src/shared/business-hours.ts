import { dateTimeFormat } from './intl';
/** Spec section 9: business hours Sun-Thu 8-18, Fri-Sat 9-16, in Kuwait time. */
export const BUSINESS_TIMEZONE = 'Asia/Kuwait';
/** [opens, closes) in whole hours, indexed by weekday (0 = Sunday). */
export const BUSINESS_HOURS: readonly (readonly [number, number])[] = [
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [9, 16],
  [9, 16],
];

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether the sales team is at work at `at`, judged on Kuwait's clock. */
export function isOpenAt(at: Date): boolean {
  const parts = dateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const day = DAYS.indexOf(parts.find((p) => p.type === 'weekday')!.value);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const [opens, closes] = BUSINESS_HOURS[day]!;
  return hour >= opens && hour < closes;
}
