import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Message } from '../../../shared/i18n/message';
import type { Db } from '../../../../db/client';
import { readRow } from '../../../../db/prepared';
import { orders } from '../../../../db/schema';
import { boxAround, distanceKm, kmNorthOf, type LatLng } from '../../../shared/geo';
import { REGIONS, type RegionId } from '../../../shared/regions';
import type { DispatchSettings } from '../../../shared/schemas/dispatch';
import { startOfDayInZone, zoneOffsetMinutes } from '../../../shared/time';
import { VEHICLE_TYPES } from '../../../shared/schemas/fields';
import { cashLimitState } from '../cash';
import { travelMinutes, type TravelModel } from '../routing';
import { guardBlock, factsExclusion, vehicleFits, type Exclusion } from './eligibility';
import { askedBefore, riderFacts, type OrderRow, type RiderFacts } from './facts';
import { factsOf, ridersInBox } from './nearby-facts';
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
  // A statement prepared once: this runs for every dispatch decision.
  const [region] = ((await readRow(db.$client, 'SELECT region FROM companies WHERE id = ?', [companyId])) ?? []) as [RegionId?];
  const zone = REGIONS[region ?? 'kuwait'].timezone;
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
  return { ...rank(facts, order, settings, asked, model, hour), model, hour };
}

/** The riders the rules keep out, with the rule, and the rest best first. */
function rank(facts: readonly RiderFacts[], order: OrderRow, settings: DispatchSettings, asked: ReadonlySet<string>, model: TravelModel, hour: number) {
  const excluded = new Map<string, Exclusion>();
  const ranked: Ranked[] = [];
  const pickup = pickupOf(order);
  for (const f of facts) {
    const why = factsExclusion(f, order, settings, asked);
    if (why) excluded.set(f.rider.id, why);
    else ranked.push({ riderId: f.rider.id, facts: f, ...scoreOf(f, pickup, model, hour) });
  }
  ranked.sort(compareScores);
  return { ranked, excluded };
}

const WAITING_PROBE = `SELECT 1 FROM orders WHERE company_id = ? AND status = 'pending' AND rider_id IS NULL AND dispatch_state IS NULL AND id <> ? LIMIT 1`;

/** Pending orders of the company not yet offered whose pickups lie within the batch radius of this one. */
async function nearbyOrders(db: Db, order: OrderRow, radiusM: number): Promise<OrderRow[]> {
  const here = pickupOf(order);
  if (!here || !dropoffOf(order) || radiusM <= 0) return [];
  // Usually none waits (every new order is offered at once): a prepared probe spares reading rows.
  if (!(await readRow(db.$client, WAITING_PROBE, [order.companyId, order.id]))) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, order.companyId), eq(orders.status, 'pending'), isNull(orders.riderId), isNull(orders.dispatchState), ne(orders.id, order.id)))
    .limit(200);
  return rows
    .filter((o) => pickupOf(o) && dropoffOf(o) && distanceKm(here, pickupOf(o)!) * 1000 <= radiusM)
    .sort((a, b) => distanceKm(here, pickupOf(a)!) - distanceKm(here, pickupOf(b)!));
}

type Stop = Choice['stops'][number];
const alone = (o: OrderRow): Stop[] => [
  { orderId: o.id, kind: 'pickup' },
  { orderId: o.id, kind: 'dropoff' },
];

/**
 * Grows the offer from the chosen rider's first order with nearby orders (issue 25, item 2) while the rider has room,
 * each order fits the rider (vehicle, not asked before, the cash guard for a cash order) and adding it makes no
 * order's drop-off late that was on time without it. The stops are the route planner's order (planBatch).
 */
async function grow(db: Db, f: RiderFacts, anchor: OrderRow, settings: DispatchSettings, model: TravelModel, hour: number, now: Date) {
  const batch = [anchor];
  const room = settings.maxLoad - f.load;
  const start = f.position ?? pickupOf(anchor);
  // Only an order with both points can be put on a route with others.
  if (room <= 1 || !start || !pickupOf(anchor) || !dropoffOf(anchor)) return { batch, stops: alone(anchor) };
  const near = await nearbyOrders(db, anchor, settings.batchRadiusMeters);
  if (!near.length) return { batch, stops: alone(anchor) };
  const held = await cashLimitState(db, f.rider.id, now);
  const cash = { heldMinor: held.uncountedMinor, limitMinor: held.limitMinor > 0 ? held.limitMinor : Infinity };
  const travel = (a: LatLng, b: LatLng) => travelMinutes(model, a, b, f.rider.vehicleType, hour);
  let plan = planBatch(start, batch, travel, now, cash);
  for (const o of near) {
    if (batch.length >= room) break;
    if (!vehicleFits(f.rider, o.requiredVehicle) || (await askedBefore(db, o.id)).has(f.rider.id)) continue;
    if (o.paymentMethod === 'cash' && o.codAmountMinor > 0 && (await guardBlock(db, f, [o], now))) continue;
    const next = planBatch(start, [...batch, o], travel, now, cash);
    if (next.late.some((id) => !plan.late.includes(id))) continue;
    batch.push(o);
    plan = next;
  }
  return { batch, stops: batch.length > 1 ? plan.stops : alone(anchor) };
}

/**
 * The best eligible rider for the order and the orders offered together, or null with why each rider of the company
 * was kept out: every rider is read (the explanation; `chooseNearest` makes the same choice reading fewer).
 */
export async function choose(db: Db, order: OrderRow, settings: DispatchSettings, now: Date): Promise<{ choice: Choice | null; excluded: Map<string, Exclusion | Message> }> {
  const { ranked, excluded, model, hour } = await rankRiders(db, order, settings, now);
  const out = new Map<string, Exclusion | Message>(excluded);
  for (const r of ranked) {
    const block = await guardBlock(db, r.facts, [order], now);
    if (block) {
      out.set(r.riderId, block);
      continue;
    }
    return { choice: await offerFor(db, r, order, settings, model, hour, now), excluded: out };
  }
  return { choice: null, excluded: out };
}

/** Search radii around the pickup (km), each read only when the one before held no rider certain to be the best. */
const RINGS_KM = [2, 5, 12, 30];

/**
 * The choice `choose` makes (the same rider, batch and stops), reading only the riders near the pickup: within a ring
 * of r km, a rider whose whole-minute ETA is below the least any vehicle can reach from r km away outranks every rider
 * outside it (they are farther, the ETA grows with distance, and an unknown position comes last). Those riders are
 * taken one ETA minute at a time, earliest first: the facts of the minute's riders are read, the rules and the
 * tie-breakers rank them, and the first the guards let through is the answer. Otherwise the ring widens (the minutes
 * already tried are not read again), and past the last one every rider is read.
 */
export async function chooseNearest(db: Db, order: OrderRow, settings: DispatchSettings, now: Date): Promise<Choice | null> {
  const pickup = pickupOf(order);
  if (!pickup) return (await choose(db, order, settings, now)).choice;
  const { dayStart, hour } = await companyClock(db, order.companyId, now);
  const [asked, model] = await Promise.all([askedBefore(db, order.id), travelModelFor(db, order.companyId)]);
  let tried = 0;
  for (const km of RINGS_KM) {
    const bound = etaFloor(model, pickup, km, hour);
    const byMinute = new Map<number, string[]>();
    for (const s of await ridersInBox(db, order.companyId, boxAround(pickup, km))) {
      const eta = Math.ceil(travelMinutes(model, s.position, pickup, s.vehicleType, hour));
      if (eta >= tried && eta < bound) byMinute.set(eta, [...(byMinute.get(eta) ?? []), s.id]);
    }
    for (const minute of [...byMinute.keys()].sort((a, b) => a - b)) {
      const { ranked } = rank(await factsOf(db, order.companyId, dayStart, byMinute.get(minute)!), order, settings, asked, model, hour);
      for (const r of ranked) {
        if (!(await guardBlock(db, r.facts, [order], now))) return offerFor(db, r, order, settings, model, hour, now);
      }
    }
    tried = bound;
  }
  return (await choose(db, order, settings, now)).choice;
}

/** The least whole-minute ETA any vehicle has from `km` away from the pickup (or farther: the travel model's time grows with distance). */
function etaFloor(model: TravelModel, pickup: LatLng, km: number, hour: number): number {
  const away = kmNorthOf(pickup, km);
  return Math.min(...VEHICLE_TYPES.map((v) => Math.ceil(travelMinutes(model, pickup, away, v, hour))));
}

/** The offer to the chosen rider: the order grown into a batch, its stops and the distance to the first pickup. */
async function offerFor(db: Db, r: Ranked, order: OrderRow, settings: DispatchSettings, model: TravelModel, hour: number, now: Date): Promise<Choice> {
  const { batch, stops } = await grow(db, r.facts, order, settings, model, hour, now);
  const first = pickupOf(batch.find((o) => o.id === stops[0]!.orderId)!);
  const km = r.facts.position && first ? Math.round(distanceKm(r.facts.position, first) * 100) / 100 : 0;
  const { facts, riderId: _id, ...score } = r;
  return { facts, score, batch, stops, distanceKm: km };
}

/** The orders of an offer still waiting to be offered: pending, no rider, not in another offer. */
export const offerable = and(eq(orders.status, 'pending'), isNull(orders.riderId), or(isNull(orders.dispatchState), ne(orders.dispatchState, 'offering')));
