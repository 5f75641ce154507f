import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { dutyBreaks, dutyShifts, riders } from '../../../../db/schema';
import { apiWorld, call, type ApiWorld } from '../../../../test/api-v1';
import { makeOrder } from '../../../../test/factories';

/** GET /api/v1/riders and the dispatch settings (issue 25, item 5), and the bad-token lockout. */
let x: ApiWorld;
beforeAll(async () => {
  x = await apiWorld();
});

describe('GET /api/v1/riders', () => {
  test("the company's riders only, with duty, position age and current load", async () => {
    const { db, w } = x;
    const seen = new Date(Date.now() - 90_000);
    await db.update(riders).set({ onDuty: true, lastLat: 29.37, lastLng: 47.98, lastSeenAt: seen }).where(eq(riders.id, w.riderA.id));
    await db.update(riders).set({ onDuty: true }).where(eq(riders.id, w.riderA2.id));
    const [shift] = await db.insert(dutyShifts).values({ riderId: w.riderA2.id, startedAt: new Date(Date.now() - 3_600_000) }).returning();
    await db.insert(dutyBreaks).values({ shiftId: shift!.id, startedAt: new Date(Date.now() - 60_000) });
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned' });
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up' });
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered' });
    const res = await call(x.app, 'GET', '/api/v1/riders', { token: x.tokens.A });
    expect(res.status).toBe(200);
    const items = res.json.items as { id: string; positionAgeSeconds: number | null }[];
    expect(items.map((r) => r.id).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    const a = items.find((r) => r.id === w.riderA.id)!;
    expect(a).toMatchObject({ name: 'Rami Alpha', status: 'active', vehicleType: 'motorcycle', duty: 'on_duty', position: { lat: 29.37, lng: 47.98 }, load: 2 });
    expect(a.positionAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(a.positionAgeSeconds).toBeLessThan(120);
    expect(items.find((r) => r.id === w.riderA2.id)).toMatchObject({ duty: 'on_break', position: null, positionAgeSeconds: null, load: 0 });
    expect(res.text).not.toContain(w.riderB.id);
  });
});

describe('dispatch settings', () => {
  test('manual with the defaults until saved; PUT saves the four, keeps the others; company B is untouched', async () => {
    const first = await call(x.app, 'GET', '/api/v1/dispatch/settings', { token: x.tokens.A });
    expect(first.json).toEqual({ mode: 'manual', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500, timeoutsToPause: 3, maxLoad: 3 });
    const put = await call(x.app, 'PUT', '/api/v1/dispatch/settings', { token: x.tokens.A, body: { mode: 'auto', offerSeconds: 45, maxAttempts: 4, batchRadiusMeters: 800, maxLoad: 2 } });
    expect(put.status).toBe(200);
    const want = { mode: 'auto', offerSeconds: 45, maxAttempts: 4, batchRadiusMeters: 800, timeoutsToPause: 3, maxLoad: 2 };
    expect(put.json).toEqual(want);
    const again = await call(x.app, 'PUT', '/api/v1/dispatch/settings', { token: x.tokens.A, body: { mode: 'auto', offerSeconds: 30, maxAttempts: 4, batchRadiusMeters: 800 } });
    expect(again.json).toEqual({ ...want, offerSeconds: 30 });
    expect((await call(x.app, 'GET', '/api/v1/dispatch/settings', { token: x.tokens.B })).json.mode).toBe('manual');
  });

  test('out of range or missing: 400, nothing saved', async () => {
    const before = (await call(x.app, 'GET', '/api/v1/dispatch/settings', { token: x.tokens.A })).json;
    for (const body of [{ mode: 'auto', offerSeconds: 5, maxAttempts: 5, batchRadiusMeters: 500 }, { mode: 'fast', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500 }, { mode: 'auto' }]) {
      const res = await call(x.app, 'PUT', '/api/v1/dispatch/settings', { token: x.tokens.A, body });
      expect([res.status, res.json.error?.code]).toEqual([400, 'BAD_REQUEST']);
    }
    expect((await call(x.app, 'GET', '/api/v1/dispatch/settings', { token: x.tokens.A })).json).toEqual(before);
  });
});

describe('guessing tokens', () => {
  test('20 bad tokens from one address in 15 minutes, then 429 with Retry-After; a good token still passes', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 20; i++) expect((await call(x.app, 'GET', '/api/v1/riders', { token: `kwt_${'B'.repeat(43)}`, headers: ip })).status).toBe(401);
    const locked = await call(x.app, 'GET', '/api/v1/riders', { token: `kwt_${'B'.repeat(43)}`, headers: ip });
    expect([locked.status, locked.json.error?.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(x.app, 'GET', '/api/v1/riders', { token: x.tokens.A, headers: ip })).status).toBe(200);
  });
});
