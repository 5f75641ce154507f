import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, riders } from '../../../../db/schema';
import type { ShiftSpan } from '../../../shared/rider-route';
import type { RiderFigures } from '../reports';

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
 * Today's Route, computed (the spec's card is static): km, time on duty (shifts less completed breaks),
 * orders per hour and efficiency, all from the day's figures (services/figures, docs/figures.md).
 */
export async function routeToday(db: Db, riderId: string, figures: RiderFigures) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { onDuty: true } });
  const last = figures.lastPing;
  return {
    distanceKm: figures.km,
    dutyMinutes: Math.floor(figures.dutyMs / 60_000),
    /** The same flag the fleet map shows (set by duty start and end). */
    onDuty: (rider?.onDuty ?? false) || figures.shifts.some((s) => s.end === null),
    ordersPerHour: Math.round(figures.ordersPerHour * 100) / 100,
    // The same one-decimal figure as the rider's Performance card (performanceRating).
    efficiency: figures.efficiency,
    /** Today's newest ping: the Location Status card. */
    lastLocation: last ? { lat: last.lat, lng: last.lng, at: last.at.toISOString() } : null,
  };
}
