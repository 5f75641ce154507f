import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { callerFor, getWith, login, testApp, testEnv } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { makeCompany, makeOrder, makeRider, makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { startOfDayInZone } from '../../../shared/time';
import { adminStats } from './admin-stats';

// 21:30 UTC on 10 March is 00:30 on 11 March in Kuwait: "today" began 30 minutes ago.
const NOW = new Date('2026-03-10T21:30:00Z');
const at = (iso: string) => new Date(iso);
const minsAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe('adminStats on a known dataset', () => {
  let db: Db;

  beforeAll(async () => {
    db = await freshDb();
    const A = await makeCompany(db, { name: 'Kuwait Co', currency: 'KWD' });
    const B = await makeCompany(db, { name: 'Dubai Co', currency: 'AED' });
    await makeCompany(db, { name: 'Empty Co' });

    const r1 = (await makeRider(db, A, { withUser: false, onDuty: true, lastSeenAt: minsAgo(2) })).rider; // active
    await makeRider(db, A, { withUser: false, onDuty: true, lastSeenAt: minsAgo(11) }); // on duty, but stale
    await makeRider(db, A, { withUser: false, onDuty: false, lastSeenAt: minsAgo(1) }); // fresh, but off duty
    await makeRider(db, A, { withUser: false, onDuty: true, lastSeenAt: null }); // never seen
    const r5 = (await makeRider(db, B, { withUser: false, onDuty: true, lastSeenAt: new Date(NOW.getTime() - 599_000) })).rider; // active

    // Today (Kuwait): 6 orders.
    await makeOrder(db, A, { riderId: r1.id, status: 'delivered', deliveryFeeMinor: 1250, createdAt: at('2026-03-10T21:00:00Z') });
    await makeOrder(db, A, { riderId: r1.id, status: 'delivered', deliveryFeeMinor: 500, createdAt: at('2026-03-10T21:20:00Z') });
    await makeOrder(db, A, { status: 'pending', deliveryFeeMinor: 3000, createdAt: at('2026-03-10T21:25:00Z') });
    await makeOrder(db, B, { riderId: r5.id, status: 'delivered', deliveryFeeMinor: 1500, createdAt: at('2026-03-10T21:10:00Z') });
    await makeOrder(db, B, { riderId: r5.id, status: 'delivered', deliveryFeeMinor: 500, createdAt: at('2026-03-10T21:15:00Z') });
    await makeOrder(db, B, { riderId: r5.id, status: 'cancelled', deliveryFeeMinor: 2500, createdAt: at('2026-03-10T21:05:00Z') });
    // Yesterday in Kuwait, though the same UTC date: not today.
    await makeOrder(db, A, { riderId: r1.id, status: 'delivered', deliveryFeeMinor: 2000, createdAt: at('2026-03-10T20:59:59Z') });
    // Earlier in the month.
    await makeOrder(db, A, { riderId: r1.id, status: 'failed', createdAt: daysAgo(10) });
    await makeOrder(db, B, { riderId: r5.id, status: 'delivered', createdAt: daysAgo(10) });
    await makeOrder(db, A, { riderId: r1.id, status: 'picked_up', createdAt: daysAgo(5) });
    await makeOrder(db, A, { riderId: r1.id, status: 'delivered', createdAt: daysAgo(20) });
    // Outside the 30-day window.
    await makeOrder(db, A, { riderId: r1.id, status: 'cancelled', createdAt: daysAgo(40) });
  });

  test('exact figures', async () => {
    expect(startOfDayInZone(NOW, 'Asia/Kuwait').toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(await adminStats(db, 0.0835, NOW)).toEqual({
      totalRiders: 5,
      totalCompanies: 3,
      dailyOrders: 6,
      // 1.250 + 0.500 KWD, plus (15 + 5 AED) × 0.0835 = 1.670 KWD
      totalRevenueMinor: 3420,
      // delivered 7 of 9 finished (pending and picked up are not finished; 40 days ago is outside)
      completionRate: 77.8,
      activeRiders: 2,
    });
  });

  test('the AED rate is applied to AED fees only', async () => {
    const s = await adminStats(db, 0.1, NOW);
    expect(s.totalRevenueMinor).toBe(3750); // 1.750 + 20 × 0.1
  });

  test('an empty database gives zeros, not NaN', async () => {
    const empty = await freshDb();
    expect(await adminStats(empty, 0.0835, NOW)).toEqual({
      totalRiders: 0,
      totalCompanies: 0,
      dailyOrders: 0,
      totalRevenueMinor: 0,
      completionRate: 0,
      activeRiders: 0,
    });
  });
});

describe('admin.stats through the router, on the real clock', () => {
  test('uses today in Asia/Kuwait and the configured AED rate', async () => {
    const db = await freshDb();
    const now = Date.now();
    const todayStart = startOfDayInZone(new Date(now), 'Asia/Kuwait').getTime();
    const today = new Date(Math.max(todayStart, now - 60_000));
    const A = await makeCompany(db, { currency: 'KWD' });
    const B = await makeCompany(db, { currency: 'AED' });
    await makeRider(db, A, { withUser: false, onDuty: true, lastSeenAt: new Date(now - 60_000) });
    await makeOrder(db, A, { status: 'delivered', deliveryFeeMinor: 1000, createdAt: today });
    await makeOrder(db, B, { status: 'delivered', deliveryFeeMinor: 2000, createdAt: today });
    await makeOrder(db, A, { status: 'delivered', deliveryFeeMinor: 5000, createdAt: new Date(todayStart - 1) });
    const admin = await makeUser(db, { role: 'admin' });
    const expected = { totalRiders: 1, totalCompanies: 2, dailyOrders: 2, totalRevenue: 3, completionRate: 100, activeRiders: 1 };
    const caller = await callerFor(db, admin.id, testEnv({ AED_TO_KWD_RATE: '0.1' }));
    expect(await caller.admin.stats()).toEqual(expected);

    // The same figures through both HTTP doors, with the rate from the app's configuration.
    const app = testApp(db, { AED_TO_KWD_RATE: '0.1' });
    const cookie = await login(app, admin.email, TEST_PASSWORD);
    const rest = await getWith(app, '/api/dashboard/admin', cookie);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual(expected);
    const trpc = await getWith(app, '/api/trpc/admin.stats', cookie);
    expect(trpc.status).toBe(200);
    expect((await trpc.json()).result.data).toEqual(expected);
  });
});
