import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../../db/client';
import { captures, cashSubmissions, dutyShifts, orders, orderStatusEvents, performanceSnapshots, riders } from '../../../../db/schema';
import { callerFor, login, postJson, testApp, testEnv } from '../../../../test/app';
import { makeOrder, TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { TINY_JPEG_DATA_URL } from '../../../../test/fixtures/tiny-images';

let db: Db;
let w: World;
const capturesDir = mkdtempSync(join(tmpdir(), 'kwt-captures-'));
const env = testEnv({ CAPTURES_DIR: capturesDir });
const riderA = () => callerFor(db, w.riderA.user.id, env);

beforeEach(async () => ({ db, w } = await freshWorld()));

async function refusal(p: Promise<unknown>) {
  return p.then(() => null, (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
}

describe('duty', () => {
  test('start with the odometer, a break, end: km = end − start, breaks closed, on/off duty', async () => {
    const c = await riderA();
    const startAt = Date.now() - 3 * 3_600_000;
    await c.rider.dutyStart({ startOdometerKm: 84512, at: startAt });
    expect((await db.query.riders.findFirst({ where: eq(riders.id, w.riderA.id) }))!.onDuty).toBe(true);
    await c.rider.breakStart({});
    expect((await c.rider.duty())!.onBreak).toBe(true);
    await c.rider.breakEnd({});
    const end = await c.rider.dutyEnd({ endOdometerKm: 84600 });
    expect(end.km).toBe(88);
    const [shift] = await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, w.riderA.id));
    expect([shift!.startOdometerKm, shift!.endOdometerKm, shift!.startedAt.toISOString()]).toEqual([84512, 84600, new Date(startAt).toISOString()]);
    expect(await c.rider.duty()).toBeNull();
  });

  test('an end reading below the start is refused, naming both', async () => {
    const c = await riderA();
    await c.rider.dutyStart({ startOdometerKm: 1000 });
    expect(await refusal(c.rider.dutyEnd({ endOdometerKm: 999 }))).toEqual({ code: 'BAD_REQUEST', message: 'The end reading (999 km) is below the start reading (1000 km)' });
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 1000 }))).toEqual({ code: 'CONFLICT', message: 'You are already on duty' });
  });
});

describe('cash submission', () => {
  beforeEach(async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
  });

  test('positive, not above cash on hand, pending until confirmed', async () => {
    const c = await riderA();
    const ok = await c.rider.submitCash({ id: w.riderA.id, amount: 10 });
    expect(ok).toMatchObject({ success: true, amount: 10, currency: 'KWD' });
    expect(await refusal(c.rider.submitCash({ id: w.riderA.id, amount: 2.501 }))).toEqual({ code: 'BAD_REQUEST', message: 'You hold 2.5 KWD; you cannot submit more than that' });
    expect((await refusal(c.rider.submitCash({ id: w.riderA.id, amount: 0 })))!.code).toBe('BAD_REQUEST');
    expect((await refusal(c.rider.submitCash({ id: w.riderA.id, amount: -5 })))!.code).toBe('BAD_REQUEST');
    const dash = await c.rider.dashboard();
    expect([dash.cashOnHand, dash.pendingCash]).toEqual([2.5, 10]);
  });

  test('for another rider’s id: forbidden', async () => {
    const c = await riderA();
    expect((await refusal(c.rider.submitCash({ id: w.riderB.id, amount: 1 })))!.code).toBe('FORBIDDEN');
  });

  test('the same idempotency key twice submits once and answers the same', async () => {
    const c = await riderA();
    const first = await c.rider.submitCash({ id: w.riderA.id, amount: 5, idempotencyKey: 'cash-key-0001' });
    const again = await c.rider.submitCash({ id: w.riderA.id, amount: 5, idempotencyKey: 'cash-key-0001' });
    // The one-time code is answered once; the stored answer (and so a replay) never holds it (issue 9).
    const { code, qr, codeExpiresAt, ...rest } = first;
    expect(code).toMatch(/^\d{6}$/);
    expect([qr, typeof codeExpiresAt]).toEqual([`kwt-handover:${first.submissionId}:${code}`, 'string']);
    expect(again).toEqual(rest);
    expect(await db.select().from(cashSubmissions).where(eq(cashSubmissions.riderId, w.riderA.id))).toHaveLength(1);
  });

  test('over REST the Idempotency-Key header makes a replay harmless', async () => {
    const app = testApp(db);
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    const send = () => postJson(app, `/api/riders/${w.riderA.id}/cash/submit`, { amount: 3 }, { cookie, headers: { 'Idempotency-Key': 'rest-replay-42' } });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(await db.select().from(cashSubmissions).where(eq(cashSubmissions.riderId, w.riderA.id))).toHaveLength(1);
  });
});

describe('my orders', () => {
  test('pick up and deliver with proof, PIN and the phone’s time; cash adds to cash on hand', async () => {
    const o = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned', paymentMethod: 'cash', codAmountMinor: 7_250, deliveryPin: '4821' });
    const c = await riderA();
    expect((await c.rider.orders()).map((x) => [x.id, x.cashToCollect, x.currency])).toEqual([[o.id, 7.25, 'KWD']]);
    const pickedAt = Date.now() - 40 * 60_000;
    const deliveredAt = Date.now() - 20 * 60_000;
    await c.rider.setOrderStatus({ orderId: o.id, status: 'picked_up', at: pickedAt });
    expect(await refusal(c.rider.setOrderStatus({ orderId: o.id, status: 'delivered', recipientName: 'Noura', pin: '0000' }))).toEqual({ code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 4' });
    await c.rider.setOrderStatus({ orderId: o.id, status: 'delivered', recipientName: 'Noura', pin: '4821', at: deliveredAt });
    const row = await db.query.orders.findFirst({ where: eq(orders.id, o.id) });
    expect([row!.status, row!.recipientName, row!.pinVerified, row!.deliveredAt!.toISOString()]).toEqual(['delivered', 'Noura', true, new Date(deliveredAt).toISOString()]);
    const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, o.id));
    expect(events.map((e) => [e.status, e.at.toISOString()])).toEqual([
      ['picked_up', new Date(pickedAt).toISOString()],
      ['delivered', new Date(deliveredAt).toISOString()],
    ]);
    expect((await c.rider.dashboard()).cashOnHand).toBe(7.25);
    expect(await c.rider.orders()).toEqual([]);
  });

  test('a failed delivery needs a reason; another rider’s order is not found', async () => {
    const o = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up' });
    const c = await riderA();
    await c.rider.setOrderStatus({ orderId: o.id, status: 'failed', reason: 'Customer not at home' });
    expect((await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!.failureReason).toBe('Customer not at home');
    const b = await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'assigned' });
    expect(await refusal(c.rider.setOrderStatus({ orderId: b.id, status: 'picked_up' }))).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
  });
});

describe('captures, region and performance', () => {
  const jpeg = TINY_JPEG_DATA_URL;

  test('a confirmed scan is kept on disk and recorded with its location', async () => {
    const c = await riderA();
    const res = await c.ocr.submit({ type: 'start_odometer', image: jpeg, timestamp: '2026-11-22T05:00:00Z', location: { lat: 29.37, lng: 47.98, accuracy: 8 } });
    const row = await db.query.captures.findFirst({ where: eq(captures.id, res.captureId) });
    expect([row!.type, row!.lat, row!.capturedAt.toISOString()]).toEqual(['start_odometer', 29.37, '2026-11-22T05:00:00.000Z']);
    expect(readdirSync(capturesDir)).toContain(row!.imagePath!);
  });

  test('bytes that are not what the data URL claims are refused', async () => {
    const c = await riderA();
    const fake = `data:image/jpeg;base64,${Buffer.from('not an image at all').toString('base64')}`;
    expect(await refusal(c.ocr.submit({ type: 'receipt', image: fake }))).toEqual({ code: 'BAD_REQUEST', message: 'The file is not a real image' });
  });

  test('region switches the rider’s currency', async () => {
    const c = await riderA();
    expect(await c.rider.setRegion({ region: 'uae' })).toEqual({ success: true, region: 'uae', currency: 'AED' });
  });
});

describe('performance sync: the server’s figures, never the phone’s', () => {
  test('a posted rating is not stored: the snapshot holds what the server computes from its own records', async () => {
    const now = new Date();
    // Today: two delivered (one 2.500 KWD cash), no shift, so no hours and a rating of 0.
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 2500, createdAt: now, deliveredAt: now });
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'card', codAmountMinor: 0, createdAt: now, deliveredAt: now });
    const app = testApp(db);
    const cookie = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    // The spec's body, as the phone sends it, claiming a perfect day.
    const posted = { ordersCompleted: 40, ordersPerHour: 5, totalDistance: 310, averageOrderTime: 9, cashCollected: 999, efficiency: 100, workingHours: 8, syncType: 'auto', breakCount: 1 };
    const res = await postJson(app, '/api/performance/sync', posted, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const [snap] = await db.select().from(performanceSnapshots).where(eq(performanceSnapshots.riderId, w.riderA.id));
    const { id: _id, riderId: _rider, recordedAt: _at, createdAt: _created, ...stored } = snap!;
    expect(stored).toEqual({
      ordersCompleted: 2, ordersPerHour: 0, totalDistanceKm: 0, averageOrderTimeMin: 0, cashCollectedMinor: 2500, efficiency: 0, workingHours: 0, syncType: 'auto',
    });
    // The dashboard's rating is the server's too.
    expect((await (await riderA()).rider.dashboard()).performanceRating).toBe(0);
  });
});
