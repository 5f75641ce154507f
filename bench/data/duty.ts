/**
 * The scale data set's duty: 14 days of closed shifts (and this morning's, for riders off duty now) with odometer
 * readings for every rider working then, most days of the week, starting between 7:00 and 14:00 local time and
 * lasting 5–10 hours; and for every rider on duty now an open shift with a ping every 10 seconds since it
 * began (the counts planned in bench/data/fleet.ts). Pings are written in arrival order, time then rider, as a
 * live fleet writes them, each rider moving at city speeds around the company's hub (bench/data/places.ts).
 */
import { DAY_MS } from '../../src/shared/time';
import type { BulkTable, Loader } from './bulk';
import type { Fleet, PlannedRider } from './fleet';
import { prng } from './random';

const HOUR = 3_600_000;
const PING_MS = 10_000;
const KM_PER_DEG = 111.32;
/** Km on the odometer in a shift, by vehicle. */
const SHIFT_KM: Record<string, [number, number]> = { motorcycle: [60, 180], car: [50, 150], van: [40, 120], bicycle: [10, 40] };

export interface LastSeen {
  riderId: string;
  lat: number;
  lng: number;
  at: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function writeDuty(tx: Loader, fleet: Fleet, pings: number, seed: number, now: number): { tables: BulkTable[]; last: LastSeen[] } {
  const planned = fleet.riders.reduce((s, x) => s + x.pings, 0);
  if (planned !== pings) throw new Error(`the fleet was planned for ${planned} pings, not ${pings}`);
  const r = prng(seed, 'duty');
  const shifts = tx.table('duty_shifts', ['id', 'rider_id', 'started_at', 'ended_at', 'start_odometer_km', 'end_odometer_km']);
  const last: LastSeen[] = [];
  const openStart = (p: PlannedRider) => now - p.pings * PING_MS - p.phaseMs;

  for (const p of fleet.riders) {
    const company = fleet.companies[p.company]!;
    const offset = company.country.timezone === 'Asia/Dubai' ? 4 * HOUR : 3 * HOUR;
    const leftAt = p.status === 'active' ? Number.POSITIVE_INFINITY : now - p.leftAgoMs;
    const latest = p.onDuty ? openStart(p) - HOUR / 2 : now;
    const localToday = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
    let km = p.odometerKm;
    let ended = 0;
    for (let d = 14; d >= 0; d--) {
      if (!r.chance(0.8)) continue;
      const start = localToday - d * DAY_MS + r.int(7 * 60, 14 * 60) * 60_000;
      const end = start + r.int(5 * 60, 10 * 60) * 60_000;
      if (end > latest || start < now - p.joinedAgoMs || end > leftAt) continue;
      const [lo, hi] = SHIFT_KM[p.vehicle] ?? SHIFT_KM.motorcycle!;
      const driven = r.int(lo, hi);
      shifts.add([r.id(), p.id, start, end, km, km + driven]);
      km += driven;
      ended = end;
    }
    if (p.onDuty) shifts.add([r.id(), p.id, openStart(p), null, km, null]);
    else if (ended) {
      // Off duty: last seen where the last shift ended, somewhere in the company's area.
      const { hub } = company;
      const dist = r.between(0, hub.radiusKm) / KM_PER_DEG;
      const angle = r.between(0, 2 * Math.PI);
      last.push({ riderId: p.id, lat: round6(hub.lat + dist * Math.cos(angle)), lng: round6(hub.lng + (dist * Math.sin(angle)) / Math.cos((hub.lat * Math.PI) / 180)), at: ended });
    }
  }
  const pingTable = writePings(tx, fleet, seed, now, last);
  return { tables: [shifts.end(), pingTable], last };
}

/**
 * Every on-duty rider's trail, tick by tick (10 s) from the earliest shift start to now; within a tick riders
 * ping in the order of their phase, so the rows are in time order. A rider drifts in heading and speed (2–14 m/s),
 * stops for 1–6 minutes now and then (a pickup, a hand-over at a door: 10–20 km/h over a shift, as a city rider
 * makes it) and turns back towards the hub once past the hub's radius.
 */
function writePings(tx: Loader, fleet: Fleet, seed: number, now: number, last: LastSeen[]): BulkTable {
  const r = prng(seed, 'pings');
  const table = tx.table('location_pings', ['rider_id', 'lat', 'lng', 'accuracy_m', 'recorded_at', 'created_at']);
  const riders = fleet.riders.filter((p) => p.onDuty).sort((a, b) => b.phaseMs - a.phaseMs || (a.id < b.id ? -1 : 1));
  const state = riders.map((p) => {
    const hub = fleet.companies[p.company]!.hub;
    const dist = r.between(0, hub.radiusKm);
    const angle = r.between(0, 2 * Math.PI);
    const cos = Math.cos((hub.lat * Math.PI) / 180);
    return { hub, cos, lat: hub.lat + (dist * Math.cos(angle)) / KM_PER_DEG, lng: hub.lng + (dist * Math.sin(angle)) / KM_PER_DEG / cos, heading: r.between(0, 2 * Math.PI), speed: r.between(2, 14), stopped: 0 };
  });
  const ticks = riders.reduce((m, p) => Math.max(m, p.pings), 0);
  for (let j = ticks - 1; j >= 0; j--) {
    for (let k = 0; k < riders.length; k++) {
      const p = riders[k]!;
      if (p.pings <= j) continue;
      const s = state[k]!;
      if (s.stopped > 0) s.stopped--;
      else if (r.chance(0.02)) s.stopped = r.int(6, 36);
      s.speed = s.stopped ? 0 : Math.min(14, Math.max(2, s.speed + r.between(-1.5, 1.5)));
      s.heading += r.between(-0.35, 0.35);
      const dy = (s.lat - s.hub.lat) * KM_PER_DEG;
      const dx = (s.lng - s.hub.lng) * KM_PER_DEG * s.cos;
      if (Math.hypot(dx, dy) > s.hub.radiusKm) s.heading = Math.atan2(-dx, -dy) + r.between(-0.5, 0.5);
      const km = (s.speed * PING_MS) / 1000 / 1000;
      s.lat += (km * Math.cos(s.heading)) / KM_PER_DEG;
      s.lng += (km * Math.sin(s.heading)) / KM_PER_DEG / s.cos;
      const at = now - p.phaseMs - j * PING_MS;
      const lat = round6(s.lat);
      const lng = round6(s.lng);
      table.add([p.id, lat, lng, r.int(3, 25), at, at + r.int(300, 2_500)]);
      if (j === 0) last.push({ riderId: p.id, lat, lng, at });
    }
  }
  return table.end();
}
