import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { companies, orders, performanceSnapshots } from '../../../../../db/schema';
import { riderWorkplace } from '../../rider';
import { riderFigures, type RiderFigures } from './rider';
import { lastDays, type Window } from './window';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface RiderPerformanceOver {
  companyName: string | null;
  window: Window;
  timeZone: string;
  /** Orders created in the window, by outcome. */
  orders: { assigned: number; delivered: number; failed: number; cancelled: number; open: number };
  /** Percent delivered of delivered + failed, one decimal (0 with neither). */
  completionRate: number;
  /** Time on duty, hours, two decimals. */
  hoursWorked: number;
  /** Deliveries on duty per hour worked, two decimals. */
  ordersPerHour: number;
  figures: RiderFigures;
  /** The newest snapshot the rider app synced. */
  latestSnapshot: { recordedAt: Date; ordersCompleted: number; ordersPerHour: number; efficiency: number; workingHours: number } | null;
}

/**
 * One rider's performance over the last `days` local days, today included, in the rider's zone: the
 * same window and figures as the rider's own screens (docs/figures.md), the orders created in it by
 * outcome, and the latest snapshot the app synced.
 */
export async function riderPerformanceOver(db: Db, rider: { id: string; companyId: string }, days: number, now = new Date()): Promise<RiderPerformanceOver> {
  const { region } = await riderWorkplace(db, rider);
  const window = lastDays(now, region.timezone, days);
  const mine = and(eq(orders.riderId, rider.id), gte(orders.createdAt, window.from));
  const [byStatus, figures, [snapshot], company] = await Promise.all([
    db.select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(mine).groupBy(orders.status),
    riderFigures(db, rider.id, window),
    db.select().from(performanceSnapshots).where(eq(performanceSnapshots.riderId, rider.id)).orderBy(desc(performanceSnapshots.recordedAt)).limit(1),
    db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { name: true } }),
  ]);
  const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  const delivered = n('delivered');
  const failed = n('failed');
  return {
    companyName: company?.name ?? null,
    window,
    timeZone: region.timezone,
    orders: { assigned: byStatus.reduce((a, r) => a + r.n, 0), delivered, failed, cancelled: n('cancelled'), open: n('assigned') + n('picked_up') + n('pending') },
    completionRate: delivered + failed ? round((delivered / (delivered + failed)) * 100, 1) : 0,
    hoursWorked: round(figures.dutyMs / 3_600_000, 2),
    ordersPerHour: round(figures.ordersPerHour, 2),
    figures,
    latestSnapshot: snapshot
      ? { recordedAt: snapshot.recordedAt, ordersCompleted: snapshot.ordersCompleted, ordersPerHour: snapshot.ordersPerHour, efficiency: snapshot.efficiency, workingHours: snapshot.workingHours }
      : null,
  };
}
