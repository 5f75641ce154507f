import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, locationPings, riders } from '../../../../db/schema';
import { regionOfCurrency } from '../../../shared/regions';
import { isActiveRider, isStale, lastSeenOf } from '../../../shared/figures';
import { kmBetween } from '../reports';
import { DAY_MS, zoneOffsetMinutes } from '../../../shared/time';
import { notFound } from '../../errors';
import { denied, ownCompanyOr, type Actor } from '../access';
import { msg } from '../../../shared/i18n/message';

/** Riders have no fleet view: the map is for those who manage riders; the words of the permission's refusal. */
const noFleet = () => denied('view-analytics');

/** The id of each rider's newest ping, found through the (rider_id, recorded_at) index. */
// Table-qualified by hand: inside sql`` drizzle renders ${riders.id} as a bare "id", which would bind to p.id.
const latestPingId = sql`(select p.id from location_pings p where p.rider_id = "riders"."id" order by p.recorded_at desc, p.id desc limit 1)`;

/**
 * Every rider in scope with their last known position: the latest ping (or the
 * last position stored on the rider), when it was last seen, whether that is stale and whether the rider
 * is active (docs/figures.md).
 */
export async function fleetPositions(db: Db, actor: Actor, filter: { companyId?: string } = {}, now = new Date()) {
  // A manager asking for another company gets its own fleet; an admin all, or one company.
  const companyId = ownCompanyOr(actor, 'view-analytics', filter.companyId, noFleet);
  const rows = await db
    .select({
      id: riders.id,
      name: riders.name,
      companyId: riders.companyId,
      company: companies.name,
      status: riders.status,
      region: riders.region,
      vehicleType: riders.vehicleType,
      onDuty: riders.onDuty,
      lastLat: riders.lastLat,
      lastLng: riders.lastLng,
      lastSeenAt: riders.lastSeenAt,
      pingLat: locationPings.lat,
      pingLng: locationPings.lng,
      pingAt: locationPings.recordedAt,
    })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .leftJoin(locationPings, eq(locationPings.id, latestPingId))
    .where(companyId ? eq(riders.companyId, companyId) : undefined)
    .orderBy(asc(riders.name));
  return rows.map((r) => {
    const lastSeenAt = lastSeenOf(r.lastSeenAt, r.pingAt);
    const lat = r.pingLat ?? r.lastLat;
    const lng = r.pingLng ?? r.lastLng;
    return {
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      company: r.company,
      status: r.status,
      region: r.region,
      vehicleType: r.vehicleType,
      onDuty: r.onDuty,
      lat: lat ?? null,
      lng: lng ?? null,
      lastSeenAt: lastSeenAt?.toISOString() ?? null,
      stale: isStale(lastSeenAt, now.getTime()),
      /** On duty and seen less than 10 minutes ago: counted as "live" on the map and in Active Now. */
      active: isActiveRider({ onDuty: r.onDuty, lastSeenAt }, now.getTime()),
    };
  });
}
export type FleetRider = Awaited<ReturnType<typeof fleetPositions>>[number];

/** The UTC instants bounding a local calendar day ('YYYY-MM-DD') in a fixed-offset zone. */
export function localDayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  const offset = zoneOffsetMinutes(timeZone, new Date(midnightAsUtc + 12 * 3_600_000));
  const from = new Date(midnightAsUtc - offset * 60_000);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** Enough points for a readable line; a long day is thinned evenly, keeping its ends. */
const MAX_POINTS = 2000;
function thin<T>(points: T[]): T[] {
  if (points.length <= MAX_POINTS) return points;
  const step = (points.length - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, i) => points[Math.round(i * step)]!);
}

/**
 * One rider's pings for a local day (Kuwait or Dubai, by the rider's region), for a
 * polyline. Another company's rider is indistinguishable from none: NOT_FOUND.
 */
export async function riderHistory(db: Db, actor: Actor, riderId: string, date: string) {
  const companyId = ownCompanyOr(actor, 'view-analytics', undefined, noFleet);
  const rider = await db.query.riders.findFirst({
    where: companyId ? and(eq(riders.id, riderId), eq(riders.companyId, companyId)) : eq(riders.id, riderId),
  });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const { from, to } = localDayBounds(date, regionOfCurrency(rider.region).timezone);
  const rows = await db
    .select({ lat: locationPings.lat, lng: locationPings.lng, at: locationPings.recordedAt })
    .from(locationPings)
    .where(and(eq(locationPings.riderId, rider.id), gte(locationPings.recordedAt, from), lt(locationPings.recordedAt, to)))
    .orderBy(asc(locationPings.recordedAt));
  return {
    riderId: rider.id,
    name: rider.name,
    date,
    // The day's km as km today counts them (docs/figures.md): odometer for shifts ended that day, GPS for the rest.
    distanceKm: await kmBetween(db, rider.id, { from, to }, rows),
    points: thin(rows).map((p) => ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() })),
  };
}
