import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders } from '../../../../db/schema';
import { distanceKm } from '../../../shared/geo';
import { REGIONS } from '../../../shared/regions';
import type { DispatchSettings } from '../../../shared/schemas/dispatch';
import { startOfDayInZone, zoneOffsetMinutes } from '../../../shared/time';
import type { TravelModel } from '../routing';
import { guardBlock, factsExclusion, vehicleFits, type Exclusion } from './eligibility';
import { askedBefore, riderFacts, type OrderRow, type RiderFacts } from './facts';
import { dropoffOf, pickupOf, planBatch } from './route-plan';
import { compareScores, scoreOf, type Score } from './scoring';
import { travelModelFor } from './travel-model';

export interface Ranked extends Score {
  riderId: string;
  facts: RiderFacts;
}

export interface Choice {
  facts: RiderFacts;
  score: Score;
  batch: OrderRow[];
  stops: { orderId: string; kind: 'pickup' | 'dropoff' }[];
  distanceKm: number;
}

/** The clock of the company's zone: the start of its day (orders today) and its local hour (the travel model's). */
export async function companyClock(db: Db, companyId: string, now: Date) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { region: true } });
  const zone = REGIONS[company?.region ?? 'kuwait'].timezone;
  const hour = new Date(now.getTime() + zoneOffsetMinutes(zone, now) * 60_000).getUTCHours();
  return { dayStart: startOfDayInZone(now, zone), hour };
}

/**
 * Every active rider of the company for this order: those the rules keep out with the rule, the rest best first
 * (scoring.ts). The compliance guards are not asked here (they cost queries): `choose` asks them in rank order.
 */
export async function rankRiders(db: Db, order: OrderRow, settings: DispatchSettings, now: Date) {
  const { dayStart, hour } = await companyClock(db, order.companyId, now);
  const [facts, asked, model] = await Promise.all([riderFacts(db, order.companyId, dayStart), askedBefore(db, order.id), travelModelFor(db, order.companyId)]);
  const excluded = new Map<string, Exclusion>();
  const ranked: Ranked[] = [];
  const pickup = pickupOf(order);
  for (const f of facts) {
    const why = factsExclusion(f, order, settings, asked);
    if (why) excluded.set(f.rider.id, why);
    else ranked.push({ riderId: f.rider.id, facts: f, ...scoreOf(f, pickup, model, hour) });
  }
  ranked.sort(compareScores);
  return { ranked, excluded, model, hour };
}

/** Pending orders of the company not yet offered whose pickups lie within the batch radius of this one. */
async function nearbyOrders(db: Db, order: OrderRow, radiusM: number): Promise<OrderRow[]> {
  const here = pickupOf(order);
  if (!here || !dropoffOf(order) || radiusM <= 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, order.companyId), eq(orders.status, 'pending'), isNull(orders.riderId), isNull(orders.dispatchState), ne(orders.id, order.id)))
    .limit(200);
  return rows
    .filter((o) => pickupOf(o) && dropoffOf(o) && distanceKm(here, pickupOf(o)!) * 1000 <= radiusM)
    .sort((a, b) => distanceKm(here, pickupOf(a)!) - distanceKm(here, pickupOf(b)!));
}

/**
 * Grows the offer from the chosen rider's first order with nearby orders (issue 25, item 2) while the rider has room,
 * each order fits the rider (vehicle, not asked before, the cash guard for a cash order) and adding it makes no
 * order's drop-off late that was on time without it.
 */
async function grow(db: Db, f: RiderFacts, anchor: OrderRow, settings: DispatchSettings, model: TravelModel, hour: number, now: Date) {
  const batch = [anchor];
  const room = settings.maxLoad - f.load;
  const start = f.position ?? pickupOf(anchor);
  // Only an order with both points can be put on a route with others.
  if (room <= 1 || !start || !pickupOf(anchor) || !dropoffOf(anchor)) return batch;
  let late = new Set(planBatch(start, batch, model, f.rider.vehicleType, hour, now).late);
  for (const o of await nearbyOrders(db, anchor, settings.batchRadiusMeters)) {
    if (batch.length >= room) break;
    if (!vehicleFits(f.rider, o.requiredVehicle) || (await askedBefore(db, o.id)).has(f.rider.id)) continue;
    if (o.paymentMethod === 'cash' && o.codAmountMinor > 0 && (await guardBlock(db, f, [o], now))) continue;
    const next = planBatch(start, [...batch, o], model, f.rider.vehicleType, hour, now).late;
    if (next.some((id) => !late.has(id))) continue;
    batch.push(o);
    late = new Set(next);
  }
  return batch;
}

/** The best eligible rider for the order and the orders offered together, or null with why each rider was kept out. */
export async function choose(db: Db, order: OrderRow, settings: DispatchSettings, now: Date): Promise<{ choice: Choice | null; excluded: Map<string, Exclusion | string> }> {
  const { ranked, excluded, model, hour } = await rankRiders(db, order, settings, now);
  const out = new Map<string, Exclusion | string>(excluded);
  for (const r of ranked) {
    const block = await guardBlock(db, r.facts, [order], now);
    if (block) {
      out.set(r.riderId, block);
      continue;
    }
    const batch = await grow(db, r.facts, order, settings, model, hour, now);
    const start = r.facts.position ?? pickupOf(order);
    const stops =
      batch.length > 1 && start
        ? planBatch(start, batch, model, r.facts.rider.vehicleType, hour, now).stops.map(({ orderId, kind }) => ({ orderId, kind }))
        : [
            { orderId: order.id, kind: 'pickup' as const },
            { orderId: order.id, kind: 'dropoff' as const },
          ];
    const first = pickupOf(batch.find((o) => o.id === stops[0]!.orderId)!);
    const km = r.facts.position && first ? Math.round(distanceKm(r.facts.position, first) * 100) / 100 : 0;
    const { facts, riderId: _id, ...score } = r;
    return { choice: { facts, score, batch, stops, distanceKm: km }, excluded: out };
  }
  return { choice: null, excluded: out };
}

/** The orders of an offer still waiting to be offered: pending, no rider, not in another offer. */
export const offerable = and(eq(orders.status, 'pending'), isNull(orders.riderId), or(isNull(orders.dispatchState), ne(orders.dispatchState, 'offering')));
