import { distanceKm, type LatLng } from '../../../src/shared/geo';
import { local } from './local';

/**
 * The phone's record of the current duty: its route (the rider's map) and when a position was last queued. The
 * performance panel's figures are the server's of today plus the writes it has not seen (today.ts).
 */
export interface Ledger {
  /** The duty these figures belong to (ms); null when off duty. */
  startTime: number | null;
  last: LatLng | null;
  /** This duty's route for the rider's map (issue 20, item 6): usable fixes at least TRAIL_STEP_KM apart, the newest TRAIL_MAX. Absent in a ledger stored before it. */
  trail?: LatLng[];
  /** When a location was last queued for the server (ms), for the 30 s spacing. */
  lastLocationAt: number;
  lastSync: string | null;
}

/** Fixes worse than this are shown but not added to the route. */
export const MAX_ACCURACY_FOR_DISTANCE_M = 100;

/** A 12-hour duty of pings every 30 s fits, less the ones taken standing still. */
export const TRAIL_MAX = 1000;
export const TRAIL_STEP_KM = 0.02;

export const emptyLedger = (startTime: number | null): Ledger => ({ startTime, last: null, trail: [], lastLocationAt: 0, lastSync: null });

export const ledgerStore = (userId: string) => local<Ledger>(`rider-app:${userId}:ledger`, emptyLedger(null));

/** Two start times this close are one duty: the server clamps a phone clock that runs ahead. */
export const SAME_DUTY_MS = 10 * 60_000;

/** The ledger of this duty: a new duty starts from zero. */
export function forDuty(l: Ledger, startTime: number | null): Ledger {
  if (l.startTime === startTime) return l;
  if (l.startTime !== null && startTime !== null && Math.abs(l.startTime - startTime) < SAME_DUTY_MS) return { ...l, startTime };
  return emptyLedger(startTime);
}

export function addPosition(l: Ledger, p: LatLng, accuracy: number | null, at: number): Ledger {
  const usable = accuracy === null || accuracy <= MAX_ACCURACY_FOR_DISTANCE_M;
  if (!usable) return { ...l, lastLocationAt: at };
  return { ...l, last: p, trail: extendTrail(l.trail ?? [], p), lastLocationAt: at };
}

function extendTrail(trail: readonly LatLng[], p: LatLng): LatLng[] {
  const end = trail.at(-1);
  if (end && distanceKm(end, p) < TRAIL_STEP_KM) return trail as LatLng[];
  return [...trail.slice(-(TRAIL_MAX - 1)), { lat: p.lat, lng: p.lng }];
}
