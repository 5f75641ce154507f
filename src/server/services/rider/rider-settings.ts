import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { performanceSnapshots, riders } from '../../../../db/schema';
import { formatMoney } from '../../../shared/money';
import { performanceOf } from '../../../shared/performance';
import { REGIONS, type RegionId } from '../../../shared/regions';
import { conflict, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { riderBalances } from '../cash';
import { riderFigures, today } from '../reports';
import { riderWorkplace } from './rider-region';
import { msg } from '../../../shared/i18n/message';

/**
 * A performance snapshot (the app syncs every 5 min on duty, or on demand): the server's own figures for
 * the rider's day (services/reports/figures, docs/figures.md), the same the dashboard's rating and the app's
 * panel show. Whatever figures the phone sent are not read (spec decision 153): a rating is the server's.
 */
export async function syncPerformance(db: Db, riderId: string, p: { syncType: 'auto' | 'manual' }, now = new Date()) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const { region, currency } = await riderWorkplace(db, rider);
  const f = await riderFigures(db, riderId, today(now, region.timezone));
  const m = performanceOf({
    hours: f.dutyMs / 3_600_000,
    ordersCompleted: f.delivered,
    ordersOnDuty: f.deliveredOnDuty,
    orderTimes: f.deliveries,
    distanceKm: f.km,
    cashCollected: 0, // stored in minor units below, not as the panel's decimal
  });
  await db.insert(performanceSnapshots).values({
    riderId,
    ordersCompleted: m.ordersCompleted,
    ordersPerHour: m.ordersPerHour,
    totalDistanceKm: m.totalDistance,
    averageOrderTimeMin: m.averageOrderTime,
    // In the currency of the rider's day (tracking.today), as the app's panel shows it.
    cashCollectedMinor: f.codCollectedMinor[currency],
    // The rider's performance rating: the figure the dashboard shows (docs/figures.md).
    efficiency: f.efficiency,
    workingHours: m.workingHours,
    syncType: p.syncType,
    recordedAt: now,
  });
  return { success: true as const, lastSync: now.toISOString() };
}

/**
 * The rider's own choice of region (spec: the app's region selector), kept in `riders.region` as its
 * currency. Rules, dates and money do not follow it (rider-region.ts), but a rider who still answers
 * for cash in the current currency (on hand, handed over and not yet counted, or a counted difference
 * not yet settled) cannot switch away from it: 409 naming the amount. Audited.
 */
export async function setRiderRegion(db: Db, riderId: string, region: RegionId, now = new Date()) {
  const currency = REGIONS[region].currency;
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  if (rider.region !== currency) {
    const { outstandingMinor } = await riderBalances(db, riderId, rider.region);
    if (outstandingMinor !== 0) {
      throw conflict(msg('app.region.cashOutstanding', { amount: formatMoney(outstandingMinor, rider.region) }), 'region');
    }
    await db.update(riders).set({ region: currency }).where(eq(riders.id, riderId));
    await audit(db, { actorId: rider.userId, action: 'region', entity: 'rider', entityId: riderId, before: { region: rider.region }, after: { region: currency, at: now.toISOString() } });
  }
  return { success: true as const, region, currency };
}
