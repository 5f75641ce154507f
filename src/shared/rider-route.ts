import { efficiencyTone as performanceTone, ordersPerHour as perHour } from './performance';
/** Today's Route figures (spec section 9): pure, shared by the server and the rider app. */

/** Target orders per hour; efficiency = rate / 3 × 100, capped 0–100. */
export { TARGET_ORDERS_PER_HOUR } from './performance';

export interface Interval {
  start: number;
  /** null while still open (an ongoing shift or break). */
  end: number | null;
}

export interface ShiftSpan extends Interval {
  breaks: readonly Interval[];
}

const overlap = (a: number, b: number, from: number, to: number) => Math.max(0, Math.min(b, to) - Math.max(a, from));

/**
 * Time on duty within [from, to], in ms: each shift clipped to the window, less its
 * completed breaks (an ongoing break still counts, as the spec's working hours do).
 */
export function dutyMs(shifts: readonly ShiftSpan[], from: number, to: number): number {
  let total = 0;
  for (const s of shifts) {
    const end = s.end ?? to;
    let ms = overlap(s.start, end, from, to);
    for (const b of s.breaks) if (b.end !== null) ms -= overlap(Math.max(b.start, s.start), Math.min(b.end, end), from, to);
    total += Math.max(0, ms);
  }
  return total;
}

/** The order was delivered while one of the rider's shifts was open (a break does not end a shift): what orders per hour counts. */
export const duringShift = (shifts: readonly ShiftSpan[], at: number, now: number) => shifts.some((s) => s.start <= at && (s.end ?? now) >= at);

/** Completed orders per hour on duty; 0 when there was no duty time. */
export function ordersPerHour(orders: number, ms: number): number {
  return perHour(orders, ms / 3_600_000);
}

const TONE = { green: 'success', yellow: 'warning', red: 'error' } as const;
/** Spec colours as daisyUI tones: green at 80 or above, yellow at 60 or above, otherwise red. */
export function efficiencyTone(value: number): 'success' | 'warning' | 'error' {
  return TONE[performanceTone(value)];
}
