/**
 * Whether a soak ran "flat": memory does not grow and latency does not drift.
 *   RSS: the least-squares slope of the 5 s RSS samples from minute 2 to the end is under 5 MB/min
 *        (the first two minutes are warm-up: JIT, caches and the page cache of the data set fill there).
 *   p99: the p99 of every request scheduled in the last 2 minutes is within 1.5× the p99 of minutes 1–3
 *        (minute 0 is left out for the same reason).
 */
export interface SoakSample {
  /** seconds since the load started */
  t: number;
  rssMb: number;
}

export const RSS_SLOPE_LIMIT_MB_PER_MIN = 5;
export const P99_DRIFT_LIMIT = 1.5;

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** The p99 ranges the generator measures, in seconds of scheduled time, for a run of `seconds`. */
export function p99Ranges(seconds: number): { early: [number, number]; late: [number, number] } {
  return { early: [60, Math.min(180, seconds)], late: [Math.max(0, seconds - 120), seconds] };
}

export interface Verdict {
  rssSlopeMbPerMin: number;
  rssFlat: boolean;
  p99Early: number;
  p99Late: number;
  p99Ratio: number;
  p99Flat: boolean;
  flat: boolean;
}

export function verdict(samples: SoakSample[], p99Early: number, p99Late: number): Verdict {
  const rssSlopeMbPerMin = slope(samples.filter((s) => s.t >= 120).map((s) => ({ x: s.t / 60, y: s.rssMb })));
  const p99Ratio = p99Early > 0 ? p99Late / p99Early : Infinity;
  const rssFlat = rssSlopeMbPerMin < RSS_SLOPE_LIMIT_MB_PER_MIN;
  const p99Flat = p99Ratio <= P99_DRIFT_LIMIT;
  return { rssSlopeMbPerMin, rssFlat, p99Early, p99Late, p99Ratio, p99Flat, flat: rssFlat && p99Flat };
}
