import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, riders } from '../../../../db/schema';
import { invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { publishChange } from '../../lib/events';
import { msg } from '../../../shared/i18n/message';

/**
 * A manager ends one of the company's riders' duty (a phone that died, a rider who forgot): the shift and
 * any open break end now, with no end reading; the rider's own end, replayed later, adds it (duty.ts).
 * Another company's rider is "not found".
 */
export async function endDutyByCompany(db: Db, actorId: string, companyId: string, riderId: string, now = new Date()) {
  const rider = await db.query.riders.findFirst({ where: and(eq(riders.id, riderId), eq(riders.companyId, companyId)) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const shift = await db.query.dutyShifts.findFirst({ where: and(eq(dutyShifts.riderId, riderId), isNull(dutyShifts.endedAt)), orderBy: desc(dutyShifts.startedAt) });
  if (!shift) throw invalid(msg('conflict.riderNotOnDuty', { rider: rider.name }));
  const endedAt = now < shift.startedAt ? shift.startedAt : now;
  await db.transaction(async (tx) => {
    await tx.update(dutyBreaks).set({ endedAt }).where(and(eq(dutyBreaks.shiftId, shift.id), isNull(dutyBreaks.endedAt)));
    await tx.update(dutyShifts).set({ endedAt, endedBy: 'company' }).where(eq(dutyShifts.id, shift.id));
    await tx.update(riders).set({ onDuty: false }).where(eq(riders.id, riderId));
    await audit(tx, { actorId, action: 'end_duty', entity: 'rider', entityId: riderId, before: { shiftId: shift.id, onDuty: true }, after: { endedAt: endedAt.toISOString(), onDuty: false } });
  });
  publishChange('duty');
  return { success: true as const, endTime: endedAt.toISOString() };
}
