import { beforeAll, describe, expect, test } from 'bun:test';
import { dutyShifts, regionRules } from '../../../../db/schema';
import { apiWorld, call, kuwaitOrder, type ApiWorld } from '../../../../test/api-v1';
import { makeRider } from '../../../../test/factories';

/**
 * POST /api/v1/orders hands the new order to dispatch (issue 25, items 1 and 5): in automatic mode, or when the
 * request asks, the best rider gets the offer at once and GET shows it. The working rules are switched off so that
 * no day or hour the suite runs on (a summer midday, an iftar) keeps the rider from being offered.
 */
let x: ApiWorld;
let near: string;
beforeAll(async () => {
  x = await apiWorld();
  await x.db.insert(regionRules).values({ region: 'kuwait', summerMotorcycleBan: false, iftarPause: false }).onConflictDoUpdate({ target: regionRules.region, set: { summerMotorcycleBan: false, iftarPause: false } });
  const now = Date.now();
  // On duty for an hour, seen a minute ago: one right at the pickup, one 4 km away.
  const onDuty = async (lat: number, lng: number) => {
    const { rider } = await makeRider(x.db, x.w.companyA, { onDuty: true, vehicleType: 'car', lastLat: lat, lastLng: lng, lastSeenAt: new Date(now - 60_000) });
    await x.db.insert(dutyShifts).values({ riderId: rider.id, startedAt: new Date(now - 3_600_000), startOdometerKm: 1000 });
    return rider.id;
  };
  near = await onDuty(29.376, 47.9775);
  await onDuty(29.34, 47.98);
});

const post = (over: Record<string, unknown> = {}) => call(x.app, 'POST', '/api/v1/orders', { token: x.tokens.A, body: kuwaitOrder(over), key: crypto.randomUUID() });
const order = async (id: string) => (await call(x.app, 'GET', `/api/v1/orders/${id}`, { token: x.tokens.A })).json;

describe('dispatch of an order made through the API', () => {
  test('manual company: the order waits; autoDispatch: true offers it to the nearest rider all the same', async () => {
    const waiting = await post();
    expect(await order(waiting.json.id!)).toMatchObject({ status: 'pending', dispatchState: null, offer: null });
    const asked = await post({ autoDispatch: true });
    expect(asked.status).toBe(201);
    const seen = await order(asked.json.id!);
    expect(seen).toMatchObject({ status: 'pending', dispatchState: 'offering', riderId: null, offer: { riderId: near } });
    const expiresIn = new Date((seen.offer as { expiresAt: string }).expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
  });

  test("automatic company: offered without asking; autoDispatch: false keeps it for the company; a retry does not offer twice", async () => {
    const put = await call(x.app, 'PUT', '/api/v1/dispatch/settings', { token: x.tokens.A, body: { mode: 'auto', offerSeconds: 90, maxAttempts: 5, batchRadiusMeters: 0, maxLoad: 3 } });
    expect(put.status).toBe(200);
    // The nearest rider is answering the earlier offer (one open offer at a time): the next one gets this order.
    const key = crypto.randomUUID();
    const body = kuwaitOrder();
    const made = await call(x.app, 'POST', '/api/v1/orders', { token: x.tokens.A, body, key });
    const seen = await order(made.json.id!);
    expect(seen).toMatchObject({ dispatchState: 'offering', offer: { riderId: expect.any(String) } });
    expect((seen.offer as { riderId: string }).riderId).not.toBe(near);
    const retry = await call(x.app, 'POST', '/api/v1/orders', { token: x.tokens.A, body, key });
    expect(retry.status).toBe(200);
    expect(await order(made.json.id!)).toEqual(seen);
    const kept = await post({ autoDispatch: false });
    expect(await order(kept.json.id!)).toMatchObject({ dispatchState: null, offer: null });
  });
});
