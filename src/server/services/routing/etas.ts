import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, riders } from '../../../../db/schema';
import type { LatLng } from '../../../shared/geo';
import { log } from '../../log';
import { cashLimitState } from '../cash';
import { emitOrderEtaChanged } from '../integrations';
import { gulfHour, loadTravelModel } from './learn';
import { planRoute, type RouteStop } from './plan-route';
import { travelMinutes } from './travel';

/**
 * Issue 25, item 3: each active order's ETAs (pickup and drop-off), along the rider's planned stop sequence from
 * their last position. The sequence is planned (planRoute) when an order is added or cancelled (replanRider) and
 * kept in the order of the stored ETAs; a ping only moves the times along it (updateRiderEtas), so the rider's
 * stop order does not reshuffle as they ride. `order.eta_changed` goes out when a drop-off ETA moves 3 min or more.
 */
export const ETA_WEBHOOK_MIN = 3;
/** Minutes at a stop: waiting at the shop, handing over at the door. */
export const SERVICE_MIN = { pickup: 4, dropoff: 3 } as const;

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

async function riderLoad(db: Db, riderId: string): Promise<RiderLoad | null> {
  const [r] = await db
    .select({ companyId: riders.companyId, vehicle: riders.vehicleType, lat: riders.lastLat, lng: riders.lastLng, region: companies.region })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(eq(riders.id, riderId));
  if (!r) return null;
  const rows = await db.query.orders.findMany({ where: and(eq(orders.riderId, riderId), inArray(orders.status, [...ACTIVE])) });
  const mine: ActiveOrder[] = [];
  for (const o of rows) {
    // An order without a drop-off pin has no ETA (typed addresses without coordinates).
    if (o.dropoffLat === null || o.dropoffLng === null || (o.status !== 'assigned' && o.status !== 'picked_up')) continue;
    const pickup = o.status === 'assigned' && o.pickupLat !== null && o.pickupLng !== null ? { lat: o.pickupLat, lng: o.pickupLng } : null;
    mine.push({
      id: o.id,
      status: o.status,
      pickup,
      dropoff: { lat: o.dropoffLat, lng: o.dropoffLng },
      promisedAt: o.promisedAt,
      cashMinor: o.paymentMethod === 'cash' ? o.codAmountMinor : 0,
      etaPickupAt: o.etaPickupAt,
      etaDropoffAt: o.etaDropoffAt,
    });
  }
  const position = r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null;
  return { riderId, companyId: r.companyId, region: r.region, vehicle: r.vehicle, position, orders: mine };
}

function stopsOf(load: RiderLoad): RouteStop[] {
  return load.orders.flatMap((o): RouteStop[] => [
    ...(o.pickup ? [{ id: `${o.id}:p`, kind: 'pickup' as const, orderId: o.id, at: o.pickup, dueAt: null, cashMinor: 0, serviceMin: SERVICE_MIN.pickup }] : []),
    { id: `${o.id}:d`, kind: 'dropoff', orderId: o.id, at: o.dropoff, dueAt: o.promisedAt?.getTime() ?? null, cashMinor: o.cashMinor, serviceMin: SERVICE_MIN.dropoff },
  ]);
}

export interface EtaChange {
  orderId: string;
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

async function apply(db: Db, load: RiderLoad, arrivals: Map<string, number>, now: Date): Promise<EtaChange[]> {
  const changes: EtaChange[] = [];
  for (const o of load.orders) {
    const drop = arrivals.get(`${o.id}:d`);
    if (drop === undefined) continue;
    const pick = arrivals.get(`${o.id}:p`);
    const etaDropoffAt = new Date(Math.round(drop / 1000) * 1000);
    const etaPickupAt = pick === undefined ? null : new Date(Math.round(pick / 1000) * 1000);
    changes.push({ orderId: o.id, etaPickupAt, etaDropoffAt, previousDropoffAt: o.etaDropoffAt });
  }
  if (!changes.length) return changes;
  await db.transaction(async (tx) => {
    for (const c of changes) {
      const [row] = await tx
        .update(orders)
        .set({ etaPickupAt: c.etaPickupAt, etaDropoffAt: c.etaDropoffAt, etaUpdatedAt: now })
        .where(and(eq(orders.id, c.orderId), eq(orders.riderId, load.riderId), inArray(orders.status, [...ACTIVE])))
        .returning();
      const moved = c.previousDropoffAt !== null && Math.abs(c.etaDropoffAt.getTime() - c.previousDropoffAt.getTime()) >= ETA_WEBHOOK_MIN * 60_000;
      if (row && moved) await emitOrderEtaChanged(tx as unknown as Db, row, c.previousDropoffAt);
    }
  });
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
    const load = await riderLoad(db, riderId);
    if (!load || !load.orders.length) return [];
    const travel = await travelFor(db, load);
    const cash = await cashLimitState(db, riderId, now);
    const stops = stopsOf(load);
    const plan = planRoute({ start: load.position ?? stops[0]!.at, startAt: now.getTime(), stops, cashHeldMinor: cash.uncountedMinor, cashLimitMinor: cash.limitMinor > 0 ? cash.limitMinor : Infinity, travel });
    return await apply(db, load, plan.arrivals, now);
  } catch (err) {
    log.error(`re-planning rider ${riderId} failed`, err instanceof Error ? { err: err.message } : err);
    return [];
  }
}

/**
 * Move the rider's ETAs along their planned sequence (the order of the stored ETAs) from where they are now; a stop
 * without an ETA yet (the order was given without a re-plan) re-plans. Called from the location ingest, throttled.
 */
export async function updateRiderEtas(db: Db, riderId: string, now = new Date()): Promise<EtaChange[]> {
  const load = await riderLoad(db, riderId);
  if (!load || !load.orders.length) return [];
  const stops = stopsOf(load);
  const etaOf = (s: RouteStop) => {
    const o = load.orders.find((x) => x.id === s.orderId)!;
    return (s.kind === 'pickup' ? o.etaPickupAt : o.etaDropoffAt)?.getTime() ?? null;
  };
  if (stops.some((s) => etaOf(s) === null)) return replanRider(db, riderId, now);
  const seq = [...stops].sort((a, b) => etaOf(a)! - etaOf(b)! || (a.kind === 'pickup' ? -1 : 1));
  return apply(db, load, arrivalsAlong(await travelFor(db, load), load.position, seq, now.getTime()), now);
}
