import { PIN_MAX_TRIES, wrongPinCount } from './delivery-pin';
import { and, asc, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, orderStatusEvents, riders, users } from '../../../../db/schema';
import type { OrderListInput } from '../../../shared/schemas/oversight';
import { storedAddressParts } from '../../../shared/schemas/address';
import { DAY_MS, startOfDayInZone } from '../../../shared/time';
import { notFound } from '../../errors';
import { deliveryProof } from './order-proof';
import { ordersOnDays, statsDay } from './order-stats';
import { likePattern, paged, pageWindow } from '../../lib/paging';
import { msg } from '../../../shared/i18n/message';

const dayStart = (iso: string) => startOfDayInZone(new Date(`${iso}T12:00:00Z`), 'Asia/Kuwait');

/**
 * Orders filtered and paged on the server; `companyId` from the scope always wins over the filter.
 * `riderId` narrows to one rider's orders (a rider's own scope, or a filter).
 */
export async function listOrders(db: Db, input: OrderListInput, scopeCompanyId: string | null, riderId: string | null = null) {
  const where: SQL[] = [];
  const companyId = scopeCompanyId ?? input.companyId;
  if (companyId) where.push(eq(orders.companyId, companyId));
  if (riderId) where.push(eq(orders.riderId, riderId));
  if (input.status) where.push(eq(orders.status, input.status));
  if (input.source) where.push(eq(orders.source, input.source));
  if (input.region) where.push(eq(companies.region, input.region));
  if (input.from) where.push(gte(orders.createdAt, dayStart(input.from)));
  if (input.to) where.push(lt(orders.createdAt, new Date(dayStart(input.to).getTime() + DAY_MS)));
  if (input.q) {
    const p = likePattern(input.q);
    where.push(or(like(orders.customerName, p), like(orders.customerPhone, p), like(orders.deliveryAddress, p), eq(orders.id, input.q))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(input.page, input.pageSize);
  // Company, status and Kuwait dates only: the total is a sum of daily rollup rows (order-stats.ts), not a count of orders.
  const rolled = !riderId && !input.source && !input.region && !input.q;
  const total = rolled
    ? ordersOnDays(db, companyId ?? null, input.status, input.from ? statsDay(dayStart(input.from)) : undefined, input.to ? statsDay(dayStart(input.to)) : undefined)
    : db
        .select({ n: count() })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(cond)
        .then(([row]) => row?.n ?? 0);
  const [rows, totalCount] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        priority: orders.priority,
        customerName: orders.customerName,
        deliveryAddress: orders.deliveryAddress,
        deliveryAddressParts: orders.deliveryAddressParts,
        feeMinor: orders.deliveryFeeMinor,
        currency: orders.currency,
        companyId: orders.companyId,
        companyName: companies.name,
        riderId: orders.riderId,
        riderName: riders.name,
        etaDropoffAt: orders.etaDropoffAt,
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(riders, eq(riders.id, orders.riderId))
      .where(cond)
      .orderBy(desc(orders.createdAt))
      .limit(limit)
      .offset(offset),
    total,
  ]);
  // The stored text is in its creator's language; the parts (when the address has them) let each reader see it in theirs.
  const items = rows.map(({ feeMinor, ...r }) => ({
    ...r,
    deliveryAddressParts: storedAddressParts(r.deliveryAddressParts),
    deliveryFeeMinor: feeMinor,
    createdAt: r.createdAt.toISOString(),
    etaDropoffAt: r.etaDropoffAt?.toISOString() ?? null,
  }));
  return paged(items, totalCount, input.page, input.pageSize);
}

/** One order with its timeline and, once delivered, its proof of delivery. */
export async function orderDetail(db: Db, orderId: string, scopeCompanyId: string | null) {
  const where = scopeCompanyId ? and(eq(orders.id, orderId), eq(orders.companyId, scopeCompanyId)) : eq(orders.id, orderId);
  const order = await db.query.orders.findFirst({ where });
  if (!order) throw notFound(msg('errors.orderNotFound'));
  const [company, rider, events, proof, wrongPins] = await Promise.all([
    db.query.companies.findFirst({ where: eq(companies.id, order.companyId) }),
    order.riderId ? db.query.riders.findFirst({ where: eq(riders.id, order.riderId) }) : undefined,
    db
      .select({ status: orderStatusEvents.status, at: orderStatusEvents.at, riderId: orderStatusEvents.riderId, actor: users.firstName })
      .from(orderStatusEvents)
      .leftJoin(users, eq(users.id, orderStatusEvents.actorId))
      .where(eq(orderStatusEvents.orderId, order.id))
      .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
    deliveryProof(db, order),
    wrongPinCount(db, order.id),
  ]);
  return {
    ...order,
    pickupAddressParts: storedAddressParts(order.pickupAddressParts),
    deliveryAddressParts: storedAddressParts(order.deliveryAddressParts),
    companyName: company?.name ?? '',
    riderName: rider?.name ?? null,
    timeline: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    proof,
    /** 5 wrong PINs (issue 22, item 2): the rider can no longer mark it delivered; the company confirms the delivery. */
    pinLocked: order.status === 'picked_up' && wrongPins >= PIN_MAX_TRIES,
  };
}
