import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, orders, riders } from '../../../db/schema';
import { aedToKwdMinor, fromMinor } from '../../shared/money';
import { DAY_MS, startOfDayInZone } from '../../shared/time';

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

  const [[r], [c], [daily], revenueRows, [completion], [active]] = await Promise.all([
    db.select({ n: count() }).from(riders),
    db.select({ n: count() }).from(companies),
    db.select({ n: count() }).from(orders).where(gte(orders.createdAt, today)),
    db
      .select({ currency: orders.currency, fees: sql<number>`coalesce(sum(${orders.deliveryFeeMinor}), 0)`.mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.deliveredAt, today), eq(orders.status, 'delivered')))
      .groupBy(orders.currency),
    db
      .select({
        delivered: sql<number>`sum(case when ${orders.status} = 'delivered' then 1 else 0 end)`.mapWith(Number),
        finished: sql<number>`sum(case when ${orders.status} in ('delivered','cancelled','failed') then 1 else 0 end)`.mapWith(Number),
      })
      .from(orders)
      .where(gte(orders.createdAt, monthAgo)),
    db
      .select({ n: count() })
      .from(riders)
      .where(and(eq(riders.onDuty, true), gte(riders.lastSeenAt, activeSince))),
  ]);

  let revenueFils = 0;
  for (const row of revenueRows) {
    revenueFils += row.currency === 'KWD' ? row.fees : aedToKwdMinor(row.fees, aedToKwd);
  }
  const finished = completion?.finished ?? 0;
  return {
    totalRiders: r?.n ?? 0,
    totalCompanies: c?.n ?? 0,
    dailyOrders: daily?.n ?? 0,
    totalRevenue: fromMinor(revenueFils, 'KWD'),
    activeRiders: active?.n ?? 0,
    completionRate: finished ? Math.round(((completion?.delivered ?? 0) / finished) * 1000) / 10 : 0,
  };
}
