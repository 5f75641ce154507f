/**
 * Sunset by the NOAA solar calculator's equations (Meeus, "Astronomical Algorithms"; the NOAA
 * Global Monitoring Laboratory's spreadsheet): good to about a minute between ±72° latitude.
 * Pure math, no dependencies: the iftar pause (rules.ts) needs the local sunset of a Ramadan day.
 */

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Where iftar is computed for each region: Kuwait City and Dubai. */
export const REGION_COORDINATES = {
  kuwait: { lat: 29.3759, lng: 47.9774 },
  uae: { lat: 25.2048, lng: 55.2708 },
} as const;

/** The sun's declination (degrees) and the equation of time (minutes) at a Julian date. */
function solarPosition(julianDay: number) {
  const T = (julianDay - 2451545) / 36525;
  const L0 = (280.46646 + T * (36000.76983 + T * 0.0003032)) % 360;
  const M = 357.52911 + T * (35999.05029 - 0.0001537 * T);
  const e = 0.016708634 - T * (0.000042037 + 0.0000001267 * T);
  const C = Math.sin(rad(M)) * (1.914602 - T * (0.004817 + 0.000014 * T)) + Math.sin(rad(2 * M)) * (0.019993 - 0.000101 * T) + Math.sin(rad(3 * M)) * 0.000289;
  const omega = 125.04 - 1934.136 * T;
  const lambda = L0 + C - 0.00569 - 0.00478 * Math.sin(rad(omega));
  const eps0 = 23 + (26 + (21.448 - T * (46.815 + T * (0.00059 - T * 0.001813))) / 60) / 60;
  const eps = eps0 + 0.00256 * Math.cos(rad(omega));
  const declination = deg(Math.asin(Math.sin(rad(eps)) * Math.sin(rad(lambda))));
  const y = Math.tan(rad(eps / 2)) ** 2;
  const eqTime =
    4 *
    deg(
      y * Math.sin(2 * rad(L0)) -
        2 * e * Math.sin(rad(M)) +
        4 * e * y * Math.sin(rad(M)) * Math.cos(2 * rad(L0)) -
        0.5 * y * y * Math.sin(4 * rad(L0)) -
        1.25 * e * e * Math.sin(2 * rad(M)),
    );
  return { declination, eqTime };
}

/** Apparent sunset: the sun's centre 0.833° below the horizon (refraction and the sun's radius). */
const ZENITH = 90.833;

/**
 * The sunset instant of a calendar date (y, m 1–12, d) at a place, or null where the sun does not set.
 * Two passes: the second evaluates the sun's position at the first estimate of sunset.
 */
export function sunsetUtc(y: number, m: number, d: number, lat: number, lng: number): Date | null {
  const midnight = Date.UTC(y, m - 1, d);
  const jdMidnight = midnight / 86_400_000 + 2440587.5;
  let minutes = 720 - 4 * lng; // first guess: local solar noon in UTC minutes
  for (let pass = 0; pass < 2; pass++) {
    const { declination, eqTime } = solarPosition(jdMidnight + minutes / 1440);
    const cosH = Math.cos(rad(ZENITH)) / (Math.cos(rad(lat)) * Math.cos(rad(declination))) - Math.tan(rad(lat)) * Math.tan(rad(declination));
    if (cosH < -1 || cosH > 1) return null;
    const hourAngle = deg(Math.acos(cosH));
    minutes = 720 - 4 * (lng - hourAngle) - eqTime;
  }
  return new Date(midnight + Math.round(minutes * 60_000));
}
