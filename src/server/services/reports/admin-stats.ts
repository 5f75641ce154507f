import { count } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, riders } from '../../../../db/schema';
import { DAY_MS } from '../../../shared/time';
import { activeRiderCount, revenueKwdMinor, revenueSince, today as todayIn } from './figures';
import { ordersCreatedSince } from '../orders';

export interface AdminStats {
  totalRiders: number;
  totalCompanies: number;
  dailyOrders: number;
  /** Fees of orders delivered today, in KWD fils, AED converted at the configured rate. */
  totalRevenueMinor: number;
  /** On duty and seen less than 10 minutes ago (docs/figures.md), as the fleet map's "live". */
  activeRiders: number;
  /** Delivered share of the last 30 days' finished orders, in percent with one decimal. */
  completionRate: number;
}

/** System-wide figures for the admin dashboard, all from the database. */
export async function adminStats(db: Db, aedToKwd: number, now = new Date()): Promise<AdminStats> {
  const today = todayIn(now, 'Asia/Kuwait').from;
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);

  // Today's and the last 30 days' orders from the daily rollups (order-stats.ts): a few dozen rows, however many orders.
  const [[r], [c], created, revenue, recent, active] = await Promise.all([
    db.select({ n: count() }).from(riders),
    db.select({ n: count() }).from(companies),
    ordersCreatedSince(db, null, today),
    revenueSince(db, null, today),
    ordersCreatedSince(db, null, monthAgo),
    activeRiderCount(db, null, now),
  ]);
  const delivered = recent.delivered ?? 0;
  const finished = delivered + (recent.cancelled ?? 0) + (recent.failed ?? 0);
  return {
    totalRiders: r?.n ?? 0,
    totalCompanies: c?.n ?? 0,
    dailyOrders: Object.values(created).reduce((a, b) => a + b, 0),
    totalRevenueMinor: revenueKwdMinor(revenue, aedToKwd),
    activeRiders: active,
    completionRate: finished ? Math.round((delivered / finished) * 1000) / 10 : 0,
  };
}
