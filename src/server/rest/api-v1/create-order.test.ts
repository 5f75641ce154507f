import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { orders, orderStatusEvents } from '../../../../db/schema';
import { translate } from '../../../shared/i18n';
import { apiWorld, call, dubaiOrder, kuwaitOrder, type ApiWorld } from '../../../../test/api-v1';

/** POST /api/v1/orders (issue 25, item 5): who may, what is checked, and the Idempotency-Key (Stripe's rule). */
let x: ApiWorld;
beforeAll(async () => {
  x = await apiWorld();
});

const post = (body: unknown, opts: { token?: string; key?: string } = {}) => call(x.app, 'POST', '/api/v1/orders', { body, token: opts.token ?? x.tokens.A, key: opts.key });
const countFor = async (companyId: string) => (await x.db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, companyId))).length;
let keySeq = 0;
const freshKey = () => `key-${++keySeq}-${crypto.randomUUID()}`;

describe('who may create', () => {
  test('no token and no session: 401 with WWW-Authenticate', async () => {
    const res = await call(x.app, 'POST', '/api/v1/orders', { body: kuwaitOrder(), key: freshKey() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kwt-delivery-api"');
    expect(res.json.error).toEqual({ code: 'UNAUTHORIZED', message: 'Send a company API token (Authorization: Bearer kwt_…) or sign in to the company portal' });
  });

  test('a revoked or made-up token: 401 invalid_token', async () => {
    const res = await post(kuwaitOrder(), { token: `kwt_${'A'.repeat(43)}`, key: freshKey() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kwt-delivery-api", error="invalid_token"');
    expect(res.json.error?.message).toBe('The API token is invalid or has been revoked');
  });

  test("a rider's or an admin's token: 403, nothing made", async () => {
    for (const token of [x.tokens.rider, x.tokens.admin]) {
      const res = await post(kuwaitOrder(), { token, key: freshKey() });
      expect(res.status).toBe(403);
      expect(res.json.error).toEqual({ code: 'FORBIDDEN', message: 'The order API is for company accounts: use a token of a company manager' });
    }
    expect(await countFor(x.w.companyA.id)).toBe(0);
  });
});

describe('a new order', () => {
  test('201 { id, status, trackingUrl } with Location; the order holds the points, promise, language and exact money', async () => {
    const body = kuwaitOrder();
    const res = await post(body, { key: freshKey() });
    expect(res.status).toBe(201);
    const row = await x.db.query.orders.findFirst({ where: eq(orders.id, res.json.id!) });
    expect(res.json).toEqual({ id: row!.id, status: 'pending', trackingUrl: `http://localhost/track/${row!.trackingCode}` });
    expect(res.headers.get('location')).toBe(`/api/v1/orders/${row!.id}`);
    expect(row).toMatchObject({
      companyId: x.w.companyA.id,
      customerName: 'Fatima Al-Sabah',
      customerPhone: '+96550001234',
      customerLocale: 'ar',
      source: 'api',
      currency: 'KWD',
      deliveryFeeMinor: 1250,
      codAmountMinor: 7500,
      paymentMethod: 'cash',
      pickupLat: 29.3759,
      pickupLng: 47.9774,
      dropoffLat: 29.3375,
      dropoffLng: 48.0289,
      promisedAt: new Date(body.promisedAt),
      createdBy: x.w.managerA.id,
    });
    expect(row!.deliveryAddress).toBe('Block 10, Salem Al Mubarak St, Building 7, Salmiya, Hawalli');
    const timeline = await x.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row!.id));
    expect(timeline.map((e) => e.status)).toEqual(['pending']);
  });

  test('AED with 2 decimals for the UAE company; its own keys are its own (the same key as company A is fine)', async () => {
    const key = freshKey();
    expect((await post(kuwaitOrder(), { key })).status).toBe(201);
    const res = await post(dubaiOrder(), { token: x.tokens.B, key });
    expect(res.status).toBe(201);
    const row = await x.db.query.orders.findFirst({ where: eq(orders.id, res.json.id!) });
    expect([row!.companyId, row!.deliveryFeeMinor, row!.codAmountMinor, row!.paymentMethod]).toEqual([x.w.companyB.id, 1250, 0, 'prepaid']);
  });
});

describe('the Idempotency-Key', () => {
  test('the same key and body: 200, the same order, Idempotent-Replayed; key order in the JSON does not matter', async () => {
    const key = freshKey();
    const body = kuwaitOrder();
    const first = await post(body, { key });
    const before = await countFor(x.w.companyA.id);
    const again = await post(body, { key });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post(reordered, { key })).json).toEqual(first.json);
    expect(await countFor(x.w.companyA.id)).toBe(before);
  });

  test('the same key with another body: 409, nothing made', async () => {
    const key = freshKey();
    await post(kuwaitOrder(), { key });
    const before = await countFor(x.w.companyA.id);
    const res = await post(kuwaitOrder({ fee: '2.000' }), { key });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({ code: 'CONFLICT', message: 'This Idempotency-Key was already used with a different request', field: 'Idempotency-Key' });
    expect(await countFor(x.w.companyA.id)).toBe(before);
    // In the caller's language.
    const ar = await call(x.app, 'POST', '/api/v1/orders', { token: x.tokens.A, key, body: kuwaitOrder({ fee: '2.000' }), headers: { 'accept-language': 'ar' } });
    expect(ar.json.error?.message).toBe(translate('ar', 'shopApi.keyReused'));
  });

  test('five retries at once with one key make one order', async () => {
    const key = freshKey();
    const body = kuwaitOrder();
    const before = await countFor(x.w.companyA.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, { key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect(await countFor(x.w.companyA.id)).toBe(before + 1);
  });

  test('missing, empty or too long: 400', async () => {
    for (const key of [undefined, '', 'x'.repeat(256), 'has space']) {
      const res = await post(kuwaitOrder(), { key });
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({ code: 'BAD_REQUEST', message: 'Send an Idempotency-Key header (1 to 255 visible characters) with every new order', field: 'Idempotency-Key' });
    }
  });
});

describe('refused input: 400 naming the field, nothing made', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['KWD with 4 decimals', { fee: '1.2345' }, 'fee', 'fee: Too many decimals for the currency (KWD has 3, AED 2)'],
    ['cash with 4 decimals', { cashToCollect: '0.0001' }, 'cashToCollect', 'cashToCollect: Too many decimals for the currency (KWD has 3, AED 2)'],
    ['a number, not a decimal string', { fee: 1.25 }, 'fee', 'fee: Invalid input: expected string, received number'],
    ['the company is in KWD', { currency: 'AED', fee: '1.25', cashToCollect: '0' }, 'currency', 'Orders of Alpha Couriers are in KWD'],
    ['a drop-off point in Dubai for a Kuwait address', { dropoff: { ...kuwaitOrder().dropoff, location: { lat: 25.2, lng: 55.27 } } }, 'dropoff.location', "dropoff.location: The point is outside the address's country"],
    ['a promise in the past', { promisedAt: new Date(Date.now() - 60_000).toISOString() }, 'promisedAt', 'The promised delivery time must be in the future'],
    ['an unknown field', { priority: 'urgent' }, '', 'Unrecognized key: "priority"'],
    ['no customer language', { customer: { name: 'Fatima', phone: '+96550001234' } }, 'customer.language', 'customer.language: Invalid option: expected one of "ar"|"en"'],
  ];
  for (const [label, over, field, message] of cases) {
    test(label, async () => {
      const before = await countFor(x.w.companyA.id);
      const res = await post(kuwaitOrder(over), { key: freshKey() });
      expect(res.status).toBe(400);
      expect(res.json.error?.message).toBe(message);
      expect(res.json.error?.field ?? '').toBe(field);
      expect(await countFor(x.w.companyA.id)).toBe(before);
    });
  }

  test('AED with 3 decimals', async () => {
    const res = await post(dubaiOrder({ fee: '12.505' }), { token: x.tokens.B, key: freshKey() });
    expect([res.status, res.json.error?.field]).toEqual([400, 'fee']);
  });

  test('not JSON: 400; over 1 MB: 413', async () => {
    const bad = await post('{"customer":', { key: freshKey() });
    expect([bad.status, bad.json.error?.message]).toEqual([400, 'The body is not valid JSON']);
    const big = await post(JSON.stringify(kuwaitOrder({ notes: 'x'.repeat(1_100_000) })), { key: freshKey() });
    expect([big.status, big.json.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});
