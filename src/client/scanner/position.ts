/** Spec section 9: geolocation with a 5 s timeout and high accuracy. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

export interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
}

/** Why no position: the browser has no geolocation, or it could not get one (denied, timeout, no GPS). */
export class GeoError extends Error {
  constructor(readonly kind: 'unsupported' | 'failed') {
    super(kind);
  }
}

type Geo = Pick<Geolocation, 'getCurrentPosition'>;

/** One fix from the phone's GPS. */
export function getFix(geo: Geo | undefined = globalThis.navigator?.geolocation): Promise<Fix> {
  if (!geo) return Promise.reject(new GeoError('unsupported'));
  return new Promise((resolve, reject) =>
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Math.round(p.coords.accuracy) }),
      () => reject(new GeoError('failed')),
      GEO_OPTIONS,
    ),
  );
}

/** A fix when one comes within the timeout, else null: a capture is never held up by GPS. */
export function fixOrNull(geo?: Geo): Promise<Fix | null> {
  return getFix(geo).catch(() => null);
}
