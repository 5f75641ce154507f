import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cashSubmissions, locationPings, orders, performanceSnapshots, riders } from '../../../db/schema';
import { pathLengthKm } from '../../shared/geo';
import { fromMinor, type Currency } from '../../shared/money';
import { regionOfCurrency } from '../../shared/regions';
import { startOfDayInZone } from '../../shared/time';
import { notFound } from '../errors';
import { routeToday } from './rider-route';

async function riderRow(db: Db, riderId: string) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound('Rider not found');
  return rider;
}

/** Cash collected on delivered cash orders, less every submission; and what awaits confirmation. */
export async function cashPosition(db: Db, riderId: string, currency: Currency) {
  const [[collected], [submitted]] = await Promise.all([
    db
      .select({ minor: sql<number>`coalesce(sum(${orders.codAmountMinor}), 0)`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), eq(orders.paymentMethod, 'cash'), eq(orders.currency, currency))),
    db
      .select({
        all: sql<number>`coalesce(sum(${cashSubmissions.amountMinor}), 0)`.mapWith(Number),
        pending: sql<number>`coalesce(sum(case when ${cashSubmissions.status} = 'pending' then ${cashSubmissions.amountMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(cashSubmissions)
      .where(and(eq(cashSubmissions.riderId, riderId), eq(cashSubmissions.currency, currency))),
  ]);
  return { onHandMinor: (collected?.minor ?? 0) - (submitted?.all ?? 0), pendingMinor: submitted?.pending ?? 0 };
}

/** Today's figures for one rider, in the rider's region and currency. */
export async function riderDashboard(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const region = regionOfCurrency(rider.region);
  const since = startOfDayInZone(now, region.timezone);
  const [[today], cash, [perf]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        completed: sql<number>`sum(case when ${orders.status} = 'delivered' then 1 else 0 end)`.mapWith(Number),
        earnings: sql<number>`coalesce(sum(case when ${orders.status} = 'delivered' then ${orders.deliveryFeeMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), gte(orders.createdAt, since))),
    cashPosition(db, riderId, rider.region),
    db
      .select({ efficiency: performanceSnapshots.efficiency })
      .from(performanceSnapshots)
      .where(and(eq(performanceSnapshots.riderId, riderId), gte(performanceSnapshots.recordedAt, since)))
      .orderBy(desc(performanceSnapshots.recordedAt))
      .limit(1),
  ]);
  return {
    riderId,
    currency: rider.region,
    todayOrders: today?.total ?? 0,
    completedOrders: today?.completed ?? 0,
    todayEarnings: fromMinor(today?.earnings ?? 0, rider.region),
    performanceRating: perf?.efficiency ?? 0,
    cashOnHand: fromMinor(cash.onHandMinor, rider.region),
    pendingCash: fromMinor(cash.pendingMinor, rider.region),
    /** The rider app's emergency support card calls or messages the rider's company. */
    companyPhone: (await db.query.companies.findFirst({ where: (c, { eq: is }) => is(c.id, rider.companyId), columns: { phone: true } }))?.phone || null,
  };
}

/** Spec "Tracking today": completed orders, cash collected and km from today's pings. */
export async function trackingToday(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const since = startOfDayInZone(now, regionOfCurrency(rider.region).timezone);
  const [[done], pings] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        cash: sql<number>`coalesce(sum(case when ${orders.paymentMethod} = 'cash' then ${orders.codAmountMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, since))),
    db
      .select({ lat: locationPings.lat, lng: locationPings.lng, at: locationPings.recordedAt })
      .from(locationPings)
      .where(and(eq(locationPings.riderId, riderId), gte(locationPings.recordedAt, since)))
      .orderBy(asc(locationPings.recordedAt)),
  ]);
  const ordersCompleted = done?.n ?? 0;
  const kmTraveled = Math.round(pathLengthKm(pings) * 10) / 10;
  return {
    currency: rider.region,
    ordersCompleted,
    cashCollected: fromMinor(done?.cash ?? 0, rider.region),
    kmTraveled,
    route: await routeToday(db, riderId, { ordersCompleted, distanceKm: kmTraveled, last: pings.at(-1) ?? null }, since, now),
  };
}

