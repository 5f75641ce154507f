import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { performanceSnapshots, riders } from '../../../../db/schema';
import { formatMoney, toMinor } from '../../../shared/money';
import { REGIONS, type RegionId } from '../../../shared/regions';
import { conflict, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { riderBalances } from '../cash';
import { riderCash } from './rider-region';
import { t } from '../../../shared/i18n';

/** Store the app's performance figures as a snapshot (auto every 5 min, or on demand). */
export async function syncPerformance(
  db: Db,
  riderId: string,
  p: { ordersCompleted: number; ordersPerHour: number; totalDistance: number; averageOrderTime: number; cashCollected: number; efficiency: number; workingHours: number; syncType: 'auto' | 'manual' },
  now = new Date(),
) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(t('errors.riderNotFound'));
  await db.insert(performanceSnapshots).values({
    riderId,
    ordersCompleted: p.ordersCompleted,
    ordersPerHour: p.ordersPerHour,
    totalDistanceKm: p.totalDistance,
    averageOrderTimeMin: p.averageOrderTime,
    // The app reports it in the currency its cash card shows (rider-region.ts), not the region the rider picked.
    cashCollectedMinor: toMinor(p.cashCollected, (await riderCash(db, rider)).currency),
    efficiency: Math.min(100, Math.max(0, p.efficiency)),
    workingHours: p.workingHours,
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
  if (!rider) throw notFound(t('errors.riderNotFound'));
  if (rider.region !== currency) {
    const { outstandingMinor } = await riderBalances(db, riderId, rider.region);
    if (outstandingMinor !== 0) {
      throw conflict(t('app.region.cashOutstanding', { amount: formatMoney(outstandingMinor, rider.region) }), 'region');
    }
    await db.update(riders).set({ region: currency }).where(eq(riders.id, riderId));
    await audit(db, { actorId: rider.userId, action: 'region', entity: 'rider', entityId: riderId, before: { region: rider.region }, after: { region: currency, at: now.toISOString() } });
  }
  return { success: true as const, region, currency };
}
