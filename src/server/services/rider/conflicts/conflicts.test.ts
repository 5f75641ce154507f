import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { cashLedger, companies, dutyShifts, flaggedRecords, orders, riders } from '../../../../../db/schema';
import { callerFor, login, postJson, testApp } from '../../../../../test/app';
import { makeOrder, TEST_PASSWORD } from '../../../../../test/factories';
import { freshWorld, type World } from '../../../../../test/world';
import { formatMoney } from '../../../../shared/money';
import { formatDateTime, REGIONS } from '../../../../shared/regions';
import { startDuty } from '../duty';
import { onceFlagged } from './once';

let db: Db;
let w: World;
const riderA = () => callerFor(db, w.riderA.user.id);
const managerA = () => callerFor(db, w.managerA.id);
const managerB = () => callerFor(db, w.managerB.id);
const REPLAY = { replay: true, recordedAt: Date.now() - 10 * 60_000 };
let seq = 0;
const key = () => `conflict-key-${++seq}-abcdef`;
const kw = (d: Date) => formatDateTime(d, REGIONS.kuwait);

beforeEach(async () => ({ db, w } = await freshWorld()));

async function refusal(p: Promise<unknown>) {
  return p.then(() => null, (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
}

/** An order of company A given to rider A by the manager (so the rider once held it). */
async function orderOfA(over: Partial<typeof orders.$inferInsert> = {}) {
  const order = await makeOrder(db, w.companyA, { status: 'pending', ...over });
  await (await managerA()).company.assignOrder({ orderId: order.id, riderId: w.riderA.id });
  return order;
}
const flags = () => db.select().from(flaggedRecords);
const orderRow = async (id: string) => (await db.query.orders.findFirst({ where: eq(orders.id, id) }))!;

describe('the order was given to another rider', () => {
  test('a replayed pick-up of an order no one picked up yet is applied to the rider who has the parcel, flagged', async () => {
    const order = await orderOfA();
    await (await managerA()).company.assignOrder({ orderId: order.id, riderId: w.riderA2.id });
    const k = key();
    const res = await (await riderA()).rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: k, outbox: REPLAY });
    const reason = 'The company had given this order to Aziz Alpha while the phone was offline. The pickup was applied: the parcel is with the rider who recorded it.';
    expect(res.flags).toEqual([{ kind: 'order_reassigned', outcome: 'applied', reason }]);
    expect(await orderRow(order.id)).toMatchObject({ riderId: w.riderA.id, status: 'picked_up' });
    const [f] = await flags();
    expect(f).toMatchObject({ companyId: w.companyA.id, riderId: w.riderA.id, kind: 'order_reassigned', outcome: 'applied', orderId: order.id, idempotencyKey: k, reasonKey: 'conflict.reassigned.pickedApplied' });
    expect(f!.recordedAt!.getTime()).toBe(REPLAY.recordedAt);
    // The same write replayed again: the first answer, one flag.
    expect(await (await riderA()).rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: k, outbox: REPLAY })).toEqual(res);
    expect(await flags()).toHaveLength(1);
  });

  test('a replayed delivery of an order another rider holds is applied with its cash to the rider who delivered, flagged', async () => {
    const order = await orderOfA({ paymentMethod: 'cash', codAmountMinor: 5_000 });
    const m = await managerA();
    await m.company.assignOrder({ orderId: order.id, riderId: w.riderA2.id });
    await m.company.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const res = await (await riderA()).rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'Huda', idempotencyKey: key(), outbox: REPLAY });
    expect(res.flags?.map((f) => f.kind)).toEqual(['order_reassigned']);
    expect(await orderRow(order.id)).toMatchObject({ riderId: w.riderA.id, status: 'delivered', recipientName: 'Huda' });
    const hand = await db.select().from(cashLedger).where(and(eq(cashLedger.orderId, order.id), eq(cashLedger.account, 'hand')));
    expect(hand.map((l) => [l.riderId, l.amountMinor])).toEqual([[w.riderA.id, 5_000]]);
  });

  test('refused and flagged when another rider already picked it up; a failed attempt is refused without a flag; live writes answer as before', async () => {
    const order = await orderOfA();
    const m = await managerA();
    await m.company.assignOrder({ orderId: order.id, riderId: w.riderA2.id });
    await m.company.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const c = await riderA();
    expect(await refusal(c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: key(), outbox: REPLAY }))).toEqual({
      code: 'CONFLICT',
      message: 'This order is now with Aziz Alpha (picked up). Not applied: the company will sort it out.',
    });
    expect((await flags()).map((f) => [f.kind, f.outcome])).toEqual([['order_reassigned', 'refused']]);
    expect(await refusal(c.rider.setOrderStatus({ orderId: order.id, status: 'failed', reason: 'No answer', idempotencyKey: key(), outbox: REPLAY }))).toEqual({
      code: 'CONFLICT',
      message: 'The company had given this order to Aziz Alpha. Not applied: nothing more to do.',
    });
    expect(await flags()).toHaveLength(1);
    expect(await refusal(c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: key() }))).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  test('an order the rider never held is "not found", replay or not', async () => {
    const order = await makeOrder(db, w.companyA, { status: 'assigned', riderId: w.riderA2.id });
    expect(await refusal((await riderA()).rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: key(), outbox: REPLAY }))).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(await flags()).toHaveLength(0);
  });
});

describe('the order was cancelled', () => {
  test('a replayed pick-up is refused and flagged (return the parcel); the replayed delivery is applied with its cash, flagged', async () => {
    const order = await orderOfA({ paymentMethod: 'cash', codAmountMinor: 2_000 });
    await (await managerA()).company.setOrderStatus({ orderId: order.id, status: 'cancelled' });
    const time = kw((await orderRow(order.id)).updatedAt!);
    const c = await riderA();
    expect(await refusal(c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up', idempotencyKey: key(), outbox: REPLAY }))).toEqual({
      code: 'CONFLICT',
      message: `The company cancelled this order at ${time}. The pickup was not applied: return the parcel to the company.`,
    });
    const res = await c.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'Salem', idempotencyKey: key(), outbox: REPLAY });
    expect(res.flags).toEqual([
      { kind: 'order_cancelled', outcome: 'applied', reason: `The company cancelled this order at ${time}, but the parcel had been delivered. The delivery was applied, with any cash collected.` },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', riderId: w.riderA.id });
    expect((await flags()).map((f) => [f.kind, f.outcome]).sort()).toEqual([['order_cancelled', 'applied'], ['order_cancelled', 'refused']]);
    expect(await refusal(c.rider.setOrderStatus({ orderId: order.id, status: 'failed', reason: 'x', idempotencyKey: key() }))).toEqual({ code: 'BAD_REQUEST', message: 'An order that is delivered cannot become failed' });
  });
});

describe('the company ended the duty', () => {
  test('a replayed break is refused saying when; the replayed end adds its reading, flagged; a delivery after it is flagged', async () => {
    const c = await riderA();
    await c.rider.dutyStart({ startOdometerKm: 1000, at: Date.now() - 3_600_000 });
    const order = await orderOfA();
    await c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const ended = await (await managerA()).company.endRiderDuty({ id: w.riderA.id });
    const time = kw(new Date(ended.endTime));
    expect((await db.query.riders.findFirst({ where: eq(riders.id, w.riderA.id) }))!.onDuty).toBe(false);
    expect(await refusal(c.rider.breakStart({ idempotencyKey: key(), outbox: REPLAY }))).toEqual({ code: 'CONFLICT', message: `The company ended this duty at ${time}. The break was not recorded.` });
    // Not a replay: the answer as before.
    expect(await refusal(c.rider.breakStart({ idempotencyKey: key() }))).toEqual({ code: 'BAD_REQUEST', message: 'Start your duty first' });
    const end = await c.rider.dutyEnd({ endOdometerKm: 1090, idempotencyKey: key(), outbox: REPLAY });
    expect(end).toMatchObject({ km: 90, endTime: ended.endTime, flags: [{ kind: 'duty_ended', outcome: 'applied', reason: `The company had already ended this duty at ${time}. The end reading 1090 km was added to it.` }] });
    const [shift] = await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, w.riderA.id));
    expect([shift!.endOdometerKm, shift!.endedBy, shift!.endedAt!.toISOString()]).toEqual([1090, 'company', ended.endTime]);
    expect(await refusal(c.rider.dutyEnd({ endOdometerKm: 1100, idempotencyKey: key(), outbox: REPLAY }))).toEqual({ code: 'CONFLICT', message: `The company had already ended this duty at ${time}. Not applied.` });
    const at = Date.now() + 0;
    const res = await c.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'Noor', at, idempotencyKey: key(), outbox: REPLAY });
    expect(res.flags?.map((f) => f.kind)).toEqual(['duty_ended']);
    expect(res.flags?.[0]!.reason).toStartWith('Recorded at ');
    expect(res.flags?.[0]!.reason).toEndWith(`, after the company ended the duty at ${time}. Applied.`);
  });

  test('another company cannot end the rider\u2019s duty; a rider off duty is said so', async () => {
    await (await riderA()).rider.dutyStart({ startOdometerKm: 5 });
    expect(await refusal((await managerB()).company.endRiderDuty({ id: w.riderA.id }))).toEqual({ code: 'NOT_FOUND', message: 'Rider not found' });
    await (await managerA()).company.endRiderDuty({ id: w.riderA.id });
    expect(await refusal((await managerA()).company.endRiderDuty({ id: w.riderA.id }))).toEqual({ code: 'BAD_REQUEST', message: 'Rami Alpha is not on duty' });
  });
});

describe('the cash limit was reached', () => {
  test('a replayed cash delivery over the company\u2019s limit is applied (the cash is real) and flagged; a live one only notifies as before', async () => {
    await db.update(companies).set({ cashLimitMinor: 10_000 }).where(eq(companies.id, w.companyA.id));
    const c = await riderA();
    const first = await orderOfA({ paymentMethod: 'cash', codAmountMinor: 8_000 });
    await c.rider.setOrderStatus({ orderId: first.id, status: 'picked_up' });
    const second = await orderOfA({ paymentMethod: 'cash', codAmountMinor: 4_500 });
    await c.rider.setOrderStatus({ orderId: second.id, status: 'picked_up' });
    const live = await c.rider.setOrderStatus({ orderId: first.id, status: 'delivered', recipientName: 'A' });
    expect(live.flags).toBeUndefined();
    const res = await c.rider.setOrderStatus({ orderId: second.id, status: 'delivered', recipientName: 'B', idempotencyKey: key(), outbox: REPLAY });
    expect(res.flags).toEqual([{ kind: 'cash_limit', outcome: 'applied', reason: `With this cash the rider holds ${formatMoney(12_500, 'KWD')}, over the company\u2019s limit of ${formatMoney(10_000, 'KWD')}. Applied: the cash must be handed over.` }]);
    expect((await orderRow(second.id)).status).toBe('delivered');
  });
});

describe('the working rules now forbid it (fixed dates, the service at a given time)', () => {
  // 15 October 2026, Kuwait (UTC+3): no seasonal pause; the default maximum is 10 hours a day.
  const at = (hhmm: string, day = '2026-10-15') => new Date(`${day}T${hhmm}:00+03:00`);
  const replayStart = (now: Date, k = key()) => {
    const input = { startOdometerKm: 700, idempotencyKey: k, outbox: { replay: true, recordedAt: now.getTime() - 20 * 60_000 } };
    return onceFlagged(db, { userId: w.riderA.user.id, riderId: w.riderA.id }, 'duty.start', input, (tx) => startDuty(tx, w.riderA.id, input, now));
  };

  test('a replayed duty start at the day\u2019s maximum is refused with the rules\u2019 words, and the company is told', async () => {
    await db.insert(dutyShifts).values({ riderId: w.riderA.id, startedAt: at('01:00'), endedAt: at('11:00'), startOdometerKm: 1, endOdometerKm: 2, endedBy: 'rider' });
    const rule = 'You have reached the maximum of 10 working hours today. You can start a duty again tomorrow.';
    const k = key();
    expect(await refusal(replayStart(at('12:00'), k))).toEqual({ code: 'BAD_REQUEST', message: rule });
    expect(await refusal(replayStart(at('12:00'), k))).toEqual({ code: 'BAD_REQUEST', message: rule });
    const all = await flags();
    expect(all.map((f) => [f.kind, f.outcome, f.reasonKey, f.reasonParams])).toEqual([['rules', 'refused', 'conflict.rules.refused', { reason: rule }]]);
    expect(all[0]!.request).toEqual({ action: 'duty.start', odometerKm: 700 });
  });

  test('a duty start recorded before the summer midday ban, replayed inside it, is applied: a pause never stops a duty', async () => {
    const res = await replayStart(at('12:30', '2026-07-15'));
    expect(res.success).toBe(true);
    expect(await flags()).toHaveLength(0);
  });
});

describe('the record is older than 24 hours', () => {
  test('a replayed delivery is applied with the phone\u2019s time and flagged; a replayed break is refused (row 85) and flagged', async () => {
    const c = await riderA();
    await c.rider.dutyStart({ startOdometerKm: 10 });
    const order = await orderOfA();
    await c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const old = Date.now() - 25 * 3_600_000;
    const res = await c.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'Old', at: old, idempotencyKey: key(), outbox: REPLAY });
    const when = kw(new Date(old));
    expect(res.flags).toEqual([{ kind: 'too_old', outcome: 'applied', reason: `Recorded on ${when}, more than 24 hours before it reached the server. Applied with the phone\u2019s time: check it.` }]);
    expect((await orderRow(order.id)).deliveredAt!.getTime()).toBe(old);
    expect(await refusal(c.rider.breakStart({ at: old, idempotencyKey: key(), outbox: REPLAY }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This was recorded more than 24 hours ago and can no longer be sent. Check the date and time on your phone, then try again.',
    });
    const tooOld = (await flags()).filter((f) => f.outcome === 'refused');
    expect(tooOld.map((f) => [f.kind, f.reasonKey, f.reasonParams])).toEqual([['too_old', 'conflict.tooOld.refused', { at: when }]]);
  });
});

describe('the delivery PIN', () => {
  test('through the REST door: a wrong PIN typed offline (X-Replay: 1) is applied unverified and flagged; online it is refused', async () => {
    const app = testApp(db);
    const cookie = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    const order = await orderOfA();
    const c = await riderA();
    await c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const wrong = (await orderRow(order.id)).deliveryPin === '0000' ? '1111' : '0000';
    const path = `/api/rider/orders/${order.id}/status`;
    const body = { status: 'delivered', recipientName: 'Fatma', pin: wrong };
    const live = await postJson(app, path, body, { cookie, headers: { 'idempotency-key': key(), 'x-recorded-at': String(Date.now()), 'x-replay': '0' } });
    expect([live.status, (await live.json()).error]).toEqual([400, { code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 4', field: 'pin' }]);
    const k = key();
    const replayed = await postJson(app, path, body, { cookie, headers: { 'idempotency-key': k, 'x-recorded-at': String(REPLAY.recordedAt), 'x-replay': '1' } });
    expect(replayed.status).toBe(200);
    expect((await replayed.json()).flags).toEqual([
      { kind: 'pin_mismatch', outcome: 'applied', reason: 'The PIN typed offline does not match this order. The delivery was applied: check it with the customer.' },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', pinVerified: false, recipientName: 'Fatma' });
    const [f] = await flags();
    expect([f!.idempotencyKey, f!.recordedAt!.getTime(), f!.request]).toEqual([k, REPLAY.recordedAt, { action: 'order.delivered', orderId: order.id, recipientName: 'Fatma' }]);
  });

  test('the right PIN on a replay is verified, with no flag', async () => {
    const order = await orderOfA();
    const c = await riderA();
    await c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const pin = (await orderRow(order.id)).deliveryPin!;
    const res = await c.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'R', pin, idempotencyKey: key(), outbox: REPLAY });
    expect(res.flags).toBeUndefined();
    expect((await orderRow(order.id)).pinVerified).toBe(true);
  });
});

describe('the flagged records list: each company its own', () => {
  async function flagOne() {
    const order = await orderOfA();
    const c = await riderA();
    await c.rider.setOrderStatus({ orderId: order.id, status: 'picked_up' });
    const wrong = (await orderRow(order.id)).deliveryPin === '0000' ? '1111' : '0000';
    await c.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'X', pin: wrong, idempotencyKey: key(), outbox: REPLAY });
    return order;
  }

  test('company A sees its rider\u2019s flag and marks it reviewed; company B sees nothing and cannot mark it; a rider cannot list', async () => {
    const order = await flagOne();
    const a = await managerA();
    const [f] = await a.company.flagged();
    expect(f).toMatchObject({ riderName: 'Rami Alpha', kind: 'pin_mismatch', outcome: 'applied', orderId: order.id, reasonKey: 'conflict.pin.applied', reviewedAt: null });
    expect(await (await managerB()).company.flagged()).toEqual([]);
    expect(await refusal((await managerB()).company.markFlagReviewed({ id: f!.id }))).toEqual({ code: 'NOT_FOUND', message: 'Flagged record not found' });
    expect((await refusal((await riderA()).company.flagged()))?.code).toBe('FORBIDDEN');
    await a.company.markFlagReviewed({ id: f!.id });
    const [row] = await flags();
    expect([row!.reviewedBy, row!.reviewedAt instanceof Date]).toEqual([w.managerA.id, true]);
    expect(await a.company.flagged({ open: true })).toEqual([]);
    expect((await a.company.flagged())[0]!.reviewedAt).not.toBeNull();
  });
});
