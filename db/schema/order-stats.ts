import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../src/shared/money';
import { ORDER_STATUSES } from '../../src/shared/schemas/oversight';

/**
 * Daily rollups of the orders table (issue 10), kept by database triggers in the same statement as
 * every insert, update and delete of an order (migration 0009), so they can never disagree with it.
 * The dashboards read 30 days or a month of orders from ~30 of these rows instead of thousands of orders.
 *
 * `day` is a Kuwait calendar day (UTC+3, no daylight saving): floor((ms + 3 h) / 24 h). The orders
 * list's date filter is in Kuwait days, so its counts come straight from here; a window that starts
 * inside a day (a rolling 30 days, a Dubai month) reads that first part from the orders index
 * (src/server/services/orders/order-stats.ts). `company_id` '*' holds the totals of all companies.
 */
export const orderDayStats = sqliteTable(
  'order_day_stats',
  {
    companyId: text('company_id').notNull(),
    /** The day the order was created. */
    day: integer('day').notNull(),
    /** The order's status now. */
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.status] })],
);

/** Orders delivered (status 'delivered') per day of delivery: how many and their fees (minor units). */
export const deliveryDayStats = sqliteTable(
  'delivery_day_stats',
  {
    companyId: text('company_id').notNull(),
    /** The day of `delivered_at`. */
    day: integer('day').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    delivered: integer('delivered').notNull().default(0),
    feesMinor: integer('fees_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.currency] })],
);
