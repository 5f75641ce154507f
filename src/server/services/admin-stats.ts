import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, riders } from '../../../db/schema';
import { aedToKwdMinor, fromMinor } from '../../shared/money';
import { DAY_MS, startOfDayInZone } from '../../shared/time';
import { deliveredSince, ordersCreatedSince } from './order-stats';

export const ACTIVE_WINDOW_MS = 10 * 60 * 1000;

export interface AdminStats {
  totalRiders: number;
  totalCompanies: number;
  dailyOrders: number;
  /** Fees of orders delivered today, in KWD, AED converted at the configured rate. */
  totalRevenue: number;
  activeRiders: number;
  /** Delivered share of the last 30 days' finished orders, in percent with one decimal. */
  completionRate: number;
}

/** System-wide figures for the admin dashboard, all from the database. */
export async function adminStats(db: Db, aedToKwd: number, now = new Date()): Promise<AdminStats> {
  const today = startOfDayInZone(now, 'Asia/Kuwait');
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);

  // Today's and the last 30 days' orders from the daily rollups (order-stats.ts): a few dozen rows, however many orders.
  const [[r], [c], created, revenueRows, recent, [active]] = await Promise.all([
    db.select({ n: count() }).from(riders),
    db.select({ n: count() }).from(companies),
    ordersCreatedSince(db, null, today),
    deliveredSince(db, null, today),
    ordersCreatedSince(db, null, monthAgo),
    db
      .select({ n: count() })
      .from(riders)
      .where(and(eq(riders.onDuty, true), gte(riders.lastSeenAt, activeSince))),
  ]);

  let revenueFils = 0;
  for (const row of revenueRows) {
    revenueFils += row.currency === 'KWD' ? row.feesMinor : aedToKwdMinor(row.feesMinor, aedToKwd);
  }
  const delivered = recent.delivered ?? 0;
  const finished = delivered + (recent.cancelled ?? 0) + (recent.failed ?? 0);
  return {
    totalRiders: r?.n ?? 0,
    totalCompanies: c?.n ?? 0,
    dailyOrders: Object.values(created).reduce((a, b) => a + b, 0),
    totalRevenue: fromMinor(revenueFils, 'KWD'),
    activeRiders: active?.n ?? 0,
    completionRate: finished ? Math.round((delivered / finished) * 1000) / 10 : 0,
  };
}
