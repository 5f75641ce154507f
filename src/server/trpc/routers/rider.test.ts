import { beforeAll, describe, expect, test } from 'bun:test';
import { locationPings, performanceSnapshots } from '../../../../db/schema';
import { makeSubmission } from '../../../../test/cash';
import { callerFor } from '../../../../test/app';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { distanceKm } from '../../../shared/geo';
import { startOfDayInZone } from '../../../shared/time';

const { db, w } = await freshWorld();
const now = new Date();
const kuwaitToday = startOfDayInZone(now, 'Asia/Kuwait');
const yesterday = new Date(kuwaitToday.getTime() - 3_600_000);

beforeAll(async () => {
  const A = w.companyA;
  // Rider A today: two delivered (one cash 5.250 KWD), one picked up; yesterday: one delivered.
  await makeOrder(db, A, { riderId: w.riderA.id, status: 'delivered', deliveryFeeMinor: 1000, paymentMethod: 'cash', codAmountMinor: 5250, createdAt: now, deliveredAt: now });
  await makeOrder(db, A, { riderId: w.riderA.id, status: 'delivered', deliveryFeeMinor: 750, paymentMethod: 'card', codAmountMinor: 0, createdAt: now, deliveredAt: now });
  await makeOrder(db, A, { riderId: w.riderA.id, status: 'picked_up', deliveryFeeMinor: 2000, createdAt: now });
  await makeOrder(db, A, { riderId: w.riderA.id, status: 'delivered', deliveryFeeMinor: 3000, paymentMethod: 'cash', codAmountMinor: 4000, createdAt: yesterday, deliveredAt: yesterday });
  // Another rider's work must never show up for rider A.
  await makeOrder(db, A, { riderId: w.riderA2.id, status: 'delivered', deliveryFeeMinor: 9000, paymentMethod: 'cash', codAmountMinor: 9000, createdAt: now, deliveredAt: now });
  await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', deliveryFeeMinor: 1500, paymentMethod: 'cash', codAmountMinor: 6000, createdAt: now, deliveredAt: now });
  await makeSubmission(db, { riderId: w.riderA.id, amountMinor: 4000, currency: 'KWD', status: 'confirmed' });
  await makeSubmission(db, { riderId: w.riderA.id, amountMinor: 1000, currency: 'KWD', status: 'pending' });
  await db.insert(performanceSnapshots).values({
    riderId: w.riderA.id, ordersCompleted: 2, ordersPerHour: 1.5, totalDistanceKm: 10, averageOrderTimeMin: 30,
    cashCollectedMinor: 5250, efficiency: 87, workingHours: 4, syncType: 'auto', recordedAt: now,
  });
  const t0 = Math.max(kuwaitToday.getTime(), now.getTime() - 60_000);
  await db.insert(locationPings).values([
    { riderId: w.riderA.id, lat: 29.3759, lng: 47.9774, recordedAt: new Date(t0) },
    { riderId: w.riderA.id, lat: 29.3359, lng: 48.0274, recordedAt: new Date(t0 + 1) },
    { riderId: w.riderA.id, lat: 10, lng: 10, recordedAt: yesterday },
    { riderId: w.riderB.id, lat: 25.2, lng: 55.27, recordedAt: new Date(t0) },
  ]);
});

describe('rider.dashboard: the rider’s own day', () => {
  test('today’s figures for rider A only, in KWD', async () => {
    const d = await (await callerFor(db, w.riderA.user.id)).rider.dashboard();
    expect(d).toEqual({
      riderId: w.riderA.id,
      currency: 'KWD',
      todayOrders: 3,
      completedOrders: 2,
      todayEarnings: 1.75,
      // The server's own efficiency today, not the 87 % a phone synced (docs/figures.md): no shift today, so 0.
      performanceRating: 0,
      cashOnHand: 4.25, // 5.250 + 4.000 collected − 5.000 submitted
      pendingCash: 1,
      outstandingCash: 5.25, // on hand + pending (no differences)
      cashReminderAt: 50, // half the default limit of KWD 100.000
      cashByCurrency: [{ currency: 'KWD', onHand: 4.25, pending: 1, outstanding: 5.25 }],
      companyPhone: w.companyA.phone || null,
    });
  });

  test('rider B sees only B’s figures, in AED', async () => {
    const d = await (await callerFor(db, w.riderB.user.id)).rider.dashboard();
    expect(d.riderId).toBe(w.riderB.id);
    expect(d.currency).toBe('AED');
    expect(d.todayOrders).toBe(1);
    expect(d.todayEarnings).toBe(15);
    expect(d.cashOnHand).toBe(60);
    expect(d.performanceRating).toBe(0);
  });
});

describe('rider.dashboard: the cash reminder follows the company’s limit', () => {
  test('a company with its own limit: the rider is reminded from half of it; back to the default, from AED 500', async () => {
    const manager = await callerFor(db, w.managerB.id);
    const rider = await callerFor(db, w.riderB.user.id);
    expect((await rider.rider.dashboard()).cashReminderAt).toBe(500);
    await manager.company.setCashLimits({ limit: '3000', holdHours: null });
    expect((await rider.rider.dashboard()).cashReminderAt).toBe(1500);
    await manager.company.setCashLimits({ limit: '45.5', holdHours: null });
    expect((await rider.rider.dashboard()).cashReminderAt).toBe(22.75);
    // Company A's rider keeps company A's (default) limit.
    expect((await (await callerFor(db, w.riderA.user.id)).rider.dashboard()).cashReminderAt).toBe(50);
    await manager.company.setCashLimits({ limit: null, holdHours: null });
    expect((await rider.rider.dashboard()).cashReminderAt).toBe(500);
  });
});

describe('tracking.today', () => {
  test('completed orders, cash collected and km from today’s pings, own data only', async () => {
    const t = await (await callerFor(db, w.riderA.user.id)).tracking.today();
    const km = Math.round(distanceKm({ lat: 29.3759, lng: 47.9774 }, { lat: 29.3359, lng: 48.0274 }) * 10) / 10;
    expect(t).toMatchObject({ currency: 'KWD', ordersCompleted: 2, cashCollected: 5.25, kmTraveled: km, route: { distanceKm: km, dutyMinutes: 0, efficiency: 0 } });
    expect(km).toBeGreaterThan(5);
  });

  test('rider B: one order, no distance from a single ping', async () => {
    const t = await (await callerFor(db, w.riderB.user.id)).tracking.today();
    expect(t).toMatchObject({ currency: 'AED', ordersCompleted: 1, cashCollected: 60, kmTraveled: 0, route: { distanceKm: 0, dutyMinutes: 0, efficiency: 0 } });
  });
});
