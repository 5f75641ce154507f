import { distanceKm, pathLengthKm, type LatLng } from '../src/shared/geo';
import { ROADS, type City } from './seed-places';

/**
 * Demo routes along the roads of seed-places.ts: from a point to the nearest junction, along the shortest
 * chain of roads to the junction nearest the destination, and on to it. Used by the seed (past routes)
 * and the demo simulator (live ones).
 */

/** Average city speeds by vehicle, km/h, traffic and lights included. */
export const SPEED_KMH: Record<string, number> = { motorcycle: 30, car: 27, van: 24, bicycle: 14 };

function nearest(city: City, p: LatLng): string {
  let best = '';
  let bestKm = Infinity;
  for (const [name, node] of Object.entries(ROADS[city].nodes)) {
    const km = distanceKm(p, node);
    if (km < bestKm) [best, bestKm] = [name, km];
  }
  return best;
}

const graphs = new Map<City, Map<string, { to: string; km: number }[]>>();
function graph(city: City) {
  let g = graphs.get(city);
  if (g) return g;
  const { nodes, roads } = ROADS[city];
  g = new Map(Object.keys(nodes).map((n) => [n, []]));
  for (const [a, b] of roads) {
    const km = distanceKm(nodes[a]!, nodes[b]!);
    g.get(a)!.push({ to: b, km });
    g.get(b)!.push({ to: a, km });
  }
  graphs.set(city, g);
  return g;
}

/** Dijkstra over a score of junctions. */
function junctions(city: City, from: string, to: string): string[] {
  const g = graph(city);
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const open = new Set([from]);
  while (open.size) {
    let here = '';
    for (const n of open) if (!here || dist.get(n)! < dist.get(here)!) here = n;
    open.delete(here);
    if (here === to) break;
    for (const { to: next, km } of g.get(here)!) {
      const d = dist.get(here)! + km;
      if (d < (dist.get(next) ?? Infinity)) {
        dist.set(next, d);
        prev.set(next, here);
        open.add(next);
      }
    }
  }
  const path = [to];
  while (path[0] !== from) {
    const p = prev.get(path[0]!);
    if (!p) return [from, to];
    path.unshift(p);
  }
  return path;
}

/** The road from `a` to `b`: a polyline that starts at `a` and ends at `b`. */
export function route(city: City, a: LatLng, b: LatLng): LatLng[] {
  if (distanceKm(a, b) < 1.2) return [a, b];
  const nodes = ROADS[city].nodes;
  const via = junctions(city, nearest(city, a), nearest(city, b)).map((n) => nodes[n]!);
  return [a, ...via, b];
}

export const lengthKm = pathLengthKm;

/** The point `km` along a polyline (its end past its length). */
export function pointAlong(line: readonly LatLng[], km: number): LatLng {
  let left = km;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const step = distanceKm(a, b);
    if (left <= step && step > 0) {
      const f = left / step;
      return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
    }
    left -= step;
  }
  return line[line.length - 1]!;
}

/** Minutes a vehicle takes for `km`. */
export const travelMinutes = (km: number, vehicle: string) => (km / (SPEED_KMH[vehicle] ?? 25)) * 60;
