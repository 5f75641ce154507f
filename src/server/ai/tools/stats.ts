import { z } from 'zod';
import { adminStats } from '../../services/reports';
import { companyOverview } from '../../services/directory';
import { riderDashboard } from '../../services/rider';
import { defineTool } from '../tool';
import { aedToKwdOf } from './context';
import { count, currency } from './output';
import { companyWall, riderWall } from '../../services/access';
import { inDecimals } from '../../../shared/money-wire';

const percent = z.number().min(0).max(100);
const amount = z.string().describe('Decimal amount in `currency`, as text with the currency\'s digits ("1.250" KWD, "12.50" AED)');

/** One of three shapes, told apart by `scope`. */
const output = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('system'),
    totalRiders: count,
    totalCompanies: count,
    dailyOrders: count,
    totalRevenue: amount,
    activeRiders: count,
    completionRate: percent,
    currency: z.literal('KWD'),
  }),
  z.object({
    scope: z.literal('company'),
    companyName: z.string().nullable(),
    currency,
    fleetSize: count,
    activeOrders: count,
    monthlyRevenue: amount,
    activeRiders: count,
    successRate: percent,
  }),
  z.object({
    scope: z.literal('rider'),
    riderName: z.string(),
    riderId: z.string(),
    currency,
    todayOrders: count,
    completedOrders: count,
    todayEarnings: amount,
    performanceRating: z.number(),
    cashOnHand: amount,
    pendingCash: amount,
    outstandingCash: amount,
    cashByCurrency: z.array(z.object({ currency, onHand: amount, pending: amount, outstanding: amount })),
    companyPhone: z.string().nullable(),
    cashReminderAt: amount,
  }),
]);

export const systemStats = defineTool({
  name: 'system_stats',
  title: 'Headline figures',
  description: [
    'Headline figures for the caller\'s scope, computed live from the database.',
    'Admin (scope "system"): totalRiders, totalCompanies, dailyOrders (created today, Asia/Kuwait day), totalRevenue (fees of orders delivered today, a KWD amount as decimal text, AED converted at the configured rate), activeRiders (on duty and seen in the last 10 minutes), completionRate (percent of the last 30 days\' finished orders that were delivered).',
    'Company (scope "company"): its own fleetSize, activeOrders (pending, assigned, picked up), monthlyRevenue (fees delivered this calendar month, decimal text in the company currency), successRate (percent delivered of delivered + failed, last 30 days).',
    'Rider (scope "rider"): today\'s orders, completed orders (delivered today), earnings (fees of today\'s deliveries), cash on hand and pending hand-overs (decimal text in the rider\'s currency), cashReminderAt (the cash on hand at which the app reminds the rider to hand over: half the company\'s cash limit) and performanceRating (today\'s efficiency, as the rider\'s Today\'s Route shows it). Company also gets activeRiders (on duty and seen in the last 10 minutes).',
  ].join(' '),
  input: {},
  output,
  readOnly: true,
  permission: null,
  run: async (db, scope, _input, now = new Date(), ctx) => {
    if (scope.role === 'admin') return { scope: 'system' as const, ...inDecimals(await adminStats(db, aedToKwdOf(ctx), now), 'KWD'), currency: 'KWD' as const };
    if (scope.role === 'company') return { scope: 'company' as const, companyName: scope.companyName, ...inDecimals(await companyOverview(db, companyWall(scope, undefined)!, now)) };
    return { scope: 'rider' as const, riderName: scope.displayName, ...inDecimals(await riderDashboard(db, (await riderWall(db, scope, undefined)).id, now)) };
  },
});
