/**
 * The demo's duty shifts (issue 21): 30 days of them, in each company's local day. Every active rider works
 * six days a week (a day off in turn), a morning shift (from about 07:00) or an afternoon one (from about
 * 13:00), of 7.5–8 hours of work with a 30–45 minute break (within the labour law's
 * 8 h a day, 48 h a week and 5 h without a rest: the HR analysis has little to flag); one rider works an
 * hour over once a week (overtime to show). The break comes about halfway. Riders on duty have an open shift that started 3–5 hours
 * before the seed time (with a finished break when it is over 4 hours old) and, before it, at least 8
 * hours of rest. Everything is relative to `now`.
 */
export interface ShiftPlan {
  riderId: string;
  start: number;
  /** null: the open shift of a rider on duty. */
  end: number | null;
  breaks: { start: number; end: number }[];
}

export interface ShiftRider {
  id: string;
  status: string;
  onDuty: boolean;
}

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

type Rand = { int: (min: number, max: number) => number };

/** Shifts of one company's riders (in roster order); `offsetMinutes` is the company's zone (+180 Kuwait, +240 Dubai). */
export function planShifts(rand: Rand, riders: readonly ShiftRider[], offsetMinutes: number, now: number): ShiftPlan[] {
  const off = offsetMinutes * MIN;
  const todayStart = Math.floor((now + off) / DAY) * DAY - off;
  const out: ShiftPlan[] = [];
  riders.forEach((r, i) => {
    if (r.status !== 'active') return;
    const open = r.onDuty ? now - (3 + i) * HOUR : null;
    for (let d = 29; d >= 0; d--) {
      const dayStart = todayStart - d * DAY;
      const dayNumber = Math.floor((dayStart + off) / DAY);
      // Drawn for every day, worked or not, so one rider's days off do not shift the others' times.
      const startMin = i % 2 === 0 ? 7 * 60 + rand.int(0, 90) : 13 * 60 + rand.int(0, 60);
      const half = rand.int(-20, 20);
      const breakMin = rand.int(30, 45);
      const worked = rand.int(450, 480) + (i === 2 && dayNumber % 7 === 3 ? 60 : 0);
      // The break comes about halfway: neither stretch reaches 5 hours.
      const firstStretch = Math.round(worked / 2) + half;
      if ((dayNumber + i) % 7 === 0) continue;
      const start = dayStart + startMin * MIN;
      const breakStart = start + firstStretch * MIN;
      const breakEnd = breakStart + breakMin * MIN;
      const end = start + (worked + breakMin) * MIN;
      if (end > now - 10 * MIN) continue;
      if (open !== null && end > open - 8 * HOUR) continue;
      out.push({ riderId: r.id, start, end, breaks: [{ start: breakStart, end: breakEnd }] });
    }
    if (open !== null) {
      const breaks = now - open > 4 * HOUR ? [{ start: open + 150 * MIN, end: open + 180 * MIN }] : [];
      out.push({ riderId: r.id, start: open, end: null, breaks });
    }
  });
  return out;
}
