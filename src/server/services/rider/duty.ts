import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, orderStatusEvents, riders } from '../../../../db/schema';
import { conflict, DomainError, invalid, notFound } from '../../errors';
import { assertCanStartDuty } from '../compliance';
import { ownCapture } from '../captures';
import { publishChange } from '../../lib/events';
import { companyClock, fileFlag, FlaggedRefusal, type FlagContext } from './conflicts/flags';
import { isReplay, type ReplayInfo } from './conflicts/replay';
import { msg } from '../../../shared/i18n/message';

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
export function dutyEventTime(at: number | undefined, now: Date, floor?: Date | null, replayed?: { action: string; zone: (d: Date) => string }): Date {
  if (at !== undefined && at < now.getTime() - MAX_DUTY_EVENT_AGE_MS) {
    const message = msg('app.duty.tooOld', { hours: MAX_DUTY_EVENT_AGE_HOURS });
    // A replayed one is refused all the same, and the company is told (it may correct the shift by hand).
    if (replayed) {
      const when = new Date(at).toISOString();
      throw new FlaggedRefusal({ kind: 'too_old', outcome: 'refused', reasonKey: 'conflict.tooOld.refused', params: { at: replayed.zone(new Date(at)) }, request: { action: replayed.action, at: when } }, message, 'BAD_REQUEST');
    }
    throw invalid(message, 'at');
  }
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

/** When the company ended the rider's last duty, if it did and the rider is off duty (a replayed write meets it). */
export async function endedByCompany(db: Db, riderId: string): Promise<Date | null> {
  const [last] = await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, riderId)).orderBy(desc(dutyShifts.startedAt)).limit(1);
  return last && last.endedAt && last.endedBy === 'company' ? last.endedAt : null;
}

/** For a replayed duty write: how a flag names it, and times in the company's zone. */
async function replayed(db: Db, riderId: string, outbox: ReplayInfo | undefined, action: string) {
  return isReplay(outbox) ? { action, zone: await companyClock(db, riderId) } : undefined;
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
    throw invalid(msg('errors.odometerPhotoMismatch', { photoKm: photo.valueKm, km }), which === 'start' ? 'startOdometerKm' : 'endOdometerKm');
  }
}

type DutyInput = { at?: number; outbox?: ReplayInfo };

export async function startDuty(db: Db, riderId: string, input: { startOdometerKm: number; captureId?: string } & DutyInput, now = new Date()) {
  if (await openShift(db, riderId)) throw conflict(msg('errors.alreadyOnDuty'));
  await checkOdometerPhoto(db, riderId, 'start', input.startOdometerKm, input.captureId);
  const [previous] = await db.select({ endedAt: dutyShifts.endedAt }).from(dutyShifts).where(eq(dutyShifts.riderId, riderId)).orderBy(desc(dutyShifts.endedAt)).limit(1);
  const replay = await replayed(db, riderId, input.outbox, 'duty.start');
  // A new shift does not reach back into the last one.
  const startedAt = dutyEventTime(input.at, now, previous?.endedAt, replay);
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  // Judged now, whatever time the phone says the duty started. Recorded offline and refused now, the company is
  // told too: the rider may be out working without a duty on record (issue 20).
  try {
    await assertCanStartDuty(db, rider, now);
  } catch (err) {
    if (!replay || !(err instanceof DomainError)) throw err;
    const request = { action: 'duty.start', odometerKm: input.startOdometerKm, ...(input.at ? { at: new Date(input.at).toISOString() } : {}) };
    throw new FlaggedRefusal({ kind: 'rules', outcome: 'refused', reasonKey: 'conflict.rules.refused', params: { reason: err.localized() }, request }, err.text, 'BAD_REQUEST');
  }
  const [shift] = await db
    .insert(dutyShifts)
    .values({ riderId, startedAt, startOdometerKm: input.startOdometerKm, startCaptureId: input.captureId ?? null })
    .returning();
  // Seen at the start (presence: docs/figures.md). The position keeps its own time (riders.position_at), so a first
  // fix read a moment before the button was pressed still moves the rider.
  await db.update(riders).set({ onDuty: true, lastSeenAt: startedAt }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, shiftId: shift!.id, startTime: startedAt.toISOString() };
}

/** A replayed break after the company ended the duty: refused, saying when it was ended (nothing to flag: no money, no parcel). */
async function breakAfterCompanyEnd(db: Db, riderId: string, outbox: ReplayInfo | undefined) {
  const ended = isReplay(outbox) ? await endedByCompany(db, riderId) : null;
  if (ended) throw conflict(msg('conflict.dutyEnded.breakRefused', { time: (await companyClock(db, riderId))(ended) }));
}

export async function startBreak(db: Db, riderId: string, at?: number, now = new Date(), outbox?: ReplayInfo) {
  const shift = await openShift(db, riderId);
  if (!shift) await breakAfterCompanyEnd(db, riderId, outbox);
  if (!shift) throw invalid(msg('errors.startDutyFirst'));
  const open = await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) });
  if (open) throw conflict(msg('errors.alreadyOnBreak'));
  const [last] = await db.select({ endedAt: dutyBreaks.endedAt }).from(dutyBreaks).where(eq(dutyBreaks.shiftId, shift.id)).orderBy(desc(dutyBreaks.endedAt)).limit(1);
  const floor = latest(shift.startedAt, last?.endedAt, await lastOrderEvent(db, riderId, shift.startedAt));
  await db.insert(dutyBreaks).values({ shiftId: shift.id, startedAt: dutyEventTime(at, now, floor, await replayed(db, riderId, outbox, 'break.start')) });
  return { success: true as const };
}

export async function endBreak(db: Db, riderId: string, at?: number, now = new Date(), outbox?: ReplayInfo) {
  const shift = await openShift(db, riderId);
  if (!shift) await breakAfterCompanyEnd(db, riderId, outbox);
  const open = shift ? await db.query.dutyBreaks.findFirst({ where: and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)) }) : undefined;
  if (!open) throw invalid(msg('errors.notOnBreak'));
  await db.update(dutyBreaks).set({ endedAt: dutyEventTime(at, now, open.startedAt, await replayed(db, riderId, outbox, 'break.end')) }).where(eq(dutyBreaks.id, open.id));
  return { success: true as const };
}

/**
 * A replayed end of duty after the company ended it: the rider's end reading is added to that shift (the
 * kilometres are real; the company's end time stays) and flagged; refused when the shift already has one.
 */
async function endAfterCompanyEnd(db: Db, riderId: string, input: { endOdometerKm: number; captureId?: string } & DutyInput, flagCtx: FlagContext, now: Date) {
  const [shift] = await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, riderId)).orderBy(desc(dutyShifts.startedAt)).limit(1);
  if (!shift?.endedAt || shift.endedBy !== 'company') return null;
  const time = (await companyClock(db, riderId))(shift.endedAt);
  if (shift.endOdometerKm !== null) throw conflict(msg('conflict.dutyEnded.endRefused', { time }));
  const start = shift.startOdometerKm ?? 0;
  if (input.endOdometerKm < start) throw invalid(msg('app.duty.endBelowStart', { end: input.endOdometerKm, start }), 'endOdometerKm');
  await checkOdometerPhoto(db, riderId, 'end', input.endOdometerKm, input.captureId);
  await db.update(dutyShifts).set({ endOdometerKm: input.endOdometerKm, endCaptureId: input.captureId ?? null }).where(eq(dutyShifts.id, shift.id));
  const request = { action: 'duty.end', odometerKm: input.endOdometerKm, ...(input.at ? { at: new Date(input.at).toISOString() } : {}) };
  const flag = await fileFlag(db, flagCtx, { kind: 'duty_ended', outcome: 'applied', reasonKey: 'conflict.dutyEnded.endApplied', params: { time, km: input.endOdometerKm }, request }, now);
  publishChange('duty');
  return { success: true as const, km: input.endOdometerKm - start, endTime: shift.endedAt.toISOString(), flags: [flag] };
}

/** End the shift with the end odometer: km = end − start, refused when end < start. */
export async function endDuty(db: Db, riderId: string, input: { endOdometerKm: number; captureId?: string } & DutyInput, now = new Date(), flagCtx: FlagContext = { riderId }) {
  const shift = await openShift(db, riderId);
  if (!shift && isReplay(input.outbox)) {
    const applied = await endAfterCompanyEnd(db, riderId, input, flagCtx, now);
    if (applied) return applied;
  }
  if (!shift) throw invalid(msg('errors.notOnDuty'));
  const start = shift.startOdometerKm ?? 0;
  if (input.endOdometerKm < start) {
    throw invalid(msg('app.duty.endBelowStart', { end: input.endOdometerKm, start }), 'endOdometerKm');
  }
  await checkOdometerPhoto(db, riderId, 'end', input.endOdometerKm, input.captureId);
  const [lastBreak] = await db.select({ startedAt: dutyBreaks.startedAt, endedAt: dutyBreaks.endedAt }).from(dutyBreaks).where(eq(dutyBreaks.shiftId, shift.id)).orderBy(desc(dutyBreaks.startedAt)).limit(1);
  // The end cannot come before what the shift already holds: a backdated end would hide worked hours.
  const floor = latest(shift.startedAt, lastBreak?.startedAt, lastBreak?.endedAt, await lastOrderEvent(db, riderId, shift.startedAt));
  const endedAt = dutyEventTime(input.at, now, floor, await replayed(db, riderId, input.outbox, 'duty.end'));
  await db.update(dutyBreaks).set({ endedAt }).where(and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)));
  await db
    .update(dutyShifts)
    .set({ endedAt, endOdometerKm: input.endOdometerKm, endCaptureId: input.captureId ?? null, endedBy: 'rider' })
    .where(eq(dutyShifts.id, shift.id));
  await db.update(riders).set({ onDuty: false }).where(eq(riders.id, riderId));
  publishChange('duty');
  return { success: true as const, km: input.endOdometerKm - start, endTime: endedAt.toISOString() };
}
