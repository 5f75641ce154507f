import { sql } from 'drizzle-orm';
import { dutyShifts, orders } from '../../../../../db/schema';

/**
 * When an order's clock starts, in SQL over `orders` (unaliased), ms or null: its last pick-up event,
 * else its last assignment event (a rider may deliver straight from assigned). Average order time is
 * the mean of delivered_at − this over delivered orders (shared/figures/order-time.ts averageOrderMinutes).
 */
const lastEvent = (status: string) =>
  sql.raw(`(select max(e.at) from order_status_events e where e.order_id = "orders"."id" and e.status = '${status}')`);
export const orderStartMs = sql<number | null>`coalesce(${lastEvent('picked_up')}, ${lastEvent('assigned')})`;

/** One delivered order's time in ms (delivered_at − start), in SQL; null when its start is unknown or after delivery. */
export const orderTimeMs = sql<number | null>`(case when ${orderStartMs} is not null and ${sql.raw('"orders"."delivered_at"')} >= ${orderStartMs} then ${sql.raw('"orders"."delivered_at"')} - ${orderStartMs} end)`;

/** A mean of order times in ms as the figure shows it: minutes, one decimal (as shared/figures/order-time.ts averageOrderMinutes). */
export const orderMinutes = (meanMs: number | null | undefined): number | null => (meanMs == null || !Number.isFinite(meanMs) ? null : Math.round(meanMs / 6_000) / 10);

/** The order was delivered while one of its rider's shifts was open, in SQL (rider.ts duringShift): what orders per hour counts. */
export const deliveredDuringShift = sql`exists (select 1 from ${dutyShifts} where ${dutyShifts.riderId} = ${orders.riderId} and ${dutyShifts.startedAt} <= ${orders.deliveredAt} and (${dutyShifts.endedAt} is null or ${dutyShifts.endedAt} >= ${orders.deliveredAt}))`;
