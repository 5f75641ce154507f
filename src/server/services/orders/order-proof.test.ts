import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flaggedRecords, locationPings } from '../../../../db/schema';
import { freshWorldApp, callerFor, req, loginWorld, type WorldCookies } from '../../../../test/app';
import { makeOrder, makeRider } from '../../../../test/factories';
import { TINY_JPEG, TINY_JPEG_DATA_URL } from '../../../../test/fixtures/tiny-images';
import { type World } from '../../../../test/world';
import { captureSubmitInput } from '../../../shared/schemas/captures';
import { riderOrderStatusInput } from '../../../shared/schemas/rider-app';
import { storeCapture } from '../captures';
import { PROOF_PING_WINDOW_MS, type DeliveryProof } from './order-proof';
import { riderSetOrderStatus } from './rider-orders';

/** Issue 21 item 4: the manager (and the admin) see the proof of a delivery; no one else sees the photo. */
const dir = mkdtempSync(join(tmpdir(), 'kwt-proof-'));
const { db, w, app } = await freshWorldApp({ CAPTURES_DIR: dir });
let cookie: WorldCookies;
const MIN = 60_000;

/** Rider A photographs the door (at a position) and delivers the order with that photo and the PIN, or without. */
async function deliver(opts: { pin: boolean; photoAt?: { lat: number; lng: number } | null; rider?: World['riderA'] }) {
  const made = opts.rider ? null : await makeRider(db, w.companyA);
  const rider = opts.rider ?? made!.rider;
  const userId = opts.rider?.user.id ?? made!.user!.id;
  const order = await makeOrder(db, w.companyA, { riderId: rider.id, status: 'picked_up', customerPhone: '+96555123456' });
  const photo = opts.photoAt === null ? undefined : await storeCapture(db, rider.id, captureSubmitInput.parse({ type: 'proof', image: TINY_JPEG_DATA_URL, location: opts.photoAt ?? null }), dir);
  const input = riderOrderStatusInput.parse({
    orderId: order.id,
    status: 'delivered',
    recipientName: 'Noura Al-Sabah',
    ...(photo ? { proofCaptureId: photo.captureId } : {}),
    ...(opts.pin ? { pin: order.deliveryPin } : {}),
  });
  const done = await riderSetOrderStatus(db, rider.id, userId, input);
  return { order, rider, at: new Date(done.at) };
}
type Rider = { id: string; user?: { id: string } };

const ping = (rider: Rider, at: number, lat: number, lng: number) => db.insert(locationPings).values({ riderId: rider.id, lat, lng, accuracyM: 12, recordedAt: new Date(at) });
const photoOf = (id: string, who?: string) => req(app, `/api/orders/${id}/proof-photo`, { headers: who ? { cookie: who } : {} });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  cookie = await loginWorld(app);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the order detail shows the proof of delivery', () => {
  test("the company and the admin see the recipient, the matched PIN, the photo, the rider's ping nearest the moment and the phone", async () => {
    const { order, rider, at } = await deliver({ pin: true, photoAt: { lat: 29.1, lng: 48.1 } });
    await ping(rider, at.getTime() - 4 * MIN, 29.3, 47.9);
    await ping(rider, at.getTime() + 1 * MIN, 29.3376, 48.0261);
    await ping(rider, at.getTime() + 3 * MIN, 29.4, 48.2);
    const want: DeliveryProof = {
      recipientName: 'Noura Al-Sabah',
      pin: 'matched',
      photoUrl: `/api/orders/${order.id}/proof-photo`,
      place: { lat: 29.3376, lng: 48.0261, accuracyM: 12, at: new Date(at.getTime() + MIN).toISOString(), source: 'ping' },
    };
    const company = await (await callerFor(db, w.managerA.id)).company.orderDetail({ id: order.id });
    expect(company.proof).toEqual(want);
    expect(company.customerPhone).toBe('+96555123456');
    const admin = await (await callerFor(db, w.admin.id)).admin.orderDetail({ id: order.id });
    expect(admin.proof).toEqual(want);
  });

  test('without a ping within the window, the place is where the photo was taken; a flagged offline PIN reads "mismatch"', async () => {
    const { order, rider, at } = await deliver({ pin: false, photoAt: { lat: 25.2048, lng: 55.2708 } });
    await ping(rider, at.getTime() - PROOF_PING_WINDOW_MS - MIN, 29.3, 47.9);
    await db.insert(flaggedRecords).values({
      companyId: w.companyA.id, riderId: rider.id, kind: 'pin_mismatch', outcome: 'applied', orderId: order.id,
      request: { action: 'delivered' }, reasonKey: 'conflict.pin.applied', reasonParams: {}, idempotencyKey: 'proof-pin', recordedAt: at, serverAt: at,
    });
    const { proof } = await (await callerFor(db, w.managerA.id)).company.orderDetail({ id: order.id });
    expect(proof?.pin).toBe('mismatch');
    expect(proof?.place).toMatchObject({ lat: 25.2048, lng: 55.2708, source: 'photo' });
  });

  test('no photo, no PIN, no position: each says so; an order not delivered has no proof', async () => {
    const { order } = await deliver({ pin: false, photoAt: null });
    const { proof } = await (await callerFor(db, w.managerA.id)).company.orderDetail({ id: order.id });
    expect(proof).toEqual({ recipientName: 'Noura Al-Sabah', pin: 'not_entered', photoUrl: null, place: null });
    const open = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned' });
    expect((await (await callerFor(db, w.managerA.id)).company.orderDetail({ id: open.id })).proof).toBeNull();
  });

  test("a rider cannot cite another rider's photo as proof", async () => {
    const theirs = await storeCapture(db, w.riderB.id, captureSubmitInput.parse({ type: 'proof', image: TINY_JPEG_DATA_URL }), dir);
    const order = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up' });
    const input = riderOrderStatusInput.parse({ orderId: order.id, status: 'delivered', recipientName: 'Noura', proofCaptureId: theirs.captureId });
    await expect(riderSetOrderStatus(db, w.riderA.id, w.riderA.user.id, input)).rejects.toThrow('That photo is not one of your scans');
  });
});

describe('GET /api/orders/:id/proof-photo', () => {
  test("the order's company and an admin get the photo; company B, the rider who took it and a visitor do not", async () => {
    const { order } = await deliver({ pin: true, rider: w.riderA });
    for (const who of [cookie.managerA, cookie.admin]) {
      const res = await photoOf(order.id, who);
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'no-store']);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_JPEG);
    }
    const other = await photoOf(order.id, cookie.managerB);
    expect([other.status, (await errorOf(other)).message]).toEqual([404, 'Order not found']);
    const rider = await photoOf(order.id, cookie.riderA);
    expect(rider.status).toBe(403);
    expect((await errorOf(rider)).code).toBe('FORBIDDEN');
    expect((await photoOf(order.id)).status).toBe(401);
  });

  test('an order without a photo, or not delivered, answers 404', async () => {
    const { order } = await deliver({ pin: false, photoAt: null });
    expect((await photoOf(order.id, cookie.managerA)).status).toBe(404);
    expect((await photoOf('no-such-order', cookie.admin)).status).toBe(404);
  });
});
