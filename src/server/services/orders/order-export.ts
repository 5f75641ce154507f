import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders } from '../../../../db/schema';
import { toDecimalString } from '../../../shared/money';
import { regionOfCurrency } from '../../../shared/regions';
import { localIso } from '../../../shared/time';
import { companyProfile } from '../directory';
import { toCsv } from '../../lib/csv';

/** A download holds at most this many orders, the newest first; `orderCount` says how many there are. */
export const EXPORT_MAX_ORDERS = 50_000;

/**
 * The spec's Export Report: company, riderCount, orders, revenue and date, for the
 * caller's own company only. Money is a decimal string with the currency's digits
 * (KWD 3, AED 2) plus minor units for revenue; revenue is the fees of delivered orders.
 */
export async function exportOrdersReport(db: Db, companyId: string, now = new Date()) {
  const company = await companyProfile(db, companyId);
  const mine = eq(orders.companyId, companyId);
  const [[fleet], [totals], rows] = await Promise.all([
    db.select({ n: count() }).from(riders).where(and(eq(riders.companyId, companyId), inArray(riders.status, ['active', 'suspended']))),
    db
      .select({
        n: count(),
        revenueMinor: sql<number>`coalesce(sum(case when ${orders.status} = 'delivered' then ${orders.deliveryFeeMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(mine),
    db
      .select({
        trackingCode: orders.trackingCode,
        createdAt: orders.createdAt,
        status: orders.status,
        priority: orders.priority,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        customerEmail: orders.customerEmail,
        pickupAddress: orders.pickupAddress,
        deliveryAddress: orders.deliveryAddress,
        itemDescription: orders.itemDescription,
        feeMinor: orders.deliveryFeeMinor,
        codMinor: orders.codAmountMinor,
        orderCurrency: orders.currency,
        paymentMethod: orders.paymentMethod,
        rider: riders.name,
        source: orders.source,
        deliveredAt: orders.deliveredAt,
        notes: orders.notes,
      })
      .from(orders)
      .leftJoin(riders, eq(riders.id, orders.riderId))
      .where(mine)
      .orderBy(desc(orders.createdAt))
      .limit(EXPORT_MAX_ORDERS),
  ]);
  const money = (minor: number) => toDecimalString(minor, company.currency);
  return {
    company: company.name,
    riderCount: fleet?.n ?? 0,
    orders: rows.map(({ feeMinor, codMinor, createdAt, deliveredAt, orderCurrency, ...o }) => ({
      ...o,
      createdAt: createdAt.toISOString(),
      deliveredAt: deliveredAt?.toISOString() ?? null,
      /** The zone of the order's region (Asia/Kuwait, Asia/Dubai): the CSV writes its times in it. */
      timeZone: regionOfCurrency(orderCurrency).timezone,
      deliveryFee: money(feeMinor),
      codAmount: money(codMinor),
    })),
    revenue: { currency: company.currency, amount: money(totals?.revenueMinor ?? 0), minor: totals?.revenueMinor ?? 0 },
    date: now.toISOString(),
    currency: company.currency,
    orderCount: totals?.n ?? 0,
  };
}
export type OrdersReport = Awaited<ReturnType<typeof exportOrdersReport>>;

const CSV_COLUMNS = [
  'trackingCode',
  'createdAt',
  'status',
  'priority',
  'customerName',
  'customerPhone',
  'customerEmail',
  'pickupAddress',
  'deliveryAddress',
  'itemDescription',
  'deliveryFee',
  'codAmount',
  'currency',
  'paymentMethod',
  'rider',
  'source',
  'deliveredAt',
  'timeZone',
  'notes',
] as const;

/**
 * The report's orders as CSV: one row per order, money with the currency's decimals, free text guarded against formulas,
 * times as local time with the offset of the order's zone (2026-04-01T12:00:00+03:00) and that zone in its own column.
 */
export function ordersReportCsv(r: OrdersReport): string {
  return toCsv([
    [...CSV_COLUMNS],
    ...r.orders.map((o) => [
      o.trackingCode,
      localIso(new Date(o.createdAt), o.timeZone),
      o.status,
      o.priority,
      o.customerName,
      o.customerPhone,
      o.customerEmail,
      o.pickupAddress,
      o.deliveryAddress,
      o.itemDescription,
      o.deliveryFee,
      o.codAmount,
      r.currency,
      o.paymentMethod,
      o.rider === null ? '' : o.rider,
      o.source,
      o.deliveredAt ? localIso(new Date(o.deliveredAt), o.timeZone) : '',
      o.timeZone,
      o.notes,
    ]),
  ]);
}
