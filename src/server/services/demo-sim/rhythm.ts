import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, type riders } from '../../../../db/schema';
import { riderRulesState } from '../compliance';

/**
 * The rhythm of a simulated shift (issue 21): one break of 20–30 minutes about halfway through the 8 hours,
 * and the region's working rules (region-rules.ts, the same verdict the guards use). Everything is read from
 * the database and derived from the shift's id, so a restarted simulator picks up where the last one was.
 */
const MIN = 60_000;

type Shift = typeof dutyShifts.$inferSelect;
type Break = typeof dutyBreaks.$inferSelect;

export interface OpenShift {
  shift: Shift;
  /** The break the rider is on, if any. */
  onBreak: Break | null;
  /** Whether the shift already had a break. */
  hadBreak: boolean;
}

const hashOf = (s: string) => [...s].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 17);

/** When the shift's break is due (3 h 30 to 4 h 30 in) and how long it lasts (20 to 30 minutes), fixed by the shift. */
export function breakPlan(shiftId: string) {
  const h = hashOf(shiftId);
  return { dueAfterMs: (210 + (h % 61)) * MIN, lengthMs: (20 + ((h >>> 8) % 11)) * MIN };
}

/** The open shifts of these riders with their breaks, keyed by rider (two queries for a whole fleet). */
export async function openShifts(db: Db, riderIds: string[]): Promise<Map<string, OpenShift>> {
  const out = new Map<string, OpenShift>();
  if (riderIds.length === 0) return out;
  const shifts = await db.select().from(dutyShifts).where(and(inArray(dutyShifts.riderId, riderIds), isNull(dutyShifts.endedAt)));
  if (shifts.length === 0) return out;
  const breaks = await db.select().from(dutyBreaks).where(inArray(dutyBreaks.shiftId, shifts.map((s) => s.id)));
  for (const shift of shifts) {
    const own = breaks.filter((b) => b.shiftId === shift.id);
    out.set(shift.riderId, { shift, onBreak: own.find((b) => !b.endedAt) ?? null, hadBreak: own.length > 0 });
  }
  return out;
}

/**
 * What the working rules allow the rider now: 'ride', 'pause' (a time-of-day pause for the rider's vehicle:
 * the Kuwait summer midday ban, the UAE midday break, the iftar pause — the rider waits where they are), or
 * 'done' (the daily maximum of hours: no new orders, the shift ends once the orders in hand are delivered).
 */
export async function rulesAllow(db: Db, rider: typeof riders.$inferSelect, now: Date): Promise<'ride' | 'pause' | 'done'> {
  const { verdict } = await riderRulesState(db, rider, now);
  if (verdict.active.some((r) => r.rule !== 'max_hours')) return 'pause';
  return verdict.hours.reached ? 'done' : 'ride';
}
