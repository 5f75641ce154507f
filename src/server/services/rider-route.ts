import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dutyBreaks, dutyShifts, riders } from '../../../db/schema';
import { dutyMs, efficiencyPercent, ordersPerHour, type ShiftSpan } from '../../shared/rider-route';

/** The rider's shifts that touch [from, to], each with its breaks. */
export async function shiftsBetween(db: Db, riderId: string, from: Date, to: Date): Promise<ShiftSpan[]> {
  const shifts = await db
    .select({ id: dutyShifts.id, startedAt: dutyShifts.startedAt, endedAt: dutyShifts.endedAt })
    .from(dutyShifts)
    .where(and(eq(dutyShifts.riderId, riderId), lte(dutyShifts.startedAt, to), or(isNull(dutyShifts.endedAt), gte(dutyShifts.endedAt, from))))
    .orderBy(asc(dutyShifts.startedAt));
  if (shifts.length === 0) return [];
  const breaks = await db
    .select({ shiftId: dutyBreaks.shiftId, startedAt: dutyBreaks.startedAt, endedAt: dutyBreaks.endedAt })
    .from(dutyBreaks)
    .where(inArray(dutyBreaks.shiftId, shifts.map((s) => s.id)));
  return shifts.map((s) => ({
    start: s.startedAt.getTime(),
    end: s.endedAt?.getTime() ?? null,
    breaks: breaks.filter((b) => b.shiftId === s.id).map((b) => ({ start: b.startedAt.getTime(), end: b.endedAt?.getTime() ?? null })),
  }));
}

/**
 * Today's Route, computed (the spec's card is static): distance from today's pings,
 * time on duty from today's shifts less completed breaks, efficiency from the spec's formula.
 */
export async function routeToday(
  db: Db,
  riderId: string,
  today: { ordersCompleted: number; distanceKm: number; last: { lat: number; lng: number; at: Date } | null },
  since: Date,
  now: Date,
) {
  const { ordersCompleted, distanceKm, last } = today;
  const [shifts, rider] = await Promise.all([
    shiftsBetween(db, riderId, since, now),
    db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { onDuty: true } }),
  ]);
  const ms = dutyMs(shifts, since.getTime(), now.getTime());
  const rate = ordersPerHour(ordersCompleted, ms);
  return {
    distanceKm,
    dutyMinutes: Math.floor(ms / 60_000),
    /** The same flag the fleet map shows (set by duty start and end). */
    onDuty: (rider?.onDuty ?? false) || shifts.some((s) => s.end === null),
    ordersPerHour: Math.round(rate * 100) / 100,
    efficiency: efficiencyPercent(rate),
    /** Today's newest ping: the Location Status card. */
    lastLocation: last ? { lat: last.lat, lng: last.lng, at: last.at.toISOString() } : null,
  };
}
