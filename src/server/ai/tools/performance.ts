import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companies, orders, performanceSnapshots } from '../../../../db/schema';
import { CURRENCIES, toDecimalString, type Currency } from '../../../shared/money';
import { lastDays, riderFigures } from '../../services/reports';
import { riderWorkplace } from '../../services/rider';
import { defineTool } from '../tool';
import { count, instant, perCurrency as perCurrencyOutput } from './output';
import { RIDER_STATUSES } from '../../../shared/schemas/oversight';
import { riderWall } from '../../services/access';

const output = z.object({
  rider: z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable(), status: z.enum(RIDER_STATUSES), onDuty: z.boolean() }),
  period: z.object({ from: instant, to: instant, days: z.number().int(), timeZone: z.string() }),
  orders: z.object({ assigned: count, delivered: count, failed: count, cancelled: count, open: count }),
  completionRate: z.number().min(0).max(100),
  shifts: count,
  hoursWorked: z.number(),
  deliveriesOnDuty: count,
  ordersPerHour: z.number(),
  efficiency: z.number(),
  averageOrderMinutes: z.number().nullable(),
  km: z.number(),
  feesEarned: perCurrencyOutput,
  cashCollected: perCurrencyOutput,
  latestAppSnapshot: z
    .object({ recordedAt: instant, ordersCompleted: z.number(), ordersPerHour: z.number(), efficiency: z.number(), workingHours: z.number() })
    .nullable(),
});

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Money per currency as decimal strings: { KWD: '12.500' }. */
const perCurrency = (rows: { currency: Currency; minor: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.minor !== 0).map((r) => [r.currency, toDecimalString(r.minor, r.currency)]));

export const riderPerformance = defineTool({
  name: 'rider_performance',
  title: 'Rider performance',
  description:
    'One rider\'s performance over the last `days` local days, today included (default 30; days 1 is today in the rider\'s zone, the figures the rider\'s own screens show): orders assigned by outcome (created in the period), completionRate (percent delivered of delivered + failed), hoursWorked (time on duty in the period less completed breaks), deliveriesOnDuty (orders delivered while a shift was open), ordersPerHour (deliveriesOnDuty per hour worked), efficiency (ordersPerHour / 3 × 100, capped at 100, one decimal; 80+ is good, under 60 is poor), averageOrderMinutes (mean time from pick-up, else assignment, to delivery; null when none), km (odometer for shifts ended in the period, GPS for the rest), fees earned and cash (COD) collected on orders delivered in the period, per currency as decimal strings (KWD 3 decimals, AED 2), and the latest snapshot the rider app synced. Scoped: a rider may ask only about itself (riderId optional), a company only about its own riders, an admin about anyone.',
  input: {
    riderId: z.string().max(40).optional().describe('The rider\'s id (from list_riders). A rider may leave it out.'),
    days: z.number().int().min(1).max(90).default(30).describe('How many days back to look, 1 to 90.'),
  },
  output,
  readOnly: true,
  permission: null,
  run: async (db, scope, input, now = new Date()) => {
    const rider = await riderWall(db, scope, input.riderId);
    const { region } = await riderWorkplace(db, rider);
    // The same window and figures as the rider's own screens (docs/figures.md): whole local days, today included.
    const win = lastDays(now, region.timezone, input.days);
    const mine = and(eq(orders.riderId, rider.id), gte(orders.createdAt, win.from));
    const [byStatus, figures, [snapshot], company] = await Promise.all([
      db.select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(mine).groupBy(orders.status),
      riderFigures(db, rider.id, win),
      db.select().from(performanceSnapshots).where(eq(performanceSnapshots.riderId, rider.id)).orderBy(desc(performanceSnapshots.recordedAt)).limit(1),
      db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { name: true } }),
    ]);
    const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
    const delivered = n('delivered');
    const failed = n('failed');
    return {
      rider: { id: rider.id, name: rider.name, companyName: company?.name ?? null, status: rider.status, onDuty: rider.onDuty },
      period: { from: win.from.toISOString(), to: win.to.toISOString(), days: input.days, timeZone: region.timezone },
      orders: { assigned: byStatus.reduce((a, r) => a + r.n, 0), delivered, failed, cancelled: n('cancelled'), open: n('assigned') + n('picked_up') + n('pending') },
      completionRate: delivered + failed ? round((delivered / (delivered + failed)) * 100, 1) : 0,
      shifts: figures.shifts.length,
      hoursWorked: round(figures.dutyMs / 3_600_000, 2),
      deliveriesOnDuty: figures.deliveredOnDuty,
      ordersPerHour: round(figures.ordersPerHour, 2),
      efficiency: figures.efficiency,
      averageOrderMinutes: figures.averageOrderMinutes,
      km: figures.km,
      feesEarned: perCurrency(CURRENCIES.map((c) => ({ currency: c, minor: figures.revenueMinor[c] }))),
      cashCollected: perCurrency(CURRENCIES.map((c) => ({ currency: c, minor: figures.codCollectedMinor[c] }))),
      latestAppSnapshot: snapshot
        ? { recordedAt: snapshot.recordedAt.toISOString(), ordersCompleted: snapshot.ordersCompleted, ordersPerHour: snapshot.ordersPerHour, efficiency: snapshot.efficiency, workingHours: snapshot.workingHours }
        : null,
    };
  },
});
