import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { allowConsoleError } from '../../../../test/console';
import { freshDb } from '../../../../test/db';
import { freshWorld, makeWorld } from '../../../../test/world';
import { RETRY_DELAYS_MS } from './webhook-dispatch';
import { createWebhook, dispatchDue, emitCompanyEvent, startWebhookDispatcher, stopWebhookDispatcher } from './webhooks';
import { readStoredMessage } from '../../../shared/i18n/message';

/** A loopback receiver that answers from a script of statuses ('hang' never answers). */
type Reply = number | 'hang';
interface Received {
  headers: Headers;
  body: string;
}
function receiver() {
  const got: Received[] = [];
  const script: Reply[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      got.push({ headers: req.headers, body: await req.text() });
      const reply = script.shift() ?? 200;
      if (reply === 'hang') return new Promise<Response>(() => {});
      return reply >= 300 && reply < 400 ? Response.redirect('http://127.0.0.1:9/elsewhere', reply) : new Response('ok', { status: reply });
    },
  });
  return { got, script, url: `http://127.0.0.1:${server.port}/hook`, stop: () => server.stop(true) };
}

const OPEN = { allowPrivate: true } as const;
const { db, w } = await freshWorld();
let rx: ReturnType<typeof receiver>;

beforeAll(async () => {
  rx = receiver();
});
afterAll(() => rx.stop());

async function endpoint(events: Parameters<typeof createWebhook>[2]['events'] = ['order.created'], url = rx.url, companyId = w.companyA.id) {
  return createWebhook(db, companyId, { url: `${url}?n=${Math.random()}`, events }, OPEN);
}
/** A delivery row with its stored last error (a message by key) as an English reader sees it. */
const english = <R extends { lastError: string | null }>(r: R) => ({ ...r, lastError: r.lastError === null ? null : readStoredMessage(r.lastError, 'en') });
const row = async (id: string) => english((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!);
const deliveriesOf = async (endpointId: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).map(english);

/** Each test starts alone: earlier endpoints disabled, earlier pending deliveries finished. */
async function settleAll() {
  await db.update(webhookEndpoints).set({ active: false });
  await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.status, 'pending'));
  rx.script.length = 0;
}

describe('signed deliveries to a loopback receiver (WEBHOOKS_ALLOW_PRIVATE on)', () => {
  test('one POST per matching endpoint, with the KWT headers and a signature that verifies with the secret', async () => {
    await settleAll();
    const { endpoint: ep, secret } = await endpoint(['order.created', 'order.delivered']);
    await endpoint(['rider.created']); // does not want order.created
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    rx.got.length = 0;
    expect(await emitCompanyEvent(db, w.companyA.id, 'order.created', { orderId: 'o1', fee: '1.250', currency: 'KWD' })).toBe(1);
    expect(await dispatchDue(db, OPEN)).toBe(1);
    expect(rx.got).toHaveLength(1);
    const { headers, body } = rx.got[0]!;
    const [d] = await deliveriesOf(ep.id);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-kwt-event')).toBe('order.created');
    expect(headers.get('x-kwt-delivery')).toBe(d!.id);
    const ts = headers.get('x-kwt-timestamp')!;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
    expect(headers.get('x-kwt-signature')).toBe(expected);
    const parsed = JSON.parse(body);
    expect(Object.keys(parsed).sort()).toEqual(['createdAt', 'data', 'event', 'id']);
    expect(parsed).toMatchObject({ id: d!.id, event: 'order.created', data: { orderId: 'o1', fee: '1.250', currency: 'KWD' } });
    expect(await row(d!.id)).toMatchObject({ status: 'success', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
  });

  test('a 500 then a 200: retried after the first backoff step, success with attempts 2', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint();
    rx.script.push(500, 200);
    rx.got.length = 0;
    await emitCompanyEvent(db, w.companyA.id, 'order.created', { orderId: 'o2' });
    const t0 = new Date();
    expect(await dispatchDue(db, { ...OPEN, now: t0 })).toBe(1);
    const [d] = await deliveriesOf(ep.id);
    expect(await row(d!.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect((await row(d!.id)).nextAttemptAt!.getTime()).toBe(t0.getTime() + RETRY_DELAYS_MS[0]);
    // Not due yet.
    expect(await dispatchDue(db, { ...OPEN, now: new Date(t0.getTime() + 10_000) })).toBe(0);
    expect(await dispatchDue(db, { ...OPEN, now: new Date(t0.getTime() + RETRY_DELAYS_MS[0] + 1) })).toBe(1);
    expect(await row(d!.id)).toMatchObject({ status: 'success', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(rx.got).toHaveLength(2);
    // The same event both times: same id and body, a fresh timestamp and signature per attempt.
    expect(JSON.parse(rx.got[0]!.body).id).toBe(JSON.parse(rx.got[1]!.body).id);
  });

  test('a receiver that never answers: the timeout is recorded and a retry scheduled', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint();
    rx.script.push('hang');
    await emitCompanyEvent(db, w.companyA.id, 'order.created', { orderId: 'o3' });
    const t0 = new Date();
    await dispatchDue(db, { ...OPEN, now: t0, timeoutMs: 300 });
    const [d] = await deliveriesOf(ep.id);
    expect(await row(d!.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'Timed out after 300 ms' });
  });

  test('six failures in a row: failed for good, after waits of 30 s, 2 min, 10 min, 1 h and 6 h', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint();
    rx.script.push(503, 503, 503, 503, 503, 503);
    await emitCompanyEvent(db, w.companyA.id, 'order.created', { orderId: 'o4' });
    let now = new Date();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      expect(await dispatchDue(db, { ...OPEN, now })).toBe(1);
      const r = (await deliveriesOf(ep.id))[0]!;
      if (r.nextAttemptAt) {
        waits.push(r.nextAttemptAt.getTime() - now.getTime());
        now = r.nextAttemptAt;
      }
    }
    expect(waits).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: 'failed', attempts: 6, lastStatusCode: 503, nextAttemptAt: null });
    expect(await dispatchDue(db, { ...OPEN, now: new Date(now.getTime() + 86_400_000) })).toBe(0);
  });

  test('a redirect is not followed; it counts as a failed attempt', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint();
    rx.script.push(302);
    await emitCompanyEvent(db, w.companyA.id, 'order.created', {});
    await dispatchDue(db, OPEN);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: 'pending', lastStatusCode: 302, lastError: 'HTTP 302: redirects are not followed' });
  });

  test('the guard runs again at delivery: with it on, a loopback target registered earlier is refused and nothing is sent', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint();
    rx.got.length = 0;
    await emitCompanyEvent(db, w.companyA.id, 'order.created', {});
    await dispatchDue(db, { allowPrivate: false });
    expect(rx.got).toHaveLength(0);
    const r = (await deliveriesOf(ep.id))[0]!;
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(r.lastError).toBe('Webhook URLs must use https://');
  });

  test('the background loop sends new events by itself, and stops', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint(['rider.created']);
    rx.got.length = 0;
    startWebhookDispatcher(db, { ...OPEN, intervalMs: 25 });
    try {
      await emitCompanyEvent(db, w.companyA.id, 'rider.created', { riderId: 'r1' });
      for (let i = 0; i < 100 && (await deliveriesOf(ep.id))[0]?.status !== 'success'; i++) await Bun.sleep(20);
      expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: 'success', attempts: 1 });
      expect(rx.got).toHaveLength(1);
    } finally {
      await stopWebhookDispatcher();
    }
  });
});

describe('events from the services', () => {
  test('order.created, order.assigned, order.picked_up and order.delivered carry the order, fee as a decimal string, and the rider once set', async () => {
    await settleAll();
    const { endpoint: ep } = await endpoint(['order.created', 'order.assigned', 'order.picked_up', 'order.delivered', 'order.failed']);
    const admin = await callerFor(db, w.admin.id);
    const { order } = await admin.admin.createOrder({ customerName: 'Hessa', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'Salmiya, Block 1', deliveryFee: 1.25, companyId: w.companyA.id });
    await admin.admin.orderAssign({ orderId: order.id, riderId: w.riderA.id });
    await admin.admin.orderSetStatus({ orderId: order.id, status: 'picked_up' });
    await admin.admin.orderSetStatus({ orderId: order.id, status: 'delivered' });
    const rows = (await deliveriesOf(ep.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((r) => r.event)).toEqual(['order.created', 'order.assigned', 'order.picked_up', 'order.delivered']);
    const detail = await admin.admin.orderDetail({ id: order.id });
    expect(rows[0]!.payload).toEqual({
      orderId: order.id,
      trackingCode: detail.trackingCode,
      status: 'pending',
      customerName: 'Hessa',
      deliveryAddress: 'Salmiya, Block 1',
      fee: '1.250',
      currency: 'KWD',
      riderId: null,
      riderName: null,
    });
    expect(rows[1]!.payload).toMatchObject({ status: 'assigned', riderId: w.riderA.id, riderName: 'Rami Alpha' });
    expect(rows[3]!.payload).toMatchObject({ status: 'delivered', riderId: w.riderA.id, riderName: 'Rami Alpha', fee: '1.250' });
  });

  test('rider.created from the admin’s add-rider; other companies’ endpoints hear nothing', async () => {
    await settleAll();
    const { endpoint: b } = await endpoint(['rider.created'], rx.url, w.companyB.id);
    const { endpoint: a } = await endpoint(['rider.created']);
    const admin = await callerFor(db, w.admin.id);
    const { rider } = await admin.admin.createRider({ name: 'Salem Hook', email: 'salem.hook@example.com', phone: '+96550001234', company: w.companyA.id });
    const [d] = await deliveriesOf(a.id);
    expect(d).toMatchObject({ event: 'rider.created', payload: { riderId: rider.id, name: 'Salem Hook', currency: 'KWD' } });
    expect(await deliveriesOf(b.id)).toHaveLength(0);
  });

  test('a disabled endpoint gets no deliveries', async () => {
    const db2 = await freshDb();
    const w2 = await makeWorld(db2);
    const manager = await callerFor(db2, w2.managerA.id, undefined);
    const ep = await createWebhook(db2, w2.companyA.id, { url: 'https://93.184.215.14/hook', events: ['order.created'] }, { allowPrivate: false });
    await manager.company.webhookSetActive({ id: ep.endpoint.id, active: false });
    expect(await emitCompanyEvent(db2, w2.companyA.id, 'order.created', {})).toBe(0);
  });

  test('an emission failure never fails the write: createOrder succeeds and the failure is logged', async () => {
    const db2 = await freshDb();
    const w2 = await makeWorld(db2);
    await createWebhook(db2, w2.companyA.id, { url: 'https://93.184.215.14/hook', events: ['order.created'] }, { allowPrivate: false });
    await db2.$client.execute('DROP TABLE webhook_deliveries');
    const logged = allowConsoleError();
    const admin = await callerFor(db2, w2.admin.id);
    const res = await admin.admin.createOrder({ customerName: 'Still', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'B', deliveryFee: 1, companyId: w2.companyA.id });
    expect(res.success).toBe(true);
    expect((await admin.admin.orderDetail({ id: res.order.id })).customerName).toBe('Still');
    expect(String(logged[0]?.[0])).toContain('webhook event order.created');
  });
});
