import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Fix } from './actions';

/** Spec section 9: geolocation with a 5 s timeout and high accuracy. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5_000, maximumAge: 0 };
/** A one-off reading may reuse what the running watch saw in the last 5 s (its own time is kept). */
const REQUEST_OPTIONS: PositionOptions = { ...GEO_OPTIONS, maximumAge: 5_000 };
/** A watch that only times out (no new reading while standing still) is not an error while the last fix is this fresh. */
const FRESH_MS = 2 * 60_000;

export type GeoStatus = 'waiting' | 'active' | 'error' | 'unsupported';

const toFix = (p: GeolocationPosition): Fix => ({
  lat: p.coords.latitude,
  lng: p.coords.longitude,
  accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
  at: p.timestamp || Date.now(),
});

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** The phone's position: watched while `watch` (on duty), read once otherwise. */
export function useGeo(watch: boolean) {
  const [fix, setFix] = useState<Fix | null>(null);
  const [status, setStatus] = useState<GeoStatus>(supported() ? 'waiting' : 'unsupported');
  const last = useRef<Fix | null>(null);

  const onFix = useCallback((p: GeolocationPosition) => {
    const f = toFix(p);
    last.current = f;
    setFix(f);
    setStatus('active');
  }, []);
  const onError = useCallback((e: GeolocationPositionError) => {
    const fresh = last.current && Date.now() - last.current.at < FRESH_MS;
    if (e.code === e.TIMEOUT && fresh) return;
    setStatus('error');
  }, []);

  useEffect(() => {
    if (!supported()) return;
    if (!watch) {
      navigator.geolocation.getCurrentPosition(onFix, onError, GEO_OPTIONS);
      return;
    }
    const id = navigator.geolocation.watchPosition(onFix, onError, GEO_OPTIONS);
    return () => navigator.geolocation.clearWatch(id);
  }, [watch, onFix, onError]);

  /** A fresh reading now (Update Location, or the 30 s ping); null when none could be had. */
  const request = useCallback(
    () =>
      new Promise<Fix | null>((resolve) => {
        if (!supported()) {
          setStatus('unsupported');
          return resolve(null);
        }
        navigator.geolocation.getCurrentPosition(
          (p) => {
            onFix(p);
            resolve(toFix(p));
          },
          (e) => {
            onError(e);
            const f = last.current;
            resolve(f && Date.now() - f.at < FRESH_MS ? f : null);
          },
          REQUEST_OPTIONS,
        );
      }),
    [onFix, onError],
  );

  // One object while nothing changed: the rider app's context (RiderContext.tsx) keeps its value, and its cards do not re-render.
  return useMemo(() => ({ fix, status, request }), [fix, status, request]);
}
