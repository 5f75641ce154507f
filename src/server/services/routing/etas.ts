import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, riders } from '../../../../db/schema';
import type { LatLng } from '../../../shared/geo';
import { log } from '../../log';
import { cashLimitState } from '../cash';
import { emitOrderEtaChanged } from '../integrations';
import { gulfHour, loadTravelModel } from './learn';
import { byPlannedTime, orderStops } from './order-stops';
import { planRoute, type RouteStop } from './plan-route';
import { travelMinutes } from './travel';

/**
 * Issue 25, item 3: each active order's ETAs (pickup and drop-off), along the rider's planned stop sequence from
 * their last position. The sequence is planned (planRoute) when an order is added or cancelled (replanRider) and
 * kept in the order of the stored ETAs; a ping only moves the times along it (updateRiderEtas), so the rider's
 * stop order does not reshuffle as they ride. `order.eta_changed` goes out when a drop-off ETA moves 3 min or more.
 */
export const ETA_WEBHOOK_MIN = 3;

const ACTIVE = ['assigned', 'picked_up'] as const;

interface ActiveOrder {
  id: string;
  status: (typeof ACTIVE)[number];
  pickup: LatLng | null;
  dropoff: LatLng;
  promisedAt: Date | null;
  cashMinor: number;
  etaPickupAt: Date | null;
  etaDropoffAt: Date | null;
}

interface RiderLoad {
  riderId: string;
  companyId: string;
  region: (typeof companies.$inferSelect)['region'];
  vehicle: (typeof riders.$inferSelect)['vehicleType'];
  position: LatLng | null;
  orders: ActiveOrder[];
}

/** The active orders of these riders with pins, with each rider's position, vehicle and company: one query. */
async function loadsOf(db: Db, riderIds: readonly string[]): Promise<Map<string, RiderLoad>> {
  const out = new Map<string, RiderLoad>();
  if (!riderIds.length) return out;
  const rows = await db
    .select({ o: orders, vehicle: riders.vehicleType, lat: riders.lastLat, lng: riders.lastLng, region: companies.region })
    .from(orders)
    .innerJoin(riders, eq(riders.id, orders.riderId))
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(and(inArray(orders.riderId, [...riderIds]), inArray(orders.status, [...ACTIVE])));
  for (const { o, vehicle, lat, lng, region } of rows) {
    // An order without a drop-off pin has no ETA (typed addresses without coordinates).
    if (!o.riderId || o.dropoffLat === null || o.dropoffLng === null || (o.status !== 'assigned' && o.status !== 'picked_up')) continue;
    let load = out.get(o.riderId);
    if (!load) out.set(o.riderId, (load = { riderId: o.riderId, companyId: o.companyId, region, vehicle, position: lat !== null && lng !== null ? { lat, lng } : null, orders: [] }));
    load.orders.push({
      id: o.id,
      status: o.status,
      pickup: o.status === 'assigned' && o.pickupLat !== null && o.pickupLng !== null ? { lat: o.pickupLat, lng: o.pickupLng } : null,
      dropoff: { lat: o.dropoffLat, lng: o.dropoffLng },
      promisedAt: o.promisedAt,
      cashMinor: o.paymentMethod === 'cash' ? o.codAmountMinor : 0,
      etaPickupAt: o.etaPickupAt,
      etaDropoffAt: o.etaDropoffAt,
    });
  }
  return out;
}

const stopsOf = (load: RiderLoad): RouteStop[] => orderStops(load.orders);

export interface EtaChange {
  orderId: string;
  riderId: string;
  etaPickupAt: Date | null;
  etaDropoffAt: Date;
  previousDropoffAt: Date | null;
}

/** Arrival at each stop along `seq`, leaving `start` (the first stop itself when the rider's position is unknown) at `now`. */
export function arrivalsAlong(travel: (a: LatLng, b: LatLng, at: number) => number, start: LatLng | null, seq: readonly RouteStop[], now: number): Map<string, number> {
  const out = new Map<string, number>();
  let pos = start ?? seq[0]?.at ?? null;
  let t = now;
  for (const s of seq) {
    t += pos ? travel(pos, s.at, t) * 60_000 : 0;
    out.set(s.id, t);
    t += s.serviceMin * 60_000;
    pos = s.at;
  }
  return out;
}

/** The ETAs of the loads' orders from their arrivals (seconds), stored in one statement; then the webhooks of big moves. */
async function store(db: Db, runs: { load: RiderLoad; arrivals: Map<string, number> }[], now: Date): Promise<EtaChange[]> {
  const changes: EtaChange[] = [];
  const second = (ms: number) => new Date(Math.round(ms / 1000) * 1000);
  for (const { load, arrivals } of runs) {
    for (const o of load.orders) {
      const drop = arrivals.get(`${o.id}:d`);
      if (drop === undefined) continue;
      const pick = arrivals.get(`${o.id}:p`);
      changes.push({ orderId: o.id, riderId: load.riderId, etaPickupAt: pick === undefined ? null : second(pick), etaDropoffAt: second(drop), previousDropoffAt: o.etaDropoffAt });
    }
  }
  if (!changes.length) return changes;
  // Only while the order is still this rider's and active: a change committed since the read wins.
  await db.$client.execute({
    sql: `UPDATE orders SET eta_pickup_at = v.column2, eta_dropoff_at = v.column3, eta_updated_at = ?
      FROM (VALUES ${changes.map(() => '(?, ?, ?, ?)').join(', ')}) AS v
      WHERE orders.id = v.column1 AND orders.rider_id = v.column4 AND orders.status IN ('assigned', 'picked_up')`,
    args: [now.getTime(), ...changes.flatMap((c) => [c.orderId, c.etaPickupAt?.getTime() ?? null, c.etaDropoffAt.getTime(), c.riderId])],
  });
  const moved = changes.filter((c) => c.previousDropoffAt !== null && Math.abs(c.etaDropoffAt.getTime() - c.previousDropoffAt.getTime()) >= ETA_WEBHOOK_MIN * 60_000);
  if (moved.length) {
    const rows = await db.select().from(orders).where(and(inArray(orders.id, moved.map((c) => c.orderId)), inArray(orders.status, [...ACTIVE])));
    for (const row of rows) {
      const c = moved.find((x) => x.orderId === row.id)!;
      if (row.riderId === c.riderId && row.etaDropoffAt?.getTime() === c.etaDropoffAt.getTime()) await emitOrderEtaChanged(db, row, c.previousDropoffAt);
    }
  }
  return changes;
}

async function travelFor(db: Db, load: RiderLoad) {
  const model = await loadTravelModel(db, load.companyId);
  return (a: LatLng, b: LatLng, at: number) => travelMinutes(model, a, b, load.vehicle, gulfHour(at, load.region));
}

/**
 * Plan the rider's stops afresh (an order added or cancelled) and store every active order's ETAs along the plan.
 * Never throws: an ETA is a help, and the assignment or cancellation that called it stands.
 */
export async function replanRider(db: Db, riderId: string, now = new Date()): Promise<EtaChange[]> {
  try {
    const load = (await loadsOf(db, [riderId])).get(riderId);
    if (!load) return [];
    const travel = await travelFor(db, load);
    const cash = await cashLimitState(db, riderId, now);
    const stops = stopsOf(load);
    const plan = planRoute({ start: load.position ?? stops[0]!.at, startAt: now.getTime(), stops, cashHeldMinor: cash.uncountedMinor, cashLimitMinor: cash.limitMinor > 0 ? cash.limitMinor : Infinity, travel });
    return await store(db, [{ load, arrivals: plan.arrivals }], now);
  } catch (err) {
    log.error(`re-planning rider ${riderId} failed`, err instanceof Error ? { err: err.message } : err);
    return [];
  }
}

/**
 * Move the riders' ETAs along their planned sequences (the order of the stored ETAs) from where they are now: one
 * read and one write for all of them (the ingest's pass hands in up to 500 riders). A rider with a stop without an
 * ETA yet (an order given without a re-plan) is re-planned instead, at most `maxReplans` of them (a re-plan costs
 * about 20 times a move); the others come back in `deferred`. Riders without active orders cost nothing.
 */
export async function moveEtas(db: Db, riderIds: readonly string[], now: Date, maxReplans = Infinity): Promise<{ changes: EtaChange[]; deferred: string[]; replanned: number }> {
  const loads = await loadsOf(db, riderIds);
  const runs: { load: RiderLoad; arrivals: Map<string, number> }[] = [];
  const replan: string[] = [];
  for (const load of loads.values()) {
    const stops = stopsOf(load);
    const byId = new Map(load.orders.map((o) => [o.id, o]));
    const etaOf = (s: RouteStop) => {
      const o = byId.get(s.orderId!)!;
      return (s.kind === 'pickup' ? o.etaPickupAt : o.etaDropoffAt)?.getTime() ?? null;
    };
    if (stops.some((s) => etaOf(s) === null)) {
      replan.push(load.riderId);
      continue;
    }
    const seq = [...stops].sort((a, b) => byPlannedTime({ at: etaOf(a)!, kind: a.kind }, { at: etaOf(b)!, kind: b.kind }));
    runs.push({ load, arrivals: arrivalsAlong(await travelFor(db, load), load.position, seq, now.getTime()) });
  }
  const changes = await store(db, runs, now);
  const due = replan.slice(0, maxReplans);
  for (const id of due) changes.push(...(await replanRider(db, id, now)));
  return { changes, deferred: replan.slice(maxReplans), replanned: due.length };
}

/** The riders' ETAs moved (or re-planned) from where they are now. */
export async function updateEtasOf(db: Db, riderIds: readonly string[], now = new Date()): Promise<EtaChange[]> {
  return (await moveEtas(db, riderIds, now)).changes;
}

/** One rider's ETAs moved from where they are now (updateEtasOf for one). */
export function updateRiderEtas(db: Db, riderId: string, now = new Date()): Promise<EtaChange[]> {
  return updateEtasOf(db, [riderId], now);
}
