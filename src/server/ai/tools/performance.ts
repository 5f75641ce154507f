import { z } from 'zod';
import { CURRENCIES, toDecimalString, type Currency } from '../../../shared/money';
import { RIDER_STATUSES } from '../../../shared/schemas/oversight';
import { riderPerformanceOver } from '../../services/reports';
import { defineTool } from '../tool';
import { count, instant, perCurrency as perCurrencyOutput } from './output';
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

/** Money per currency as decimal strings: { KWD: '12.500' }; a currency with nothing is left out. */
const perCurrency = (minor: Record<Currency, number>) =>
  Object.fromEntries(CURRENCIES.filter((c) => minor[c] !== 0).map((c) => [c, toDecimalString(minor[c], c)]));

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
    const p = await riderPerformanceOver(db, rider, input.days, now);
    const { figures } = p;
    return {
      rider: { id: rider.id, name: rider.name, companyName: p.companyName, status: rider.status, onDuty: rider.onDuty },
      period: { from: p.window.from.toISOString(), to: p.window.to.toISOString(), days: input.days, timeZone: p.timeZone },
      orders: p.orders,
      completionRate: p.completionRate,
      shifts: figures.shifts.length,
      hoursWorked: p.hoursWorked,
      deliveriesOnDuty: figures.deliveredOnDuty,
      ordersPerHour: p.ordersPerHour,
      efficiency: figures.efficiency,
      averageOrderMinutes: figures.averageOrderMinutes,
      km: figures.km,
      feesEarned: perCurrency(figures.revenueMinor),
      cashCollected: perCurrency(figures.codCollectedMinor),
      latestAppSnapshot: p.latestSnapshot ? { ...p.latestSnapshot, recordedAt: p.latestSnapshot.recordedAt.toISOString() } : null,
    };
  },
});
