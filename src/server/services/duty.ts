import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dutyBreaks, dutyShifts, riders } from '../../../db/schema';
import { conflict, invalid } from '../errors';
import { ownCapture } from './capture-store';
import { publishChange } from './events';
import { t } from '../../shared/i18n';

/** The phone's time for an event, never in the future. */
export const eventTime = (at: number | undefined, now = new Date()) => (at ? new Date(Math.min(at, now.getTime())) : now);

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

export async function startDuty(db: Db, riderId: string, input: { startOdometerKm: number; captureId?: string; at?: number }) {
  if (await openShift(db, riderId)) throw conflict(t('errors.alreadyOnDuty'));
  await checkOdometerPhoto(db, riderId, 'start', input.startOdometerKm, input.captureId);
  const startedAt = eventTime(input.at);
  const [shift] = await db
    .insert(dutyShifts)
    .values({ riderId, startedAt, startOdometerKm: input.startOdometerKm, startCaptureId: input.captureId ?? null })
    .returning();
  await db.update(riders).set({ onDuty: true, lastSeenAt: startedAt }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, shiftId: shift!.id, startTime: startedAt.toISOString() };
}

export async function startBreak(db: Db, riderId: string, at?: number) {
  const shift = await openShift(db, riderId);
  if (!shift) throw invalid(t('errors.startDutyFirst'));
  const open = await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) });
  if (open) throw conflict(t('errors.alreadyOnBreak'));
  await db.insert(dutyBreaks).values({ shiftId: shift.id, startedAt: eventTime(at) });
  return { success: true as const };
}

export async function endBreak(db: Db, riderId: string, at?: number) {
  const shift = await openShift(db, riderId);
  const open = shift ? await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) }) : undefined;
  if (!open) throw invalid(t('errors.notOnBreak'));
  await db.update(dutyBreaks).set({ endedAt: eventTime(at) }).where(eq(dutyBreaks.id, open.id));
  return { success: true as const };
}

/** End the shift with the end odometer: km = end − start, refused when end < start. */
export async function endDuty(db: Db, riderId: string, input: { endOdometerKm: number; captureId?: string; at?: number }) {
  const shift = await openShift(db, riderId);
  if (!shift) throw invalid(t('errors.notOnDuty'));
  const start = shift.startOdometerKm ?? 0;
  if (input.endOdometerKm < start) {
    throw invalid(t('app.duty.endBelowStart', { end: input.endOdometerKm, start }), 'endOdometerKm');
  }
  await checkOdometerPhoto(db, riderId, 'end', input.endOdometerKm, input.captureId);
  const endedAt = eventTime(input.at);
  await db.update(dutyBreaks).set({ endedAt }).where(and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)));
  await db
    .update(dutyShifts)
    .set({ endedAt, endOdometerKm: input.endOdometerKm, endCaptureId: input.captureId ?? null })
    .where(eq(dutyShifts.id, shift.id));
  await db.update(riders).set({ onDuty: false }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, km: input.endOdometerKm - start, endTime: endedAt.toISOString() };
}
