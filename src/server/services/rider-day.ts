import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dutyShifts, locationPings, orders, performanceSnapshots, riders } from '../../../db/schema';
import { distanceKm, pathLengthKm, type LatLng } from '../../shared/geo';
import { fromMinor, type Currency } from '../../shared/money';
import { startOfDayInZone } from '../../shared/time';
import { notFound } from '../errors';
import { riderBalances, type DbOrTx } from './cash/ledger';
import { riderCash, riderWorkplace } from './rider-region';
import { routeToday } from './rider-route';
import { t } from '../../shared/i18n';

async function riderRow(db: Db, riderId: string) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(t('errors.riderNotFound'));
  return rider;
}

/**
 * The rider's cash, derived from the ledger (issue 9): on hand (hand), handed over and awaiting the
 * company's count (transit), unresolved counted differences, and what the rider is still accountable
 * for (outstanding = hand + transit + discrepancy). Never a stored total.
 */
export async function cashPosition(db: DbOrTx, riderId: string, currency: Currency) {
  const b = await riderBalances(db, riderId, currency);
  return { onHandMinor: b.handMinor, pendingMinor: b.transitMinor, discrepancyMinor: b.discrepancyMinor, outstandingMinor: b.outstandingMinor };
}

/**
 * Today's figures for one rider: "today" in the company's zone; the cash in the currency the rider holds
 * cash in (the company's first: rider-region.ts), with every currency of the rider's ledger in
 * `cashByCurrency`, so cash in a currency the company no longer uses stays visible and can be handed over.
 */
export async function riderDashboard(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const { region } = await riderWorkplace(db, rider);
  const since = startOfDayInZone(now, region.timezone);
  const held = await riderCash(db, rider);
  const currency = held.currency;
  const [[today], cash, [perf]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        completed: sql<number>`sum(case when ${orders.status} = 'delivered' then 1 else 0 end)`.mapWith(Number),
        earnings: sql<number>`coalesce(sum(case when ${orders.status} = 'delivered' and ${orders.currency} = ${currency} then ${orders.deliveryFeeMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), gte(orders.createdAt, since))),
    cashPosition(db, riderId, currency),
    db
      .select({ efficiency: performanceSnapshots.efficiency })
      .from(performanceSnapshots)
      .where(and(eq(performanceSnapshots.riderId, riderId), gte(performanceSnapshots.recordedAt, since)))
      .orderBy(desc(performanceSnapshots.recordedAt))
      .limit(1),
  ]);
  return {
    riderId,
    currency,
    todayOrders: today?.total ?? 0,
    completedOrders: today?.completed ?? 0,
    todayEarnings: fromMinor(today?.earnings ?? 0, currency),
    performanceRating: perf?.efficiency ?? 0,
    cashOnHand: fromMinor(cash.onHandMinor, currency),
    pendingCash: fromMinor(cash.pendingMinor, currency),
    /** Cash on hand + pending + unresolved differences: what the rider still answers for. */
    outstandingCash: fromMinor(cash.outstandingMinor, currency),
    /** The same figures in every currency of the rider's ledger, `currency` first. */
    cashByCurrency: [...held.list]
      .sort((a, b) => Number(b.currency === currency) - Number(a.currency === currency))
      .map(({ currency: c, balances: b }) => ({
        currency: c,
        onHand: fromMinor(b.handMinor, c),
        pending: fromMinor(b.transitMinor, c),
        outstanding: fromMinor(b.outstandingMinor, c),
      })),
    /** The rider app's emergency support card calls or messages the rider's company. */
    companyPhone: (await db.query.companies.findFirst({ where: (c, { eq: is }) => is(c.id, rider.companyId), columns: { phone: true } }))?.phone || null,
  };
}

/**
 * The day's km: the odometer (end − start) of each shift ended today with both readings, and GPS for
 * the rest of the day: each step between two of today's pings counts for the share of its time that
 * lies outside those shifts (inside one, the odometer has it; across a shift's edge, partly).
 */
export function kmToday(pings: readonly (LatLng & { at: Date })[], shifts: readonly { start: Date; end: Date; km: number }[]): number {
  const outside = (from: number, to: number) => {
    if (to <= from) return shifts.some((s) => from >= s.start.getTime() && from <= s.end.getTime()) ? 0 : 1;
    let covered = 0;
    for (const s of shifts) covered += Math.max(0, Math.min(to, s.end.getTime()) - Math.max(from, s.start.getTime()));
    return Math.max(0, 1 - covered / (to - from));
  };
  let km = 0;
  for (const s of shifts) km += s.km;
  for (let i = 1; i < pings.length; i++) {
    const a = pings[i - 1]!;
    const b = pings[i]!;
    km += distanceKm(a, b) * outside(a.at.getTime(), b.at.getTime());
  }
  return Math.round(km * 10) / 10;
}

/** Spec "Tracking today": completed orders, cash collected and km (odometer readings, else pings). */
export async function trackingToday(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const { region, currency } = await riderWorkplace(db, rider);
  const since = startOfDayInZone(now, region.timezone);
  const [[done], pings, shifts] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        cash: sql<number>`coalesce(sum(case when ${orders.paymentMethod} = 'cash' and ${orders.currency} = ${currency} then ${orders.codAmountMinor} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, since))),
    db
      .select({ lat: locationPings.lat, lng: locationPings.lng, at: locationPings.recordedAt })
      .from(locationPings)
      .where(and(eq(locationPings.riderId, riderId), gte(locationPings.recordedAt, since)))
      .orderBy(asc(locationPings.recordedAt)),
    db
      .select({ start: dutyShifts.startedAt, end: dutyShifts.endedAt, startKm: dutyShifts.startOdometerKm, endKm: dutyShifts.endOdometerKm })
      .from(dutyShifts)
      .where(and(eq(dutyShifts.riderId, riderId), gte(dutyShifts.endedAt, since), isNotNull(dutyShifts.startOdometerKm), isNotNull(dutyShifts.endOdometerKm))),
  ]);
  const ordersCompleted = done?.n ?? 0;
  const odometerShifts = shifts.map((s) => ({ start: s.start, end: s.end!, km: Math.max(0, s.endKm! - s.startKm!) }));
  const gpsKm = Math.round(pathLengthKm(pings) * 10) / 10;
  return {
    currency,
    ordersCompleted,
    cashCollected: fromMinor(done?.cash ?? 0, currency),
    kmTraveled: kmToday(pings, odometerShifts),
    route: await routeToday(db, riderId, { ordersCompleted, distanceKm: gpsKm, last: pings.at(-1) ?? null }, since, now),
  };
}

