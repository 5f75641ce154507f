import { pathLengthKm, type LatLng } from '../src/shared/geo';
import { ROADS, type City } from './seed-places';
import { lengthKm, pointAlong, route, travelMinutes } from './seed-route';
import type { ShiftPlan } from './seed-shifts';
import type { Trip } from './seed-trips';

/**
 * A shift's location pings (issue 21), as a rider's phone would have sent them: from the depot at the start
 * of the shift, along the roads to each pickup and on to its customer, back to the depot when there is time,
 * and standing still in between (and on breaks). While riding a ping every `moveMs`, standing every `idleMs`;
 * the open shift of a rider on duty ends with a ping seconds before `now`.
 */
export interface SeedPing {
  riderId: string;
  lat: number;
  lng: number;
  accuracyM: number;
  recordedAt: Date;
}

const SEC = 1000;
type Rand = { int: (min: number, max: number) => number; next: () => number };

export function shiftPings(rand: Rand, city: City, shift: ShiftPlan, trips: readonly Trip[], vehicle: string, now: number): { pings: SeedPing[]; km: number } {
  const open = shift.end === null;
  const moveMs = (open ? 60 : 120) * SEC;
  const idleMs = (open ? 4 * 60 : 10 * 60) * SEC;
  const end = shift.end ?? now - rand.int(10, 50) * SEC;
  const depot = ROADS[city].depot;
  const pings: SeedPing[] = [];
  let last = -Infinity;
  const emit = (t: number, p: LatLng) => {
    if (t <= last || t < shift.start || t > end) return;
    last = t;
    // A phone's fix: a few metres off the road, 4–20 m accuracy.
    const accuracyM = rand.int(4, 20);
    const jitter = () => (rand.next() - 0.5) * 0.00008;
    pings.push({ riderId: shift.riderId, lat: p.lat + jitter(), lng: p.lng + jitter(), accuracyM, recordedAt: new Date(t) });
  };
  const stand = (p: LatLng, from: number, to: number) => {
    for (let t = from; t < to; t += idleMs) emit(t, p);
  };
  const ride = (line: LatLng[], from: number, to: number) => {
    const km = lengthKm(line);
    for (let t = from; t < to; t += moveMs) emit(t, pointAlong(line, (km * (t - from)) / (to - from)));
  };
  const rideBack = (pos: LatLng, from: number, until: number) => {
    const line = route(city, pos, depot);
    const to = from + travelMinutes(lengthKm(line), vehicle) * 60_000;
    ride(line, from, Math.min(to, until));
    return to;
  };

  let pos = depot;
  let t = shift.start;
  const own = trips.filter((x) => x.riderId === shift.riderId && x.from && x.assignedAt >= shift.start && x.assignedAt < end).sort((a, b) => a.assignedAt - b.assignedAt);
  for (const trip of own) {
    if (trip.from === depot && pos !== depot) t = rideBack(pos, t, trip.assignedAt);
    stand(trip.from!, t, trip.assignedAt);
    ride(route(city, trip.from!, trip.pickup), trip.assignedAt, trip.atPickup);
    stand(trip.pickup, trip.atPickup, trip.pickedUpAt);
    ride(route(city, trip.pickup, trip.drop), trip.pickedUpAt, trip.atDrop);
    stand(trip.drop, trip.atDrop, trip.doneAt);
    [t, pos] = [trip.doneAt, trip.drop];
  }
  if (t < end && pos !== depot) [t, pos] = [rideBack(pos, t, end), depot];
  stand(pos, t, end);
  if (open) emit(end, pings.length ? { lat: pings.at(-1)!.lat, lng: pings.at(-1)!.lng } : pos);
  return { pings, km: pathLengthKm(pings) };
}
