import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { performanceSnapshots, riders } from '../../../db/schema';
import { toMinor } from '../../shared/money';
import { REGIONS, type RegionId } from '../../shared/regions';
import { notFound } from '../errors';
import { t } from '../../shared/i18n';

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
    cashCollectedMinor: toMinor(p.cashCollected, rider.region),
    efficiency: Math.min(100, Math.max(0, p.efficiency)),
    workingHours: p.workingHours,
    syncType: p.syncType,
    recordedAt: now,
  });
  return { success: true as const, lastSync: now.toISOString() };
}

/** The rider's region decides the currency they see and are paid in. */
export async function setRiderRegion(db: Db, riderId: string, region: RegionId) {
  const currency = REGIONS[region].currency;
  const updated = await db.update(riders).set({ region: currency }).where(eq(riders.id, riderId)).returning({ id: riders.id });
  if (!updated.length) throw notFound(t('errors.riderNotFound'));
  return { success: true as const, region, currency };
}
