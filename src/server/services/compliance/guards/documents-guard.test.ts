import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { dutyShifts, riderDocuments } from '../../../../../db/schema';
import { callerFor } from '../../../../../test/app';
import { expectTRPCError } from '../../../../../test/expect';
import { makeRider } from '../../../../../test/factories';
import { freshWorld } from '../../../../../test/world';
import { setLocaleSource, translate } from '../../../../shared/i18n';
import { DomainError } from '../../../errors';
import { startDuty } from '../../rider';

const { db, w } = await freshWorld();

/** 09:00 on Saturday 11 January 2025 in Kuwait: a winter morning no working rule stops. */
const AT = Date.parse('2025-01-11T06:00:00Z');

const licence = (riderId: string, expiresOn: string) =>
  db
    .insert(riderDocuments)
    .values({ riderId, type: 'driving_licence', number: 'KW-1', expiresOn, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [riderDocuments.riderId, riderDocuments.type], set: { expiresOn } });

async function refusal(riderId: string, at = AT): Promise<DomainError> {
  try {
    await startDuty(db, riderId, { startOdometerKm: 1000, at }, new Date(at));
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('startDuty did not refuse');
}

describe('an expired driving licence blocks going on duty', () => {
  test('expired yesterday in Kuwait → 400 with the date, and no shift', async () => {
    await licence(w.riderA.id, '2025-01-10');
    const err = await refusal(w.riderA.id);
    expect([err.code, err.field, err.message]).toEqual(['BAD_REQUEST', 'duty', 'Your driving license expired on 10 January 2025. Renew it before going on duty.']);
    expect(await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, w.riderA.id))).toEqual([]);
  });

  test('in Arabic, with the date in Arabic', async () => {
    setLocaleSource(() => 'ar');
    try {
      const err = await refusal(w.riderA.id);
      expect(err.localized('ar')).toBe(translate('ar', 'documents.duty.licenceExpired', { date: '10 يناير 2025' }));
    } finally {
      setLocaleSource(() => 'en');
    }
  });

  test('its last valid day is still fine (until midnight in the company’s zone)', async () => {
    await licence(w.riderA.id, '2025-01-11');
    // 23:59 in Kuwait on 11 January.
    const lastMinute = Date.parse('2025-01-11T20:59:00Z');
    const res = await startDuty(db, w.riderA.id, { startOdometerKm: 1000, at: lastMinute }, new Date(lastMinute));
    expect(res.success).toBe(true);
  });

  test('renewed → the duty starts', async () => {
    await licence(w.riderB.id, '2025-01-05');
    expect((await refusal(w.riderB.id)).message).toBe('Your driving license expired on 5 January 2025. Renew it before going on duty.');
    await licence(w.riderB.id, '2027-01-05');
    const res = await startDuty(db, w.riderB.id, { startOdometerKm: 1000, at: AT }, new Date(AT));
    expect(res).toMatchObject({ success: true, startTime: new Date(AT).toISOString() });
  });

  test('no licence on record → allowed (decision: docs/spec-decisions.md)', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    expect((await startDuty(db, rider.id, { startOdometerKm: 5, at: AT }, new Date(AT))).success).toBe(true);
  });

  test('through the rider’s own tRPC call, the message reaches the wire', async () => {
    const { rider, user } = await makeRider(db, w.companyA);
    await licence(rider.id, '2024-12-31');
    const caller = await callerFor(db, user!.id);
    await expectTRPCError(
      caller.rider.dutyStart({ startOdometerKm: 10 }),
      'BAD_REQUEST',
      'Your driving license expired on 31 December 2024. Renew it before going on duty.',
    );
  });
});
