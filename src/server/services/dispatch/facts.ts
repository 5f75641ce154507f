import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { readRows } from '../../../../db/prepared';
import { dispatchOffers, dispatchRiderState, dutyBreaks, dutyShifts, orders, orderStatusEvents, riders } from '../../../../db/schema';
import type { LatLng } from '../../../shared/geo';

export type RiderRow = typeof riders.$inferSelect;
/** The columns the ranking reads (a company may have thousands on duty: no more than these per rider). */
export type RiderBrief = Pick<RiderRow, 'id' | 'name' | 'companyId' | 'vehicleType' | 'lastLat' | 'lastLng'>;
export type OrderRow = typeof orders.$inferSelect;

/** What the dispatcher knows of one rider of the company when it offers an order. */
export interface RiderFacts {
  rider: RiderBrief;
  onShift: boolean;
  onBreak: boolean;
  position: LatLng | null;
  /** Orders assigned or picked up now. */
  load: number;
  /** Orders assigned to the rider since the start of the company's day. */
  ordersToday: number;
  paused: boolean;
  /** An offer waiting for the rider's answer. */
  hasOpenOffer: boolean;
}

const countBy = (rows: { id: string | null; n: number }[]) => new Map(rows.map((r) => [r.id ?? '', r.n]));

/**
 * The facts of every active rider of the company, in a handful of set queries (never one query per rider:
 * a company may have thousands on duty).
 */
export async function riderFacts(db: Db, companyId: string, dayStart: Date): Promise<RiderFacts[]> {
  const rows = await db
    .select({
      rider: { id: riders.id, name: riders.name, companyId: riders.companyId, vehicleType: riders.vehicleType, lastLat: riders.lastLat, lastLng: riders.lastLng },
      shiftId: dutyShifts.id,
    })
    .from(riders)
    .leftJoin(dutyShifts, and(eq(dutyShifts.riderId, riders.id), isNull(dutyShifts.endedAt)))
    .where(and(eq(riders.companyId, companyId), eq(riders.status, 'active')));
  const shiftIds = rows.flatMap((r) => (r.shiftId ? [r.shiftId] : []));
  const [breaks, loads, today, states, open] = await Promise.all([
    shiftIds.length
      ? db.select({ shiftId: dutyBreaks.shiftId }).from(dutyBreaks).where(and(isNull(dutyBreaks.endedAt), inArray(dutyBreaks.shiftId, shiftIds)))
      : Promise.resolve([]),
    db
      .select({ id: orders.riderId, n: count() })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.status, ['assigned', 'picked_up'])))
      .groupBy(orders.riderId),
    db
      .select({ id: orderStatusEvents.riderId, n: count() })
      .from(orderStatusEvents)
      .innerJoin(orders, eq(orders.id, orderStatusEvents.orderId))
      .where(and(eq(orders.companyId, companyId), eq(orderStatusEvents.status, 'assigned'), gte(orderStatusEvents.at, dayStart)))
      .groupBy(orderStatusEvents.riderId),
    db
      .select({ riderId: dispatchRiderState.riderId, pausedAt: dispatchRiderState.pausedAt })
      .from(dispatchRiderState)
      .innerJoin(riders, eq(riders.id, dispatchRiderState.riderId))
      .where(eq(riders.companyId, companyId)),
    db.select({ riderId: dispatchOffers.riderId }).from(dispatchOffers).where(and(eq(dispatchOffers.companyId, companyId), eq(dispatchOffers.status, 'open'))),
  ]);
  const onBreak = new Set(breaks.map((b) => b.shiftId));
  const loadOf = countBy(loads);
  const todayOf = countBy(today);
  const paused = new Set(states.filter((s) => s.pausedAt).map((s) => s.riderId));
  const offered = new Set(open.map((o) => o.riderId));
  return rows.map(({ rider, shiftId }) => ({
    rider,
    onShift: shiftId !== null,
    onBreak: shiftId !== null && onBreak.has(shiftId),
    position: rider.lastLat !== null && rider.lastLng !== null ? { lat: rider.lastLat, lng: rider.lastLng } : null,
    load: loadOf.get(rider.id) ?? 0,
    ordersToday: todayOf.get(rider.id) ?? 0,
    paused: paused.has(rider.id),
    hasOpenOffer: offered.has(rider.id),
  }));
}

/** Riders who declined or let an offer of this order time out: it is not offered to them again (a statement prepared once). */
export async function askedBefore(db: Db, orderId: string): Promise<Set<string>> {
  const rows = (await readRows(db.$client, ASKED, [orderId])) as [string][];
  return new Set(rows.map(([riderId]) => riderId));
}

const ASKED = `SELECT f.rider_id FROM dispatch_offer_orders oo JOIN dispatch_offers f ON f.id = oo.offer_id
WHERE oo.order_id = ? AND f.status IN ('declined', 'expired')`;
