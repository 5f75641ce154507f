import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOfferOrders, dispatchOffers, orders, riders } from '../../../../db/schema';
import { expireOffers } from './answers';
import { orderAddressText } from '../../../shared/gulf/format';
import { currentLocale } from '../../../shared/i18n';
import type { AddressParts } from '../../../shared/schemas/address';
import { areaName } from './places';

type Stop = { orderId: string; kind: 'pickup' | 'dropoff' };
type OrderRow = typeof orders.$inferSelect;

/** The pickup in the reader's language: from its structured parts when it has them, else as typed. */
const pickupText = (o: OrderRow) => orderAddressText(o.pickupAddress, o.pickupAddressParts as AddressParts | null, currentLocale());

/**
 * The rider's open offers, as the offer screen shows them (time-outs swept first, so an offer shown is still open).
 * Money in minor units beside its currency (`feeMinor`, `cashToCollectMinor`): the door shapes it (onTheWire).
 */
export async function riderOffers(db: Db, riderId: string, now = new Date()) {
  await expireOffers(db, now);
  const offers = await db
    .select()
    .from(dispatchOffers)
    .where(and(eq(dispatchOffers.riderId, riderId), eq(dispatchOffers.status, 'open'), gt(dispatchOffers.expiresAt, now)))
    .orderBy(asc(dispatchOffers.expiresAt));
  if (!offers.length) return [];
  const rows = await db
    .select({ offerId: dispatchOfferOrders.offerId, seq: dispatchOfferOrders.seq, order: orders })
    .from(dispatchOfferOrders)
    .innerJoin(orders, eq(orders.id, dispatchOfferOrders.orderId))
    .where(inArray(dispatchOfferOrders.offerId, offers.map((o) => o.id)))
    .orderBy(asc(dispatchOfferOrders.seq));
  return offers.map((offer) => {
    const mine = rows.filter((r) => r.offerId === offer.id);
    const currency = mine[0]?.order.currency ?? 'KWD';
    const byId = new Map(mine.map((r) => [r.order.id, r.order]));
    const planned = ((offer.score as { stops?: Stop[] } | null)?.stops ?? []).filter((s) => byId.has(s.orderId));
    return {
      id: offer.id,
      orders: mine.map(({ seq, order: o }) => ({
        id: o.id,
        seq,
        customerName: o.customerName,
        pickupAddress: pickupText(o),
        dropoffArea: areaName(o.deliveryAddressParts, o.deliveryAddress),
        currency: o.currency,
        feeMinor: o.deliveryFeeMinor,
        cashToCollectMinor: o.paymentMethod === 'cash' ? o.codAmountMinor : 0,
        etaPickupAt: o.etaPickupAt?.toISOString() ?? null,
        etaDropoffAt: o.etaDropoffAt?.toISOString() ?? null,
      })),
      stops: planned.map((s) => {
        const o = byId.get(s.orderId)!;
        return { ...s, address: s.kind === 'pickup' ? pickupText(o) : areaName(o.deliveryAddressParts, o.deliveryAddress) };
      }),
      offeredAt: offer.offeredAt.toISOString(),
      expiresAt: offer.expiresAt.toISOString(),
      distanceKm: offer.distanceKm,
      currency,
      feeMinor: mine.reduce((s, r) => s + r.order.deliveryFeeMinor, 0),
      cashToCollectMinor: mine.reduce((s, r) => s + (r.order.paymentMethod === 'cash' ? r.order.codAmountMinor : 0), 0),
    };
  });
}

/** The open offer of an order (who is asked, until when), or null. */
export async function offerOf(db: Db, orderId: string, now = new Date()): Promise<{ riderId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ riderId: dispatchOffers.riderId, expiresAt: dispatchOffers.expiresAt })
    .from(dispatchOfferOrders)
    .innerJoin(dispatchOffers, eq(dispatchOffers.id, dispatchOfferOrders.offerId))
    .where(and(eq(dispatchOfferOrders.orderId, orderId), eq(dispatchOffers.status, 'open'), gt(dispatchOffers.expiresAt, now)))
    .orderBy(desc(dispatchOffers.offeredAt))
    .limit(1);
  return row ?? null;
}

/** The company's orders automatic dispatch gave back: still pending, no rider, oldest first. */
export async function needsRider(db: Db, companyId: string) {
  return db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      pickupAddress: orders.pickupAddress,
      deliveryAddress: orders.deliveryAddress,
      promisedAt: orders.promisedAt,
      dispatchAttempts: orders.dispatchAttempts,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.dispatchState, 'needs_rider'), eq(orders.status, 'pending'), isNull(orders.riderId)))
    .orderBy(asc(orders.createdAt))
    .limit(500);
}

export interface AcceptanceRate {
  offered: number;
  accepted: number;
  /** accepted / offered, 0-1; 0 when nothing was offered. */
  rate: number;
}

/** Per rider of the company: offers answered or timed out (open and withdrawn offers do not count), and accepted. */
export async function acceptanceRates(db: Db, companyId: string): Promise<Record<string, AcceptanceRate>> {
  const rows = await db
    .select({ riderId: dispatchOffers.riderId, status: dispatchOffers.status, n: count() })
    .from(dispatchOffers)
    .where(and(eq(dispatchOffers.companyId, companyId), notInArray(dispatchOffers.status, ['open', 'withdrawn'])))
    .groupBy(dispatchOffers.riderId, dispatchOffers.status);
  const out: Record<string, AcceptanceRate> = {};
  for (const r of rows) {
    const a = (out[r.riderId] ??= { offered: 0, accepted: 0, rate: 0 });
    a.offered += r.n;
    if (r.status === 'accepted') a.accepted += r.n;
  }
  for (const a of Object.values(out)) a.rate = a.offered ? Math.round((a.accepted / a.offered) * 1000) / 1000 : 0;
  return out;
}

/** The riders of the company, for the names in views. */
export async function riderNames(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: riders.id, name: riders.name }).from(riders).where(eq(riders.companyId, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}
