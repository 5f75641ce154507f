import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companies, orders, performanceSnapshots } from '../../../../db/schema';
import { toDecimalString, type Currency } from '../../../shared/money';
import { efficiency, ordersPerHour } from '../../../shared/performance';
import { dutyMs } from '../../../shared/rider-route';
import { DAY_MS } from '../../../shared/time';
import { shiftsBetween } from '../../services/rider-route';
import { defineTool } from '../tool';
import { riderWall } from './scope';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Money per currency as decimal strings: { KWD: '12.500' }. */
const perCurrency = (rows: { currency: Currency; minor: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.minor !== 0).map((r) => [r.currency, toDecimalString(r.minor, r.currency)]));

export const riderPerformance = defineTool({
  name: 'rider_performance',
  description:
    'One rider\'s performance over the last `days` days (default 30): orders assigned by outcome, completionRate (percent delivered of delivered + failed), hoursWorked (time on duty in the period less completed breaks), ordersPerHour (delivered per hour worked), efficiency (ordersPerHour / 3 × 100, capped at 100; 80+ is good, under 60 is poor), fees earned and cash (COD) collected per currency as decimal strings (KWD 3 decimals, AED 2), and the latest snapshot the rider app synced. Scoped: a rider may ask only about itself (riderId optional), a company only about its own riders, an admin about anyone.',
  input: {
    riderId: z.string().max(40).optional().describe('The rider\'s id (from list_riders). A rider may leave it out.'),
    days: z.number().int().min(1).max(90).default(30).describe('How many days back to look, 1 to 90.'),
  },
  roles: ['admin', 'company', 'rider'],
  run: async (db, scope, input, now = new Date()) => {
    const rider = await riderWall(db, scope, input.riderId);
    const since = new Date(now.getTime() - input.days * DAY_MS);
    const mine = and(eq(orders.riderId, rider.id), gte(orders.createdAt, since));
    const [byStatus, money, shifts, [snapshot], company] = await Promise.all([
      db.select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(mine).groupBy(orders.status),
      db
        .select({
          currency: orders.currency,
          fees: sql<number>`coalesce(sum(${orders.deliveryFeeMinor}), 0)`.mapWith(Number),
          cod: sql<number>`coalesce(sum(case when ${orders.paymentMethod} = 'cash' then ${orders.codAmountMinor} else 0 end), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(and(mine, eq(orders.status, 'delivered')))
        .groupBy(orders.currency),
      shiftsBetween(db, rider.id, since, now),
      db.select().from(performanceSnapshots).where(eq(performanceSnapshots.riderId, rider.id)).orderBy(desc(performanceSnapshots.recordedAt)).limit(1),
      db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { name: true } }),
    ]);
    const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
    const delivered = n('delivered');
    const failed = n('failed');
    const hours = dutyMs(shifts, since.getTime(), now.getTime()) / 3_600_000;
    const rate = ordersPerHour(delivered, hours);
    return {
      rider: { id: rider.id, name: rider.name, companyName: company?.name ?? null, status: rider.status, onDuty: rider.onDuty },
      period: { from: since.toISOString(), to: now.toISOString(), days: input.days },
      orders: { assigned: byStatus.reduce((a, r) => a + r.n, 0), delivered, failed, cancelled: n('cancelled'), open: n('assigned') + n('picked_up') + n('pending') },
      completionRate: delivered + failed ? round((delivered / (delivered + failed)) * 100, 1) : 0,
      shifts: shifts.length,
      hoursWorked: round(hours, 2),
      ordersPerHour: round(rate, 2),
      efficiency: efficiency(rate),
      feesEarned: perCurrency(money.map((r) => ({ currency: r.currency, minor: r.fees }))),
      cashCollected: perCurrency(money.map((r) => ({ currency: r.currency, minor: r.cod }))),
      latestAppSnapshot: snapshot
        ? { recordedAt: snapshot.recordedAt.toISOString(), ordersCompleted: snapshot.ordersCompleted, ordersPerHour: snapshot.ordersPerHour, efficiency: snapshot.efficiency, workingHours: snapshot.workingHours }
        : null,
    };
  },
});
