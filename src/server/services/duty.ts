import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dutyBreaks, dutyShifts, orderStatusEvents, riders } from '../../../db/schema';
import { conflict, invalid, notFound } from '../errors';
import { assertCanStartDuty } from './guards';
import { ownCapture } from './capture-store';
import { publishChange } from './events';
import { t } from '../../shared/i18n';

/** The phone's time for an event, never in the future. */
export const eventTime = (at: number | undefined, now = new Date()) => (at ? new Date(Math.min(at, now.getTime())) : now);

/** How far back the phone's time of a duty event may go (offline replay): older is refused. */
export const MAX_DUTY_EVENT_AGE_HOURS = 24;
const MAX_DUTY_EVENT_AGE_MS = MAX_DUTY_EVENT_AGE_HOURS * 3_600_000;

/**
 * The time a duty event is recorded at: the phone's (`at`, kept for the record, so an event made
 * offline keeps its time), never in the future, never before `floor` (the shift's or the break's
 * start, the rider's last order event: events of one shift stay in order), and refused (400) when older
 * than MAX_DUTY_EVENT_AGE_HOURS. Guards never judge at this time but at the server's `now`: a
 * backdated `at` cannot slip past an expired licence or the daily maximum.
 */
export function dutyEventTime(at: number | undefined, now: Date, floor?: Date | null): Date {
  if (at !== undefined && at < now.getTime() - MAX_DUTY_EVENT_AGE_MS) throw invalid(t('app.duty.tooOld', { hours: MAX_DUTY_EVENT_AGE_HOURS }), 'at');
  const time = eventTime(at, now);
  return floor && time < floor ? new Date(Math.min(floor.getTime(), now.getTime())) : time;
}

const latest = (...dates: (Date | null | undefined)[]) => dates.reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);

/** When the rider's last order event since `since` happened (what a break or the end cannot precede). */
async function lastOrderEvent(db: Db, riderId: string, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.riderId, riderId), gte(orderStatusEvents.at, since)))
    .orderBy(desc(orderStatusEvents.at))
    .limit(1);
  return row?.at ?? null;
}

async function openShift(db: Db, riderId: string) {
  return db.query.dutyShifts.findFirst({
    where: and(eq(dutyShifts.riderId, riderId), isNull(dutyShifts.endedAt)),
    orderBy: desc(dutyShifts.startedAt),
  });
}

/** The rider's current duty: the open shift with its breaks, or null when off duty. */
export async function currentDuty(db: Db, riderId: string) {
  const shift = await openShift(db, riderId);
  if (!shift) return null;
  const breaks = await db.select().from(dutyBreaks).where(eq(dutyBreaks.shiftId, shift.id)).orderBy(asc(dutyBreaks.startedAt));
  return {
    id: shift.id,
    startTime: shift.startedAt.toISOString(),
    startOdometer: shift.startOdometerKm,
    onBreak: breaks.some((b) => !b.endedAt),
    breaks: breaks.map((b) => ({ start: b.startedAt.toISOString(), end: b.endedAt?.toISOString() ?? null })),
  };
}

/**
 * The odometer photo a duty write refers to: the rider's own scan of that end of the duty, and
 * when the rider confirmed a reading with it, the same km (one reading per photo, never two).
 */
async function checkOdometerPhoto(db: Db, riderId: string, which: 'start' | 'end', km: number, captureId: string | undefined) {
  if (!captureId) return;
  const photo = await ownCapture(db, riderId, captureId, which === 'start' ? 'start_odometer' : 'end_odometer');
  if (photo.valueKm !== null && photo.valueKm !== km) {
    throw invalid(t('errors.odometerPhotoMismatch', { photoKm: photo.valueKm, km }), which === 'start' ? 'startOdometerKm' : 'endOdometerKm');
  }
}

export async function startDuty(db: Db, riderId: string, input: { startOdometerKm: number; captureId?: string; at?: number }, now = new Date()) {
  if (await openShift(db, riderId)) throw conflict(t('errors.alreadyOnDuty'));
  await checkOdometerPhoto(db, riderId, 'start', input.startOdometerKm, input.captureId);
  const [previous] = await db.select({ endedAt: dutyShifts.endedAt }).from(dutyShifts).where(eq(dutyShifts.riderId, riderId)).orderBy(desc(dutyShifts.endedAt)).limit(1);
  // A new shift does not reach back into the last one.
  const startedAt = dutyEventTime(input.at, now, previous?.endedAt);
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(t('errors.riderNotFound'));
  // Judged now, whatever time the phone says the duty started.
  await assertCanStartDuty(db, rider, now);
  const [shift] = await db
    .insert(dutyShifts)
    .values({ riderId, startedAt, startOdometerKm: input.startOdometerKm, startCaptureId: input.captureId ?? null })
    .returning();
  await db.update(riders).set({ onDuty: true, lastSeenAt: startedAt }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, shiftId: shift!.id, startTime: startedAt.toISOString() };
}

export async function startBreak(db: Db, riderId: string, at?: number, now = new Date()) {
  const shift = await openShift(db, riderId);
  if (!shift) throw invalid(t('errors.startDutyFirst'));
  const open = await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) });
  if (open) throw conflict(t('errors.alreadyOnBreak'));
  const [last] = await db.select({ endedAt: dutyBreaks.endedAt }).from(dutyBreaks).where(eq(dutyBreaks.shiftId, shift.id)).orderBy(desc(dutyBreaks.endedAt)).limit(1);
  const floor = latest(shift.startedAt, last?.endedAt, await lastOrderEvent(db, riderId, shift.startedAt));
  await db.insert(dutyBreaks).values({ shiftId: shift.id, startedAt: dutyEventTime(at, now, floor) });
  return { success: true as const };
}

export async function endBreak(db: Db, riderId: string, at?: number, now = new Date()) {
  const shift = await openShift(db, riderId);
  const open = shift ? await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) }) : undefined;
  if (!open) throw invalid(t('errors.notOnBreak'));
  await db.update(dutyBreaks).set({ endedAt: dutyEventTime(at, now, open.startedAt) }).where(eq(dutyBreaks.id, open.id));
  return { success: true as const };
}

/** End the shift with the end odometer: km = end − start, refused when end < start. */
export async function endDuty(db: Db, riderId: string, input: { endOdometerKm: number; captureId?: string; at?: number }, now = new Date()) {
  const shift = await openShift(db, riderId);
  if (!shift) throw invalid(t('errors.notOnDuty'));
  const start = shift.startOdometerKm ?? 0;
  if (input.endOdometerKm < start) {
    throw invalid(t('app.duty.endBelowStart', { end: input.endOdometerKm, start }), 'endOdometerKm');
  }
  await checkOdometerPhoto(db, riderId, 'end', input.endOdometerKm, input.captureId);
  const [lastBreak] = await db.select({ startedAt: dutyBreaks.startedAt, endedAt: dutyBreaks.endedAt }).from(dutyBreaks).where(eq(dutyBreaks.shiftId, shift.id)).orderBy(desc(dutyBreaks.startedAt)).limit(1);
  // The end cannot come before what the shift already holds: a backdated end would hide worked hours.
  const endedAt = dutyEventTime(input.at, now, latest(shift.startedAt, lastBreak?.startedAt, lastBreak?.endedAt, await lastOrderEvent(db, riderId, shift.startedAt)));
  await db.update(dutyBreaks).set({ endedAt }).where(and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)));
  await db
    .update(dutyShifts)
    .set({ endedAt, endOdometerKm: input.endOdometerKm, endCaptureId: input.captureId ?? null })
    .where(eq(dutyShifts.id, shift.id));
  await db.update(riders).set({ onDuty: false }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, km: input.endOdometerKm - start, endTime: endedAt.toISOString() };
}
