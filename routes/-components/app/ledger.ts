import type { OrderTime } from '../../../src/shared/figures/order-time';
import { distanceKm, type LatLng } from '../../../src/shared/geo';
import { fromMinor, toMinor, type Currency } from '../../../src/shared/money';
import { local } from './local';

/**
 * The spec's Duty state counters (totalOrders, cashCollected, distance) for the
 * current duty, kept on the phone so the performance panel works offline.
 */
export interface Ledger {
  /** The duty these figures belong to (ms); null when off duty. */
  startTime: number | null;
  /** `startedAt`: the order's pick-up (else assignment) time, ms, for the average order time; absent in a ledger stored before it. */
  deliveries: { orderId: string; at: number; startedAt?: number | null; cash: number; currency: Currency }[];
  distanceKm: number;
  last: LatLng | null;
  /** This duty's route for the rider's map (issue 20, item 6): usable fixes at least TRAIL_STEP_KM apart, the newest TRAIL_MAX. Absent in a ledger stored before it. */
  trail?: LatLng[];
  /** When a location was last queued for the server (ms), for the 30 s spacing. */
  lastLocationAt: number;
  lastSync: string | null;
}

/** Fixes worse than this are shown but not added to the distance. */
export const MAX_ACCURACY_FOR_DISTANCE_M = 100;

/** A 12-hour duty of pings every 30 s fits, less the ones taken standing still. */
export const TRAIL_MAX = 1000;
export const TRAIL_STEP_KM = 0.02;

export const emptyLedger = (startTime: number | null): Ledger => ({ startTime, deliveries: [], distanceKm: 0, last: null, trail: [], lastLocationAt: 0, lastSync: null });

export const ledgerStore = (userId: string) => local<Ledger>(`rider-app:${userId}:ledger`, emptyLedger(null));

/** Two start times this close are one duty: the server clamps a phone clock that runs ahead. */
export const SAME_DUTY_MS = 10 * 60_000;

/** The ledger of this duty: a new duty starts from zero. */
export function forDuty(l: Ledger, startTime: number | null): Ledger {
  if (l.startTime === startTime) return l;
  if (l.startTime !== null && startTime !== null && Math.abs(l.startTime - startTime) < SAME_DUTY_MS) return { ...l, startTime };
  return emptyLedger(startTime);
}

export function addDelivery(l: Ledger, d: Ledger['deliveries'][number]): Ledger {
  if (l.deliveries.some((x) => x.orderId === d.orderId)) return l;
  return { ...l, deliveries: [...l.deliveries, d] };
}

export const removeDelivery = (l: Ledger, orderId: string): Ledger => ({ ...l, deliveries: l.deliveries.filter((d) => d.orderId !== orderId) });

export function addPosition(l: Ledger, p: LatLng, accuracy: number | null, at: number): Ledger {
  const usable = accuracy === null || accuracy <= MAX_ACCURACY_FOR_DISTANCE_M;
  if (!usable) return { ...l, lastLocationAt: at };
  const leg = l.last ? distanceKm(l.last, p) : 0;
  return { ...l, distanceKm: l.distanceKm + leg, last: p, trail: extendTrail(l.trail ?? [], p), lastLocationAt: at };
}

function extendTrail(trail: readonly LatLng[], p: LatLng): LatLng[] {
  const end = trail.at(-1);
  if (end && distanceKm(end, p) < TRAIL_STEP_KM) return trail as LatLng[];
  return [...trail.slice(-(TRAIL_MAX - 1)), { lat: p.lat, lng: p.lng }];
}

/** This duty's deliveries as the average order time reads them (shared/figures/order-time.ts averageOrderMinutes). */
export const orderTimes = (l: Ledger): OrderTime[] => l.deliveries.map((d) => ({ startedAt: d.startedAt ?? null, deliveredAt: d.at }));

/** Cash taken on this duty's deliveries, in the given currency, summed in minor units. */
export function cashCollected(l: Ledger, currency: Currency): number {
  const minor = l.deliveries.filter((d) => d.currency === currency).reduce((sum, d) => sum + toMinor(d.cash, currency), 0);
  return fromMinor(minor, currency);
}
