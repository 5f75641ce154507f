import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { dutyBreaks, dutyShifts, orders, orderStatusEvents, riderDocuments, riders } from '../../../../../db/schema';
import { callerFor } from '../../../../../test/app';
import { expectTRPCError } from '../../../../../test/expect';
import { makeOrder } from '../../../../../test/factories';
import { freshWorld, type World } from '../../../../../test/world';
import { setLocaleSource } from '../../../../shared/i18n';
import { DomainError } from '../../../errors';
import { endBreak, endDuty, startBreak, startDuty } from '../../rider';
import { orderBlockText as orderBlock } from '../../../../../test/order-block';
import { assignOrder } from '../../orders';
import { staffActor } from '../../access';


/**
 * Issue 9 review, items 2 and 3: the guards judge at the server's clock, whatever time the phone sends;
 * how far back a duty event may go is bounded; an expired licence also stops new orders.
 */
let db: Db;
let w: World;
const kw = (iso: string) => new Date(`${iso}+03:00`);
const HOUR = 3_600_000;
const admin = () => (staffActor(w.admin.id, null));

beforeEach(async () => ({ db, w } = await freshWorld()));

async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(DomainError);
  const e = err as DomainError;
  return { code: e.code, message: e.localized(), field: e.field };
}

const licence = (riderId: string, expiresOn: string) => db.insert(riderDocuments).values({ riderId, type: 'driving_licence', number: 'KW-1', expiresOn, updatedAt: new Date() });
const shiftsOf = (riderId: string) => db.select().from(dutyShifts).where(eq(dutyShifts.riderId, riderId));

describe('startDuty judges at the server’s now, not at the phone’s `at`', () => {
  test('a licence that expired yesterday: a start backdated to before midnight is refused, and no shift is stored', async () => {
    await licence(w.riderA.id, '2026-10-15');
    const now = kw('2026-10-16T00:30');
    expect(await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 2 * HOUR }, now))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Your driving license expired on 15 October 2026. Renew it before going on duty.',
      field: 'duty',
    });
    expect(await shiftsOf(w.riderA.id)).toEqual([]);
  });

  test('at the daily maximum: a start backdated to yesterday evening is refused', async () => {
    await db.insert(dutyShifts).values({ riderId: w.riderA.id, startedAt: kw('2026-10-15T06:00'), endedAt: kw('2026-10-15T16:00') });
    const now = kw('2026-10-15T20:00');
    expect(await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10, at: kw('2026-10-14T23:30').getTime() }, now))).toEqual({
      code: 'BAD_REQUEST',
      message: 'You have reached the maximum of 10 working hours today. You can start a duty again tomorrow.',
      field: 'duty',
    });
  });

  test('an allowed start keeps the phone’s time for the record', async () => {
    const now = kw('2026-10-15T09:00');
    const res = await startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 20 * 60_000 }, now);
    expect(res.startTime).toBe(kw('2026-10-15T08:40').toISOString());
  });
});

describe('how far back a duty event may go', () => {
  test('more than 24 hours back → 400 on `at`, in the request’s language; 24 hours is still fine', async () => {
    const now = kw('2026-10-15T09:00');
    const tooOld = { code: 'BAD_REQUEST' as const, message: 'This was recorded more than 24 hours ago and can no longer be sent. Check the date and time on your phone, then try again.', field: 'at' };
    expect(await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 5 * 24 * HOUR }, now))).toEqual(tooOld);
    expect(await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 24 * HOUR - 1 }, now))).toEqual(tooOld);
    setLocaleSource(() => 'ar');
    try {
      expect((await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 25 * HOUR }, now))).message).toBe(
        'سُجّل هذا قبل أكثر من 24 ساعة ولم يعد بالإمكان إرساله. تحقّق من التاريخ والوقت في هاتفك ثم حاول مجددًا.',
      );
    } finally {
      setLocaleSource(() => 'en');
    }
    expect(await shiftsOf(w.riderA.id)).toEqual([]);
    expect((await startDuty(db, w.riderA.id, { startOdometerKm: 10, at: now.getTime() - 24 * HOUR }, now)).startTime).toBe(new Date(now.getTime() - 24 * HOUR).toISOString());
    expect(await refusal(endDuty(db, w.riderA.id, { endOdometerKm: 20, at: now.getTime() - 25 * HOUR }, now))).toEqual(tooOld);
    expect(await refusal(startBreak(db, w.riderA.id, now.getTime() - 25 * HOUR, now))).toEqual(tooOld);
  });

  test('through the rider’s tRPC call (the outbox’s REST path goes through it too)', async () => {
    await expectTRPCError(
      (await callerFor(db, w.riderA.user.id)).rider.dutyStart({ startOdometerKm: 10, at: Date.now() - 3 * 24 * HOUR }),
      'BAD_REQUEST',
      'This was recorded more than 24 hours ago and can no longer be sent. Check the date and time on your phone, then try again.',
    );
  });

  test('a break or the end cannot be backdated before what the shift already holds', async () => {
    const now = kw('2026-10-15T18:00');
    await startDuty(db, w.riderA.id, { startOdometerKm: 100, at: kw('2026-10-15T08:00').getTime() }, now);
    // A break "from before the shift" starts with the shift; it ends no earlier than it started.
    await startBreak(db, w.riderA.id, kw('2026-10-15T07:00').getTime(), now);
    await endBreak(db, w.riderA.id, kw('2026-10-15T06:00').getTime(), now);
    const [b] = await db.select().from(dutyBreaks);
    expect([b!.startedAt, b!.endedAt]).toEqual([kw('2026-10-15T08:00'), kw('2026-10-15T08:00')]);
    // A delivery at 17:00: the duty cannot end at 08:01 and hide the hours worked.
    const o = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up' });
    await db.insert(orderStatusEvents).values({ orderId: o.id, status: 'delivered', riderId: w.riderA.id, at: kw('2026-10-15T17:00') });
    const end = await endDuty(db, w.riderA.id, { endOdometerKm: 150, at: kw('2026-10-15T08:01').getTime() }, now);
    expect(end.endTime).toBe(kw('2026-10-15T17:00').toISOString());
    // A new shift does not reach back into the last one.
    const next = await startDuty(db, w.riderA.id, { startOdometerKm: 150, at: kw('2026-10-15T12:00').getTime() }, now);
    expect(next.startTime).toBe(kw('2026-10-15T17:00').toISOString());
  });
});

describe('an expired driving licence stops new orders too (orderBlock)', () => {
  test('a licence that expires mid-shift: from midnight no order is assigned, with the reason', async () => {
    await licence(w.riderA.id, '2026-10-15');
    const rider = (await db.query.riders.findFirst({ where: eq(riders.id, w.riderA.id) }))!;
    const facts = { paymentMethod: 'prepaid', codAmountMinor: 0 };
    expect(await orderBlock(db, rider, facts, kw('2026-10-15T23:59'))).toBeNull();
    const reason = 'Rami Alpha’s driving license expired on 15 October 2026. Orders can be assigned again once it is renewed.';
    expect(await orderBlock(db, rider, facts, kw('2026-10-16T00:01'))).toBe(reason);
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    expect(await refusal(assignOrder(db, admin(), o.id, w.riderA.id, kw('2026-10-16T00:01')))).toEqual({ code: 'BAD_REQUEST', message: reason, field: 'riderId' });
    expect((await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!.status).toBe('pending');
    setLocaleSource(() => 'ar');
    try {
      expect(await orderBlock(db, rider, facts, kw('2026-10-16T00:01'))).toBe('انتهت رخصة قيادة Rami Alpha في 15 أكتوبر 2026. يمكن إسناد الطلبات إليه مجددًا بعد تجديدها.');
    } finally {
      setLocaleSource(() => 'en');
    }
  });
});
