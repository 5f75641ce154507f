import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, etaModel, orders, orderStatusEvents, riders } from '../../../../db/schema';
import { distanceKm, pathLengthKm, type LatLng } from '../../../shared/geo';
import { REGIONS, type RegionId } from '../../../shared/regions';
import { VEHICLE_TYPES } from '../../../shared/schemas/fields';
import { zoneOffsetMinutes } from '../../../shared/time';
import { DEFAULT_TRAVEL_MODEL, type TravelModel, type VehicleType } from './travel';

/**
 * Issue 25, item 3: the travel model learned from a company's own deliveries (docs/decisions/013-eta-model.md).
 * Each delivered order gives one leg, from its pickup to its delivery: the rider's pings in between give the road
 * km (path length), the straight line from pickup to drop-off (the order's pins, else the first and last ping) and
 * the minutes. Per vehicle: detour = median road km / straight km; speed = road km / hours summed over the legs,
 * all day and per Gulf local hour of the pickup. Thin data is pulled towards what is known: the all-day figures
 * towards the defaults with the weight of SHRINK_DAY legs, each hour towards the vehicle's all-day speed with the
 * weight of SHRINK_HOUR legs.
 */
export const SHRINK_DAY = 10;
export const SHRINK_HOUR = 20;
/** Legs from this far back before `until` (4 weeks: the city's current traffic, not last year's). */
export const LEARN_WINDOW_DAYS = 28;
/** The most recent legs taken at most per company (each costs one index range of pings). */
export const MAX_LEGS = 4000;

/** The Gulf's local hour (0-23) of an instant; Kuwait and the UAE keep no summer time, so one offset each. */
const offsets = new Map<string, number>();
export function gulfHour(at: number, region: RegionId): number {
  const tz = REGIONS[region].timezone;
  let off = offsets.get(tz);
  if (off === undefined) offsets.set(tz, (off = zoneOffsetMinutes(tz, new Date(at))));
  return Math.floor((((at / 60_000 + off) % 1440) + 1440) % 1440 / 60);
}

export interface Leg {
  vehicle: VehicleType;
  hour: number;
  roadKm: number;
  straightKm: number;
  hours: number;
}

/** A leg worth learning from: long enough to measure, plausible speed and detour (GPS jumps and forgotten taps out). */
export function plausible(l: Leg): boolean {
  const kmh = l.roadKm / l.hours;
  const detour = l.roadKm / l.straightKm;
  return l.hours >= 2 / 60 && l.hours <= 3 && l.straightKm >= 0.3 && kmh >= 3 && kmh <= 90 && detour >= 1 && detour <= 3;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const shrink = (n: number, value: number, k: number, prior: number) => (n * value + k * prior) / (n + k);

export interface LearnedRow {
  vehicleType: VehicleType;
  hour: number;
  speedKmh: number;
  detourFactor: number;
  samples: number;
}

/** The model's rows from legs: per vehicle with legs, an all-day row (hour -1) and one row per hour. */
export function modelRows(legs: readonly Leg[]): LearnedRow[] {
  const rows: LearnedRow[] = [];
  for (const vehicle of VEHICLE_TYPES) {
    const mine = legs.filter((l) => l.vehicle === vehicle && plausible(l));
    if (!mine.length) continue;
    const def = DEFAULT_TRAVEL_MODEL;
    const defSpeed = def.speedKmh[vehicle].reduce((a, b) => a + b, 0) / 24;
    const detour = shrink(mine.length, median(mine.map((l) => l.roadKm / l.straightKm)), SHRINK_DAY, def.detourFactor[vehicle]);
    const speedOf = (ls: Leg[]) => ls.reduce((s, l) => s + l.roadKm, 0) / ls.reduce((s, l) => s + l.hours, 0);
    const allDay = shrink(mine.length, speedOf(mine), SHRINK_DAY, defSpeed);
    rows.push({ vehicleType: vehicle, hour: -1, speedKmh: allDay, detourFactor: detour, samples: mine.length });
    for (let h = 0; h < 24; h++) {
      const inHour = mine.filter((l) => l.hour === h);
      const speed = inHour.length ? shrink(inHour.length, speedOf(inHour), SHRINK_HOUR, allDay) : allDay;
      rows.push({ vehicleType: vehicle, hour: h, speedKmh: speed, detourFactor: detour, samples: inHour.length });
    }
  }
  return rows;
}

/** The company's legs delivered in the window before `until`, most recent first. */
export async function companyLegs(db: Db, companyId: string, until: Date): Promise<Leg[]> {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { region: true } });
  if (!company) return [];
  const since = new Date(until.getTime() - LEARN_WINDOW_DAYS * 86_400_000);
  const delivered = await db
    .select({ id: orders.id, riderId: orders.riderId, deliveredAt: orders.deliveredAt, vehicle: riders.vehicleType, pLat: orders.pickupLat, pLng: orders.pickupLng, dLat: orders.dropoffLat, dLng: orders.dropoffLng })
    .from(orders)
    .innerJoin(riders, eq(riders.id, orders.riderId))
    .where(and(eq(orders.companyId, companyId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, since), lt(orders.deliveredAt, until)))
    .orderBy(sql`${orders.deliveredAt} DESC`)
    .limit(MAX_LEGS);
  if (!delivered.length) return [];
  const pickups = new Map<string, Date>();
  for (let i = 0; i < delivered.length; i += 500) {
    const ids = delivered.slice(i, i + 500).map((o) => o.id);
    const evs = await db
      .select({ orderId: orderStatusEvents.orderId, at: sql<number>`max(${orderStatusEvents.at})`.mapWith(Number) })
      .from(orderStatusEvents)
      .where(and(inArray(orderStatusEvents.orderId, ids), eq(orderStatusEvents.status, 'picked_up')))
      .groupBy(orderStatusEvents.orderId);
    for (const e of evs) pickups.set(e.orderId, new Date(e.at));
  }
  const legs: Leg[] = [];
  for (const o of delivered) {
    const from = pickups.get(o.id);
    if (!from || !o.deliveredAt || !o.riderId || o.deliveredAt <= from) continue;
    const { rows } = await db.$client.execute({
      sql: 'SELECT lat, lng FROM location_pings WHERE rider_id = ? AND recorded_at >= ? AND recorded_at <= ? ORDER BY recorded_at',
      args: [o.riderId, from.getTime(), o.deliveredAt.getTime()],
    });
    if (rows.length < 3) continue;
    const path: LatLng[] = rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng) }));
    const a = o.pLat !== null && o.pLng !== null ? { lat: o.pLat, lng: o.pLng } : path[0]!;
    const b = o.dLat !== null && o.dLng !== null ? { lat: o.dLat, lng: o.dLng } : path.at(-1)!;
    legs.push({
      vehicle: o.vehicle,
      hour: gulfHour(from.getTime(), company.region),
      roadKm: pathLengthKm(path),
      straightKm: distanceKm(a, b),
      hours: (o.deliveredAt.getTime() - from.getTime()) / 3_600_000,
    });
  }
  return legs;
}

const cache = new WeakMap<Db, Map<string, { model: TravelModel; at: number }>>();
/** A loaded model is reused this long (the dispatcher loads it for every decision). */
const CACHE_MS = 60_000;

/**
 * Learn the company's model from its deliveries before `until` and store it (its rows replace the old ones in one
 * transaction). Vehicles without a leg keep no rows: they use the defaults. Returns the rows stored.
 */
export async function learnTravelModel(db: Db, companyId: string, until = new Date()): Promise<LearnedRow[]> {
  const rows = modelRows(await companyLegs(db, companyId, until));
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(etaModel).where(eq(etaModel.companyId, companyId));
    if (rows.length) await tx.insert(etaModel).values(rows.map((r) => ({ ...r, companyId, updatedAt: now })));
  });
  cache.get(db)?.delete(companyId);
  return rows;
}

/** The company's model: its learned rows over the defaults (a vehicle or hour without rows keeps the default). */
export async function loadTravelModel(db: Db, companyId: string, now = Date.now()): Promise<TravelModel> {
  let byCompany = cache.get(db);
  if (!byCompany) cache.set(db, (byCompany = new Map()));
  const hit = byCompany.get(companyId);
  if (hit && now - hit.at >= 0 && now - hit.at < CACHE_MS) return hit.model;
  const rows = await db.select().from(etaModel).where(eq(etaModel.companyId, companyId));
  const model: TravelModel = {
    speedKmh: Object.fromEntries(VEHICLE_TYPES.map((v) => [v, [...DEFAULT_TRAVEL_MODEL.speedKmh[v]]])) as Record<VehicleType, number[]>,
    detourFactor: { ...DEFAULT_TRAVEL_MODEL.detourFactor },
  };
  const speeds = model.speedKmh as Record<VehicleType, number[]>;
  // All-day rows first, then the hours over them.
  for (const r of [...rows].sort((a, b) => a.hour - b.hour)) {
    model.detourFactor[r.vehicleType] = r.detourFactor;
    if (r.hour === -1) speeds[r.vehicleType].fill(r.speedKmh);
    else if (r.hour >= 0 && r.hour < 24) speeds[r.vehicleType][r.hour] = r.speedKmh;
  }
  byCompany.set(companyId, { model, at: now });
  return model;
}

/** When this process last learned a company's model: one without legs stores no rows, and is not relearned every hour. */
const learnedAt = new Map<string, number>();

/** Relearn every company whose model is missing or older than a day and that delivered since (the hourly job). */
export async function relearnStaleModels(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const { rows } = await db.$client.execute({
    sql: `SELECT c.id FROM companies c
      WHERE COALESCE((SELECT max(updated_at) FROM eta_model m WHERE m.company_id = c.id), 0) < ?
        AND EXISTS (SELECT 1 FROM orders o WHERE o.company_id = c.id AND o.status = 'delivered' AND o.delivered_at >= ?)`,
    args: [dayAgo.getTime(), now.getTime() - LEARN_WINDOW_DAYS * 86_400_000],
  });
  const due = rows.map((r) => String(r.id)).filter((id) => !(now.getTime() - (learnedAt.get(id) ?? -Infinity) < 86_400_000));
  for (const id of due) {
    await learnTravelModel(db, id, now);
    learnedAt.set(id, now.getTime());
  }
  return due.length;
}
