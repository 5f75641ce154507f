/**
 * The rides behind bench/eta.ts. The scale data set (bench/data.ts) says which company's rider delivered which order
 * and when, but not where or how long the ride took (its pickup-to-delivery times are drawn at random, 10-45 min,
 * whatever the distance; its pings are random walks of the riders on duty now). So each delivered order gets a ride
 * drawn here: SYNTHETIC, from a traffic model written down below. The benchmark then measures how well the ETA model
 * learned from the pings (src/server/services/routing/learn.ts) recovers rides like these, against 25 km/h.
 *
 * - Pickup within 3 km of the company's hub (shops cluster), drop-off anywhere within the hub's radius.
 * - Roads: a grid turned by an angle per company; the road km is the grid (Manhattan) distance × 1-1.12.
 * - Speed: by vehicle (motorcycle 32, car 28, van 25, bicycle 15 km/h) × Gulf rush hours (07-09 × 0.7, 12-15 × 0.85,
 *   17-21 × 0.65, 00-06 × 1.25) × Friday 1.15 (the model has no weekday: an error it keeps) × the city (per company,
 *   ±10 %) × the rider (±8 %) × the ride (log-normal, σ 0.18); plus 0.1-0.6 min a km at lights.
 * - A ping every 30 s (the rider app's pace) along the path, GPS noise σ 5 m.
 */
import type { LatLng } from '../../src/shared/geo';
import type { Hub } from '../data/places';
import type { Rand } from '../data/random';

export const KM_PER_DEG = 111.32;
const BASE_KMH: Record<string, number> = { motorcycle: 32, car: 28, van: 25, bicycle: 15 };
const PING_MS = 30_000;

export function hourFactor(h: number): number {
  if (h >= 7 && h < 9) return 0.7;
  if (h >= 12 && h < 15) return 0.85;
  if (h >= 17 && h < 21) return 0.65;
  if (h < 6) return 1.25;
  return 1;
}

export const gauss = (r: Rand) => Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());

export interface Ride {
  pickup: LatLng;
  dropoff: LatLng;
  /** Pickup to delivery, ms. */
  ms: number;
  /** What the traffic model expects for this ride without its own luck (noise σ 0.18, lights at their mean): the floor. */
  expectedMs: number;
  /** Pickup, the grid corner, drop-off. */
  path: [LatLng, LatLng, LatLng];
}

/** A point `km` from `hub` at `angle`. */
function offset(hub: LatLng, north: number, east: number): LatLng {
  return { lat: hub.lat + north / KM_PER_DEG, lng: hub.lng + east / KM_PER_DEG / Math.cos((hub.lat * Math.PI) / 180) };
}

function inDisc(r: Rand, hub: LatLng, radiusKm: number): LatLng {
  const d = radiusKm * Math.sqrt(r.next());
  const a = r.between(0, 2 * Math.PI);
  return offset(hub, d * Math.cos(a), d * Math.sin(a));
}

export interface CompanyTraffic {
  hub: Hub;
  gridAngle: number;
  city: number;
}

export function companyTraffic(r: Rand, hub: Hub): CompanyTraffic {
  return { hub, gridAngle: r.between(0, Math.PI / 2), city: Math.exp(0.1 * gauss(r)) };
}

/** One ride leaving at `at` (local hour `hour`, Friday or not). */
export function drawRide(r: Rand, c: CompanyTraffic, vehicle: string, riderFactor: number, hour: number, friday: boolean): Ride {
  const pickup = inDisc(r, c.hub, Math.min(3, c.hub.radiusKm));
  let dropoff = inDisc(r, c.hub, c.hub.radiusKm);
  for (let k = 0; k < 5 && Math.abs(dropoff.lat - pickup.lat) * KM_PER_DEG < 0.3; k++) dropoff = inDisc(r, c.hub, c.hub.radiusKm);
  const cos = Math.cos((c.hub.lat * Math.PI) / 180);
  const north = (dropoff.lat - pickup.lat) * KM_PER_DEG;
  const east = (dropoff.lng - pickup.lng) * KM_PER_DEG * cos;
  // Along the grid: first along its axis u, then along v.
  const u = north * Math.cos(c.gridAngle) + east * Math.sin(c.gridAngle);
  const v = -north * Math.sin(c.gridAngle) + east * Math.cos(c.gridAngle);
  const corner = offset(pickup, u * Math.cos(c.gridAngle), u * Math.sin(c.gridAngle));
  const roadKm = (Math.abs(u) + Math.abs(v)) * r.between(1, 1.12);
  const mean = (BASE_KMH[vehicle] ?? 28) * hourFactor(hour) * (friday ? 1.15 : 1) * c.city * riderFactor;
  const kmh = mean * Math.exp(0.18 * gauss(r));
  const minutes = (roadKm / kmh) * 60 + roadKm * r.between(0.1, 0.6);
  const expected = (roadKm / mean) * 60 * Math.exp(0.18 ** 2 / 2) + roadKm * 0.35;
  return { pickup, dropoff, ms: Math.max(60_000, Math.round(minutes * 60_000)), expectedMs: expected * 60_000, path: [pickup, corner, dropoff] };
}

/** The ride's pings, every 30 s from the pickup to the delivery, moving evenly along the path, with GPS noise. */
export function ridePings(r: Rand, ride: Ride, start: number): { lat: number; lng: number; at: number }[] {
  const [a, b, c] = ride.path;
  const seg1 = Math.hypot(b.lat - a.lat, (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180));
  const seg2 = Math.hypot(c.lat - b.lat, (c.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180));
  const total = seg1 + seg2 || 1;
  const out = [];
  for (let t = 0; t <= ride.ms; t = t < ride.ms && t + PING_MS > ride.ms ? ride.ms : t + PING_MS) {
    const d = (t / ride.ms) * total;
    const f1 = seg1 ? Math.min(1, d / seg1) : 1;
    const f2 = seg2 && d > seg1 ? (d - seg1) / seg2 : 0;
    const lat = a.lat + (b.lat - a.lat) * f1 + (c.lat - b.lat) * f2;
    const lng = a.lng + (b.lng - a.lng) * f1 + (c.lng - b.lng) * f2;
    const noise = 0.005 / KM_PER_DEG;
    out.push({ lat: lat + noise * gauss(r), lng: lng + noise * gauss(r), at: start + t });
    if (t === ride.ms) break;
  }
  return out;
}
