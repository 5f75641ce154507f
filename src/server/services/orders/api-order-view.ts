import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, orderStatusEvents } from '../../../../db/schema';
import type { ApiOrder, ApiOrderListQuery } from '../../../shared/schemas/api-v1';
import { notFound } from '../../errors';
import { paged, pageWindow } from '../../lib/paging';
import type { OrderRow } from './order-transition';
import { msg } from '../../../shared/i18n/message';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The public tracking page of an order, on this server's origin as the caller sees it. */
export const trackingUrl = (origin: string, code: string | null) => `${origin}/track/${code ?? ''}`;

type MinorMoney<T> = Omit<T, 'fee' | 'cashToCollect'> & { feeMinor: number; cashToCollectMinor: number };

/**
 * An order as the shop API shows it, without its offer and timeline (the list's item). Money in minor units beside its
 * currency: the /api/v1 door writes it as decimal strings (inDecimals, docs/api.md "Money").
 */
export function apiOrderSummary(o: OrderRow, origin: string): MinorMoney<Omit<ApiOrder, 'offer' | 'timeline'>> {
  return {
    id: o.id,
    status: o.status,
    dispatchState: o.dispatchState ?? null,
    riderId: o.riderId,
    eta: o.etaPickupAt || o.etaDropoffAt ? { pickupAt: iso(o.etaPickupAt), dropoffAt: iso(o.etaDropoffAt) } : null,
    customer: { name: o.customerName, phone: o.customerPhone, language: o.customerLocale ?? null },
    currency: o.currency,
    feeMinor: o.deliveryFeeMinor,
    cashToCollectMinor: o.codAmountMinor,
    promisedAt: iso(o.promisedAt),
    createdAt: o.createdAt.toISOString(),
    trackingUrl: trackingUrl(origin, o.trackingCode),
  };
}

/** One order of the company, or NOT_FOUND: another company's order is "not found", never "forbidden". */
export async function companyOrder(db: Db, companyId: string, orderId: string): Promise<OrderRow> {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.id, orderId), eq(orders.companyId, companyId)) });
  if (!order) throw notFound(msg('errors.orderNotFound'));
  return order;
}

/** GET /api/v1/orders/{id} without the offer (dispatch's): the order and its timeline of status changes. */
export async function apiOrderDetail(db: Db, companyId: string, orderId: string, origin: string) {
  const order = await companyOrder(db, companyId, orderId);
  const events = await db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.at, riderId: orderStatusEvents.riderId })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, order.id))
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));
  return { ...apiOrderSummary(order, origin), timeline: events.map((e) => ({ status: e.status, at: e.at.toISOString(), riderId: e.riderId })) };
}

/** GET /api/v1/orders: the company's orders, newest first, filtered by status and creation time (`from` inclusive, `to` exclusive), paged. */
export async function apiOrderList(db: Db, companyId: string, q: ApiOrderListQuery, origin: string) {
  const where: SQL[] = [eq(orders.companyId, companyId)];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.from) where.push(gte(orders.createdAt, new Date(q.from)));
  if (q.to) where.push(lt(orders.createdAt, new Date(q.to)));
  const cond = and(...where);
  const { limit, offset } = pageWindow(q.page, q.pageSize);
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(cond).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(cond),
  ]);
  return paged(
    rows.map((o) => apiOrderSummary(o, origin)),
    total?.n ?? 0,
    q.page,
    q.pageSize,
  );
}
