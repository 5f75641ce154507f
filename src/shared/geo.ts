export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path of points, in km. */
export function pathLengthKm(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceKm(points[i - 1]!, points[i]!);
  return total;
}

/** The point `km` due north of `p` (along its meridian). */
export const kmNorthOf = (p: LatLng, km: number): LatLng => ({ lat: p.lat + (km * 180) / (Math.PI * EARTH_RADIUS_KM), lng: p.lng });

export interface GeoBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A latitude/longitude box holding every point within `km` of `centre` (a little more: 1 % margin), for an
 * indexable prefilter before the exact distance. Wraps no meridian: the Gulf is far from ±180°.
 */
export function boxAround(centre: LatLng, km: number): GeoBox {
  const degPerKm = 180 / (Math.PI * EARTH_RADIUS_KM);
  const dLat = km * 1.01 * degPerKm;
  const widest = Math.min(89.9, Math.abs(centre.lat) + dLat);
  const dLng = Math.min(180, (km * 1.01 * degPerKm) / Math.cos((widest * Math.PI) / 180));
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}

export const inBox = (p: LatLng, b: GeoBox) => p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng;
