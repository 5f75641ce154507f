import { beforeAll, describe, expect, test } from 'bun:test';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { companyOverview } from './company-overview';

const { db, w } = await freshWorld();
// 15 Nov 2026, 10:00 in Kuwait.
const now = new Date('2026-11-15T07:00:00Z');

beforeAll(async () => {
  const at = (iso: string) => new Date(iso);
  await makeOrder(db, w.companyA, { status: 'pending', createdAt: at('2026-11-14T08:00:00Z') });
  await makeOrder(db, w.companyA, { status: 'assigned', riderId: w.riderA.id, createdAt: at('2026-11-14T08:00:00Z') });
  await makeOrder(db, w.companyA, { status: 'picked_up', riderId: w.riderA.id, createdAt: at('2026-11-14T08:00:00Z') });
  // Delivered this month (1 Nov 00:30 Kuwait = 31 Oct 21:30 UTC) and last month (31 Oct 23:30 Kuwait).
  await makeOrder(db, w.companyA, { status: 'delivered', riderId: w.riderA.id, deliveryFeeMinor: 1250, createdAt: at('2026-10-31T21:00:00Z'), deliveredAt: at('2026-10-31T21:30:00Z') });
  await makeOrder(db, w.companyA, { status: 'delivered', riderId: w.riderA.id, deliveryFeeMinor: 750, createdAt: at('2026-10-31T20:00:00Z'), deliveredAt: at('2026-10-31T20:30:00Z') });
  await makeOrder(db, w.companyA, { status: 'failed', riderId: w.riderA.id, createdAt: at('2026-11-10T08:00:00Z') });
  // Company B's orders never count for A.
  await makeOrder(db, w.companyB, { status: 'delivered', deliveryFeeMinor: 9900, createdAt: at('2026-11-10T08:00:00Z') });
});

describe('company overview', () => {
  test('fleet, active orders, this month’s revenue in KWD and success rate, own data only', async () => {
    expect(await companyOverview(db, w.companyA.id, now)).toEqual({
      currency: 'KWD',
      fleetSize: 2,
      activeOrders: 3,
      monthlyRevenueMinor: 1250,
      successRate: 66.7,
      activeRiders: 0,
    });
  });

  test('company B in AED', async () => {
    const b = await companyOverview(db, w.companyB.id, now);
    expect([b.currency, b.monthlyRevenueMinor, b.successRate, b.activeOrders]).toEqual(['AED', 9900, 100, 0]);
  });
});
