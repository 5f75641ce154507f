import { and, asc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOfferOrders, dispatchOffers, orders, riders } from '../../../../db/schema';
import { distanceKm } from '../../../shared/geo';
import { expireOffers } from './answers';
import { riderFacts, type RiderFacts } from './facts';
import { companyClock } from './offer-order';
import { areaName } from './places';
import { pickupOf } from './route-plan';
import { dispatchSettingsOf } from './settings';

/** A rider counts as available near an area's waiting pickups within this distance. */
export const AVAILABLE_NEAR_KM = 3;

const available = (f: RiderFacts, maxLoad: number) => f.onShift && !f.onBreak && !f.paused && !f.hasOpenOffer && f.load < maxLoad;

/**
 * The dispatch picture for the company's assistant (MCP `dispatch_status`): orders waiting for a rider (given back
 * as "needs a rider", or not yet offered), offers out, and riders available now — in all and per area of the waiting
 * orders' pickups (riders within AVAILABLE_NEAR_KM of one of them).
 */
export async function dispatchStatus(db: Db, companyId: string, now = new Date()) {
  await expireOffers(db, now);
  const settings = await dispatchSettingsOf(db, companyId);
  const { dayStart } = await companyClock(db, companyId, now);
  const [waiting, out, facts] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.status, 'pending'), isNull(orders.riderId), or(isNull(orders.dispatchState), ne(orders.dispatchState, 'offering'))))
      .orderBy(asc(orders.createdAt))
      .limit(1000),
    db
      .select({ id: dispatchOffers.id, riderId: dispatchOffers.riderId, riderName: riders.name, expiresAt: dispatchOffers.expiresAt, orderId: dispatchOfferOrders.orderId })
      .from(dispatchOffers)
      .innerJoin(riders, eq(riders.id, dispatchOffers.riderId))
      .innerJoin(dispatchOfferOrders, eq(dispatchOfferOrders.offerId, dispatchOffers.id))
      .where(and(eq(dispatchOffers.companyId, companyId), eq(dispatchOffers.status, 'open'), gt(dispatchOffers.expiresAt, now))),
    riderFacts(db, companyId, dayStart),
  ]);
  const free = facts.filter((f) => available(f, settings.maxLoad));
  const areas = new Map<string, { area: string; waitingOrders: number; pickups: NonNullable<ReturnType<typeof pickupOf>>[] }>();
  for (const o of waiting) {
    const area = areaName(o.pickupAddressParts, o.pickupAddress);
    const a = areas.get(area) ?? { area, waitingOrders: 0, pickups: [] };
    a.waitingOrders++;
    const p = pickupOf(o);
    if (p) a.pickups.push(p);
    areas.set(area, a);
  }
  const offers = new Map<string, { offerId: string; riderId: string; riderName: string; expiresAt: string; orderIds: string[] }>();
  for (const r of out) {
    const o = offers.get(r.id) ?? { offerId: r.id, riderId: r.riderId, riderName: r.riderName, expiresAt: r.expiresAt.toISOString(), orderIds: [] };
    o.orderIds.push(r.orderId);
    offers.set(r.id, o);
  }
  return {
    mode: settings.mode,
    waitingForRider: {
      needsRider: waiting.filter((o) => o.dispatchState === 'needs_rider').map((o) => ({ orderId: o.id, customerName: o.customerName, pickupAddress: o.pickupAddress, attempts: o.dispatchAttempts })),
      notOffered: waiting.filter((o) => o.dispatchState === null).length,
    },
    offersOut: [...offers.values()],
    ridersAvailable: free.length,
    ridersOnDuty: facts.filter((f) => f.onShift).length,
    perArea: [...areas.values()].map(({ area, waitingOrders, pickups }) => ({
      area,
      waitingOrders,
      ridersAvailable: free.filter((f) => f.position && pickups.some((p) => distanceKm(f.position!, p) <= AVAILABLE_NEAR_KM)).length,
    })),
  };
}
