import { DEFAULT_RULE_SETTINGS, evaluateRules, orderRestriction, type VehicleType } from '../src/shared/compliance/rules';
import type { LatLng } from '../src/shared/geo';
import type { RegionId } from '../src/shared/regions';
import type { City } from './seed-places';
import { ROADS } from './seed-places';
import { lengthKm, route, travelMinutes } from './seed-route';
import type { ShiftPlan } from './seed-shifts';

/**
 * A rider's trips inside their shifts (issue 21): assigned at a free moment of the shift, to the pickup
 * (from the depot, or from the last drop-off when there was no time to ride back), a few minutes there,
 * on to the customer, a few minutes at the door. Each trip keeps its times and places, so the orders, their
 * timelines, the pings and the cash all tell the same story. No trip starts or ends inside a break or a
 * working-rule pause for the rider's vehicle (summer midday ban, iftar), nor after the shift.
 */
export type TripOutcome = 'delivered' | 'failed' | 'cancelled' | 'picked_up' | 'assigned';

export interface Trip {
  riderId: string;
  outcome: TripOutcome;
  /** Where the rider rode to the pickup from; null for a trip without riding (cancelled, or queued behind another). */
  from: LatLng | null;
  pickup: LatLng;
  drop: LatLng;
  assignedAt: number;
  atPickup: number;
  pickedUpAt: number;
  atDrop: number;
  /** Delivered, failed or cancelled at. */
  doneAt: number;
}

const MIN = 60_000;
type Rand = { int: (min: number, max: number) => number; next: () => number };

export interface ShiftCursor {
  shift: ShiftPlan;
  vehicle: VehicleType;
  /** Free from this time on, at this place (the depot or the last drop-off). */
  at: number;
  pos: LatLng;
}

export interface TripContext {
  city: City;
  region: RegionId;
  rand: Rand;
}

function paused(ctx: TripContext, vehicle: VehicleType, t: number): boolean {
  return orderRestriction(evaluateRules({ region: ctx.region, vehicle, now: new Date(t), settings: DEFAULT_RULE_SETTINGS })) !== null;
}

const inBreak = (s: ShiftPlan, from: number, to: number) => s.breaks.find((b) => from < b.end && to > b.start);

/** Times of a trip from `from` starting at `t`. */
function times(ctx: TripContext, vehicle: VehicleType, from: LatLng, pickup: LatLng, drop: LatLng, t: number) {
  const atPickup = t + Math.round(travelMinutes(lengthKm(route(ctx.city, from, pickup)), vehicle) * MIN) + MIN;
  const pickedUpAt = atPickup + ctx.rand.int(2, 8) * MIN;
  const atDrop = pickedUpAt + Math.round(travelMinutes(lengthKm(route(ctx.city, pickup, drop)), vehicle) * MIN) + MIN;
  return { atPickup, pickedUpAt, atDrop, doneAt: atDrop + ctx.rand.int(2, 5) * MIN };
}

/**
 * The next trip of a shift after a gap of `gapMin` minutes, or null when none fits before its end (`until`
 * for an open shift: a trip may then still be under way). Moves the cursor past it.
 */
export function nextTrip(ctx: TripContext, c: ShiftCursor, pickup: LatLng, drop: LatLng, outcome: 'delivered' | 'failed' | 'cancelled', gapMin: number, until: number): Trip | null {
  const end = c.shift.end ?? until;
  let t = c.at + gapMin * MIN;
  const depot = ROADS[ctx.city].depot;
  for (let tries = 0; tries < 40 && t < end; tries++, t += 20 * MIN) {
    // Back at the depot when the gap allowed the ride back, else where the last trip ended.
    const back = c.pos === depot ? 0 : travelMinutes(lengthKm(route(ctx.city, c.pos, depot)), c.vehicle) * MIN;
    const from = t - c.at >= back ? depot : c.pos;
    const tt = times(ctx, c.vehicle, from, pickup, drop, t);
    const last = outcome === 'cancelled' ? t + 10 * MIN : tt.doneAt;
    const b = inBreak(c.shift, t, last);
    if (b) {
      t = b.end - 20 * MIN + ctx.rand.int(1, 10) * MIN;
      continue;
    }
    if (c.shift.end !== null && last > c.shift.end - 5 * MIN) return null;
    if (paused(ctx, c.vehicle, t) || paused(ctx, c.vehicle, tt.atDrop)) continue;
    if (outcome === 'cancelled') {
      c.at = last;
      return { riderId: c.shift.riderId, outcome, from: null, pickup, drop, assignedAt: t, atPickup: last, pickedUpAt: last, atDrop: last, doneAt: last };
    }
    const doneAt = outcome === 'failed' ? tt.doneAt + 3 * MIN : tt.doneAt;
    c.at = doneAt;
    c.pos = drop;
    return { riderId: c.shift.riderId, outcome, from, pickup, drop, assignedAt: t, ...tt, doneAt };
  }
  return null;
}

/** What a trip started at `assignedAt` has become by `now`: done, picked up or still assigned. */
export function outcomeAt(trip: Trip, now: number): TripOutcome {
  if (trip.doneAt <= now - MIN) return trip.outcome;
  return trip.pickedUpAt <= now ? 'picked_up' : 'assigned';
}
