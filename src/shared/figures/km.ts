import { distanceKm, type LatLng } from '../geo';

/** Km in a window (docs/figures.md). */

/** A shift with both odometer readings, ended in the window: its km are end − start. */
export interface OdometerShift {
  start: Date;
  end: Date;
  km: number;
}

/**
 * Km in a window: the odometer (end − start) of each shift ended in it with both readings, and GPS
 * for the rest: each step between two of the window's pings counts for the share of its time that lies
 * outside those shifts (inside one, the odometer has it; across a shift's edge, partly). One decimal.
 */
export function kmOf(pings: readonly (LatLng & { at: Date })[], shifts: readonly OdometerShift[]): number {
  const outside = (from: number, to: number) => {
    if (to <= from) return shifts.some((s) => from >= s.start.getTime() && from <= s.end.getTime()) ? 0 : 1;
    let covered = 0;
    for (const s of shifts) covered += Math.max(0, Math.min(to, s.end.getTime()) - Math.max(from, s.start.getTime()));
    return Math.max(0, 1 - covered / (to - from));
  };
  let km = 0;
  for (const s of shifts) km += s.km;
  for (let i = 1; i < pings.length; i++) {
    const a = pings[i - 1]!;
    const b = pings[i]!;
    km += distanceKm(a, b) * outside(a.at.getTime(), b.at.getTime());
  }
  return Math.round(km * 10) / 10;
}
