import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../../db/client';
import { captures, cashSubmissions, dutyShifts, locationPings } from '../../../../db/schema';
import { distanceKm } from '../../../shared/geo';
import { callerFor, login, postJson, testApp, testEnv } from '../../../../test/app';
import { makeOrder, TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { endDuty, startDuty, kmToday, trackingToday } from '../rider';
import { TINY_JPEG_DATA_URL } from '../../../../test/fixtures/tiny-images';

/** Issue 6 item 4: readings confirmed in the OCR dialog, stored with the capture and used by duty and cash. */
let db: Db;
let w: World;
const env = testEnv({ CAPTURES_DIR: mkdtempSync(join(tmpdir(), 'kwt-ocr-readings-')) });
const riderA = () => callerFor(db, w.riderA.user.id, env);
const riderB = () => callerFor(db, w.riderB.user.id, env);
const jpeg = TINY_JPEG_DATA_URL;

beforeEach(async () => ({ db, w } = await freshWorld()));

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
const row = async (id: string) => (await db.query.captures.findFirst({ where: eq(captures.id, id) }))!;

describe('a capture with its confirmed reading', () => {
  test('odometer: whole km, confidence, text and whether the rider corrected it', async () => {
    const c = await riderA();
    const { captureId } = await c.ocr.submit({ type: 'start_odometer', image: jpeg, reading: { value: 84512, confidence: 88.5, text: '084512', corrected: false } });
    const r = await row(captureId);
    expect([r.valueKm, r.valueMinor, r.currency, r.ocrConfidence, r.ocrText, r.readingCorrected]).toEqual([84512, null, null, 88.5, '084512', false]);
  });

  test('receipt and cash: minor units in the rider’s currency unless another is given; typed by hand = no confidence', async () => {
    const a = await riderA();
    const receipt = await a.ocr.submit({ type: 'receipt', image: jpeg, reading: { value: 12_500, confidence: 41, text: 'TOTAL 12.500', corrected: true } });
    expect(await row(receipt.captureId)).toMatchObject({ valueMinor: 12_500, currency: 'KWD', valueKm: null, readingCorrected: true, ocrConfidence: 41 });
    const b = await riderB();
    const slip = await b.ocr.submit({ type: 'cash', image: jpeg, reading: { value: 25_000 } });
    expect(await row(slip.captureId)).toMatchObject({ valueMinor: 25_000, currency: 'AED', ocrConfidence: null, ocrText: null, readingCorrected: false });
    const dollars = await a.ocr.submit({ type: 'receipt', image: jpeg, reading: { value: 900, currency: 'AED' } });
    expect((await row(dollars.captureId)).currency).toBe('AED');
  });

  test('a reading on a proof photo, money on an odometer, or a fraction is refused', async () => {
    const c = await riderA();
    expect(await refusal(c.ocr.submit({ type: 'proof', image: jpeg, reading: { value: 1 } }))).toEqual({ code: 'BAD_REQUEST', message: 'A proof of delivery photo has no reading' });
    expect(await refusal(c.ocr.submit({ type: 'end_odometer', image: jpeg, reading: { value: 1, currency: 'KWD' } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'An odometer reading is in km, not money',
    });
    expect((await refusal(c.ocr.submit({ type: 'receipt', image: jpeg, reading: { value: 1.5 } })))!.code).toBe('BAD_REQUEST');
    expect(await db.select().from(captures)).toHaveLength(0);
  });

  test('over REST with an Idempotency-Key: one capture, one reading', async () => {
    const app = testApp(db, { CAPTURES_DIR: env.CAPTURES_DIR });
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    const send = () =>
      postJson(app, '/api/ocr/submit', { type: 'end_odometer', image: jpeg, reading: { value: 84600, confidence: 90, corrected: false } }, { cookie, headers: { 'Idempotency-Key': 'ocr-reading-0001' } });
    const first = await (await send()).json();
    const again = await (await send()).json();
    expect(again).toEqual(first);
    expect((await db.select().from(captures)).map((c) => c.valueKm)).toEqual([84600]);
  });
});

describe('duty with an odometer photo', () => {
  const scan = async (type: 'start_odometer' | 'end_odometer' | 'receipt', value?: number, who = riderA) =>
    (await (await who()).ocr.submit({ type, image: jpeg, ...(value !== undefined ? { reading: { value } } : {}) })).captureId;

  test('the photo’s reading and the km agree: start and end keep their photos; km = end − start', async () => {
    const c = await riderA();
    await c.rider.dutyStart({ startOdometerKm: 84512, captureId: await scan('start_odometer', 84512) });
    const end = await c.rider.dutyEnd({ endOdometerKm: 84600, captureId: await scan('end_odometer', 84600) });
    expect(end.km).toBe(88);
    const [shift] = await db.select().from(dutyShifts);
    expect([shift!.startCaptureId, shift!.endCaptureId].every((id) => typeof id === 'string')).toBe(true);
  });

  test('another rider’s photo, a missing one or the wrong kind is a 400; nothing starts', async () => {
    const c = await riderA();
    const notMine = await scan('start_odometer', 100, riderB);
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 100, captureId: notMine }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not one of your scans' });
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 100, captureId: 'no-such-capture' }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not one of your scans' });
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 100, captureId: await scan('end_odometer', 100) }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not a start odometer scan' });
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 100, captureId: await scan('receipt') }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not a start odometer scan' });
    expect(await db.select().from(dutyShifts)).toHaveLength(0);
    await c.rider.dutyStart({ startOdometerKm: 100 });
    expect(await refusal(c.rider.dutyEnd({ endOdometerKm: 150, captureId: await scan('start_odometer', 150) }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not an end odometer scan' });
    expect(await c.rider.duty()).not.toBeNull();
  });

  test('a km that differs from the photo’s confirmed reading is refused; a photo without a reading is accepted', async () => {
    const c = await riderA();
    expect(await refusal(c.rider.dutyStart({ startOdometerKm: 84513, captureId: await scan('start_odometer', 84512) }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The odometer photo reads 84512 km, not 84513 km',
    });
    await c.rider.dutyStart({ startOdometerKm: 84513, captureId: await scan('start_odometer') });
    expect(await refusal(c.rider.dutyEnd({ endOdometerKm: 84600, captureId: await scan('end_odometer', 84601) }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The odometer photo reads 84601 km, not 84600 km',
    });
  });

  test('Today’s Progress counts the odometer km of a finished shift, GPS outside it', async () => {
    // One clock for the whole test, noon in Kuwait: three minutes of pings read at the real clock would
    // fall partly on yesterday in the first minutes after midnight in Kuwait.
    const now = Date.parse('2026-11-22T09:00:00Z');
    const at = (minAgo: number) => new Date(now - minAgo * 60_000);
    const A = { lat: 29.3759, lng: 47.9774 };
    const B = { lat: 29.3559, lng: 47.9974 };
    const C = { lat: 29.3359, lng: 48.0274 };
    // Before the shift: A → B by GPS. During it: a ping whose km the odometer replaces.
    await db.insert(locationPings).values([
      { riderId: w.riderA.id, ...A, recordedAt: at(3) },
      { riderId: w.riderA.id, ...B, recordedAt: at(2.5) },
      { riderId: w.riderA.id, ...C, recordedAt: at(1) },
    ]);
    await startDuty(db, w.riderA.id, { startOdometerKm: 84512, at: at(2).getTime() }, at(0));
    await endDuty(db, w.riderA.id, { endOdometerKm: 84530, at: at(0.5).getTime() }, at(0));
    // A → B lies before the shift; B → C (2.5 to 1 min ago) is two thirds inside it (2 to 0.5 min ago).
    const gps = distanceKm(A, B) + distanceKm(B, C) / 3;
    expect((await trackingToday(db, w.riderA.id, at(0))).kmTraveled).toBe(Math.round((18 + gps) * 10) / 10);
  });
});

describe('kmToday', () => {
  const p = (lat: number, at: number) => ({ lat, lng: 48, at: new Date(at) });
  test('no shifts: the GPS path; with a shift, its odometer km and each step’s share of time outside it', () => {
    const pings = [p(29.0, 1), p(29.1, 2), p(29.5, 5), p(29.6, 8), p(29.7, 9)];
    const d = (a: number, b: number) => distanceKm({ lat: a, lng: 48 }, { lat: b, lng: 48 });
    expect(kmToday(pings, [])).toBe(Math.round(d(29.0, 29.7) * 10) / 10);
    // Shift 4–6: steps 2→5 and 5→8 are each one third inside it; 1→2 and 8→9 are wholly outside.
    const gps = d(29.0, 29.1) + (2 / 3) * d(29.1, 29.5) + (2 / 3) * d(29.5, 29.6) + d(29.6, 29.7);
    expect(kmToday(pings, [{ start: new Date(4), end: new Date(6), km: 40 }])).toBe(Math.round((40 + gps) * 10) / 10);
    // A step that spans a whole shift counts only for its time outside; pings inside count nothing.
    expect(kmToday([p(29.0, 0), p(29.4, 10)], [{ start: new Date(0), end: new Date(10), km: 7 }])).toBe(7);
  });
});

describe('cash hand-over with a scanned slip', () => {
  beforeEach(async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 30_000 });
  });
  const slip = async (value: number | null, type: 'cash' | 'receipt' = 'cash', currency?: 'KWD' | 'AED') =>
    (await (await riderA()).ocr.submit({ type, image: jpeg, ...(value !== null ? { reading: { value, ...(currency ? { currency } : {}) } } : {}) })).captureId;

  test('the slip is stored with the submission; the answer and the admin list show its amount and any mismatch', async () => {
    const c = await riderA();
    const same = await c.rider.submitCash({ id: w.riderA.id, amount: 12.5, slipCaptureId: await slip(12_500) });
    expect(same.slip).toEqual({ amount: 12.5, currency: 'KWD', mismatch: false });
    const differs = await c.rider.submitCash({ id: w.riderA.id, amount: 10, slipCaptureId: await slip(12_000) });
    expect(differs.slip).toEqual({ amount: 12, currency: 'KWD', mismatch: true });
    const otherCurrency = await c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: await slip(100, 'cash', 'AED') });
    expect(otherCurrency.slip).toEqual({ amount: 1, currency: 'AED', mismatch: true });
    const unread = await c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: await slip(null) });
    expect(unread.slip).toBeNull();
    const none = await c.rider.submitCash({ id: w.riderA.id, amount: 1 });
    expect(none.slip).toBeNull();

    const stored = await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, differs.submissionId) });
    expect(stored!.slipCaptureId).toBeString();
    const admin = await callerFor(db, w.admin.id, env);
    const list = await admin.admin.cashList({ status: 'pending' });
    const byId = Object.fromEntries(list.map((r) => [r.id, r]));
    expect(byId[same.submissionId]!.slip).toEqual({ amount: 12.5, currency: 'KWD', mismatch: false });
    expect(byId[differs.submissionId]).toMatchObject({ amount: 10, currency: 'KWD', riderName: 'Rami Alpha', companyName: 'Alpha Couriers', slip: { amount: 12, mismatch: true } });
    expect(byId[none.submissionId]!.slip).toBeNull();
  });

  test('one slip backs one hand-over: the same slip again is refused (409) and nothing more is submitted', async () => {
    const c = await riderA();
    const id = await slip(1_000);
    await c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: id });
    expect(await refusal(c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: id }))).toEqual({
      code: 'CONFLICT',
      message: 'That cash slip is already attached to another hand-over',
    });
    expect(await db.select().from(cashSubmissions)).toHaveLength(1);
  });

  test('a slip that is not the rider’s own cash scan is refused, and nothing is submitted', async () => {
    const c = await riderA();
    expect(await refusal(c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: await slip(1000, 'receipt') }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'That photo is not a cash slip scan',
    });
    const bSlip = (await (await riderB()).ocr.submit({ type: 'cash', image: jpeg, reading: { value: 100 } })).captureId;
    expect(await refusal(c.rider.submitCash({ id: w.riderA.id, amount: 1, slipCaptureId: bSlip }))).toEqual({ code: 'BAD_REQUEST', message: 'That photo is not one of your scans' });
    expect(await db.select().from(cashSubmissions)).toHaveLength(0);
  });

  test('the admin confirms or disputes a pending hand-over once; it is audited', async () => {
    const c = await riderA();
    const a = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    const b = await c.rider.submitCash({ id: w.riderA.id, amount: 6 });
    const admin = await callerFor(db, w.admin.id, env);
    expect(await admin.admin.cashReview({ id: a.submissionId, status: 'confirmed' })).toEqual({ success: true, id: a.submissionId, status: 'confirmed' });
    await admin.admin.cashReview({ id: b.submissionId, status: 'disputed' });
    expect(await refusal(admin.admin.cashReview({ id: a.submissionId, status: 'disputed' }))).toEqual({ code: 'CONFLICT', message: 'This hand-over is already confirmed' });
    expect(await refusal(admin.admin.cashReview({ id: 'nope', status: 'confirmed' }))).toEqual({ code: 'NOT_FOUND', message: 'Cash submission not found' });
    const rows = await admin.admin.cashList({});
    expect(rows.map((r) => [r.amount, r.status, r.confirmedAt !== null])).toEqual([
      [6, 'disputed', false],
      [5, 'confirmed', true],
    ]);
    expect((await admin.admin.auditLog({ entity: 'cash_submission' })).map((e) => e.action).sort()).toEqual(['confirm', 'dispute']);
    expect((await c.rider.dashboard()).pendingCash).toBe(0);
  });
});
