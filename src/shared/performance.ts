import { averageOrderMinutes, type OrderTime } from './figures/order-time';

/**
 * The rider app's performance panel (spec sections 3 and 9): recomputed on the
 * phone every 10 s, synced every 5 min and on demand. Pure, so the server,
 * the app and the tests agree on every formula.
 */

/** Spec section 9: target 3.0 orders per hour; efficiency = rate / 3 × 100, capped 0–100. */
export const TARGET_ORDERS_PER_HOUR = 3;
export const PERFORMANCE_RECOMPUTE_MS = 10_000;
export const PERFORMANCE_AUTO_SYNC_MS = 5 * 60_000;
export const SYNC_STATUS_RESET_MS = 3_000;
/** Colours: green at 80 or above, yellow at 60 or above, otherwise red. */
export const EFFICIENCY_GREEN = 80;
export const EFFICIENCY_YELLOW = 60;
/** The sync schema accepts at most 24 working hours and 1000 orders per hour (a seconds-old duty can exceed it). */
export const MAX_WORKING_HOURS = 24;
export const MAX_ORDERS_PER_HOUR = 1000;

export interface DutyBreak {
  /** ms since epoch */
  start: number;
  /** ms since epoch; null while the break is still going on */
  end: number | null;
}

export interface PerformanceInput {
  /** Duty start (ms since epoch), or null when off duty. */
  startTime: number | null;
  breaks: readonly DutyBreak[];
  ordersCompleted: number;
  /** Each completed order's pick-up (else assignment) and delivery times: the average order time (figures.ts). */
  orderTimes: readonly OrderTime[];
  distanceKm: number;
  cashCollected: number;
  now: number;
}

export interface PerformanceMetrics {
  ordersCompleted: number;
  ordersPerHour: number;
  totalDistance: number;
  averageOrderTime: number;
  cashCollected: number;
  efficiency: number;
  workingHours: number;
}

export type EfficiencyTone = 'green' | 'yellow' | 'red';

const finite = (n: number) => (Number.isFinite(n) ? n : 0);
const round = (n: number, digits: number) => Math.round(finite(n) * 10 ** digits) / 10 ** digits;

/** Hours on duty up to `now`, less every completed break (spec: "Working hours exclude completed breaks"). */
export function workingHours(startTime: number | null, breaks: readonly DutyBreak[], now: number): number {
  if (startTime === null || !Number.isFinite(startTime) || now <= startTime) return 0;
  let breakMs = 0;
  for (const b of breaks) {
    if (b.end === null) continue;
    const from = Math.max(b.start, startTime);
    const to = Math.min(b.end, now);
    if (to > from) breakMs += to - from;
  }
  return Math.max(0, now - startTime - breakMs) / 3_600_000;
}

/** Orders per working hour; 0 when no time has been worked. */
export function ordersPerHour(orders: number, hours: number): number {
  if (!(hours > 0) || !(orders > 0)) return 0;
  return orders / hours;
}

/** rate / 3 × 100, capped to 0–100; rounded to 0.1 so 2.4 orders/hour is exactly 80 (green), not 79.999… */
export function efficiency(rate: number): number {
  return round(Math.min(100, Math.max(0, finite((rate * 100) / TARGET_ORDERS_PER_HOUR))), 1);
}

export function efficiencyTone(value: number): EfficiencyTone {
  if (value >= EFFICIENCY_GREEN) return 'green';
  if (value >= EFFICIENCY_YELLOW) return 'yellow';
  return 'red';
}

/** The panel's figures from what they are made of: hours on duty and the orders delivered on duty (orders per hour). */
export interface FigureInput {
  hours: number;
  ordersCompleted: number;
  /** Of ordersCompleted, those delivered while a shift was open (docs/figures.md, orders per hour). */
  ordersOnDuty: number;
  orderTimes: readonly OrderTime[];
  distanceKm: number;
  cashCollected: number;
}

/** Every figure of the panel, rounded for display and for the sync body. */
export function performanceOf(input: FigureInput): PerformanceMetrics {
  const hours = Math.max(0, finite(input.hours));
  const rate = ordersPerHour(Math.max(0, Math.floor(finite(input.ordersOnDuty))), hours);
  return {
    ordersCompleted: Math.max(0, Math.floor(finite(input.ordersCompleted))),
    ordersPerHour: round(Math.min(rate, MAX_ORDERS_PER_HOUR), 2),
    totalDistance: round(Math.max(0, input.distanceKm), 1),
    // Not time on duty ÷ orders: the mean time from pick-up to delivery (docs/figures.md); 0 with none timed.
    averageOrderTime: averageOrderMinutes(input.orderTimes) ?? 0,
    cashCollected: Math.max(0, finite(input.cashCollected)),
    efficiency: efficiency(rate),
    workingHours: round(Math.min(hours, MAX_WORKING_HOURS), 2),
  };
}

/** The panel's figures for one duty, every order delivered on it. */
export function computePerformance(input: PerformanceInput): PerformanceMetrics {
  return performanceOf({ ...input, hours: workingHours(input.startTime, input.breaks, input.now), ordersOnDuty: input.ordersCompleted });
}
