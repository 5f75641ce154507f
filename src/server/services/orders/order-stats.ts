import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { deliveryDayStats, orderDayStats, orders } from '../../../../db/schema';
import type { Currency } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/schemas/oversight';
import { DAY_MS } from '../../../shared/time';

/**
 * Order counts and delivered fees over a window, from the daily rollups (db/schema/order-stats.ts) plus
 * the orders index for the part of a day a window starts in: ~30 rollup rows for a month, whatever the
 * number of orders. Windows are open-ended ("at or after `since`"), as the dashboards ask.
 */

/** The rollups' day: a Kuwait calendar day (UTC+3, no daylight saving). Migration 0009 uses the same constants. */
export const STATS_DAY_OFFSET_MS = 3 * 3_600_000;
export const statsDay = (at: Date | number) => Math.floor((+at + STATS_DAY_OFFSET_MS) / DAY_MS);
export const statsDayStart = (day: number) => new Date(day * DAY_MS - STATS_DAY_OFFSET_MS);
/** All companies: the rollups' totals row. */
export const ALL_COMPANIES = '*';

/** The first whole rollup day at or after `since`, and where it begins. */
function firstWholeDay(since: Date) {
  const day = statsDay(since);
  const start = statsDayStart(day);
  return start.getTime() === since.getTime() ? { day, start } : { day: day + 1, start: statsDayStart(day + 1) };
}

export type StatusCounts = Partial<Record<OrderStatus, number>>;

/** Orders created at or after `since`, by their status now; one company's or (null) all. */
export async function ordersCreatedSince(db: Db, companyId: string | null, since: Date): Promise<StatusCounts> {
  const whole = firstWholeDay(since);
  const company = companyId ?? ALL_COMPANIES;
  const [rolled, edge] = await Promise.all([
    db
      .select({ status: orderDayStats.status, n: sql<number>`sum(${orderDayStats.orders})`.mapWith(Number) })
      .from(orderDayStats)
      .where(and(eq(orderDayStats.companyId, company), gte(orderDayStats.day, whole.day)))
      .groupBy(orderDayStats.status),
    whole.start > since
      ? db
          .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(and(companyId ? eq(orders.companyId, companyId) : undefined, gte(orders.createdAt, since), lt(orders.createdAt, whole.start)))
          .groupBy(orders.status)
      : [],
  ]);
  const out: StatusCounts = {};
  for (const r of [...rolled, ...edge]) out[r.status] = (out[r.status] ?? 0) + r.n;
  return out;
}

export interface DeliveredFees {
  currency: Currency;
  delivered: number;
  feesMinor: number;
}

/** Orders delivered at or after `since` (status 'delivered'), per currency: how many and their fees. */
export async function deliveredSince(db: Db, companyId: string | null, since: Date): Promise<DeliveredFees[]> {
  const whole = firstWholeDay(since);
  const company = companyId ?? ALL_COMPANIES;
  const [rolled, edge] = await Promise.all([
    db
      .select({
        currency: deliveryDayStats.currency,
        delivered: sql<number>`sum(${deliveryDayStats.delivered})`.mapWith(Number),
        feesMinor: sql<number>`sum(${deliveryDayStats.feesMinor})`.mapWith(Number),
      })
      .from(deliveryDayStats)
      .where(and(eq(deliveryDayStats.companyId, company), gte(deliveryDayStats.day, whole.day)))
      .groupBy(deliveryDayStats.currency),
    whole.start > since
      ? db
          .select({
            currency: orders.currency,
            delivered: sql<number>`count(*)`.mapWith(Number),
            feesMinor: sql<number>`coalesce(sum(${orders.deliveryFeeMinor}), 0)`.mapWith(Number),
          })
          .from(orders)
          .where(and(companyId ? eq(orders.companyId, companyId) : undefined, eq(orders.status, 'delivered'), gte(orders.deliveredAt, since), lt(orders.deliveredAt, whole.start)))
          .groupBy(orders.currency)
      : [],
  ]);
  const out = new Map<Currency, DeliveredFees>();
  for (const r of [...rolled, ...edge]) {
    const had = out.get(r.currency);
    out.set(r.currency, { currency: r.currency, delivered: (had?.delivered ?? 0) + r.delivered, feesMinor: (had?.feesMinor ?? 0) + r.feesMinor });
  }
  return [...out.values()];
}

/**
 * How many orders were created on Kuwait days `fromDay`..`toDay` (inclusive; either open), with one
 * status or any; one company's or (null) all. Exact: the orders list's date filter is in Kuwait days.
 */
export async function ordersOnDays(db: Db, companyId: string | null, status: OrderStatus | undefined, fromDay?: number, toDay?: number): Promise<number> {
  const where: (SQL | undefined)[] = [
    eq(orderDayStats.companyId, companyId ?? ALL_COMPANIES),
    status ? eq(orderDayStats.status, status) : undefined,
    fromDay === undefined ? undefined : gte(orderDayStats.day, fromDay),
    toDay === undefined ? undefined : lte(orderDayStats.day, toDay),
  ];
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderDayStats.orders}), 0)`.mapWith(Number) })
    .from(orderDayStats)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Rebuilds both rollups from the orders table (after a bulk load that bypassed the triggers; as migration 0009 does). */
export async function rebuildOrderStats(db: Pick<Db, '$client'>): Promise<void> {
  const day = (col: string) => `(${col} + ${STATS_DAY_OFFSET_MS}) / ${DAY_MS}`;
  await db.$client.batch(
    [
      'DELETE FROM order_day_stats',
      'DELETE FROM delivery_day_stats',
      `INSERT INTO order_day_stats (company_id, day, status, orders)
         SELECT company_id, ${day('created_at')}, status, count(*) FROM orders GROUP BY 1, 2, 3
         UNION ALL SELECT '${ALL_COMPANIES}', ${day('created_at')}, status, count(*) FROM orders GROUP BY 2, 3`,
      `INSERT INTO delivery_day_stats (company_id, day, currency, delivered, fees_minor)
         SELECT company_id, ${day('delivered_at')}, currency, count(*), sum(delivery_fee_minor) FROM orders
           WHERE status = 'delivered' AND delivered_at IS NOT NULL GROUP BY 1, 2, 3
         UNION ALL SELECT '${ALL_COMPANIES}', ${day('delivered_at')}, currency, count(*), sum(delivery_fee_minor) FROM orders
           WHERE status = 'delivered' AND delivered_at IS NOT NULL GROUP BY 2, 3`,
    ],
    'write',
  );
}
