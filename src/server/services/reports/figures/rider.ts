import { and, asc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { dutyShifts, locationPings, orders } from '../../../../../db/schema';
import { averageOrderMinutes, kmOf } from '../../../../shared/figures';
import { CURRENCIES, type Currency } from '../../../../shared/money';
import { efficiency, ordersPerHour } from '../../../../shared/performance';
import { duringShift, dutyMs, type ShiftSpan } from '../../../../shared/rider-route';
import { shiftsBetween } from '../../rider';
import { orderStartMs } from './order-time';
import type { Window } from './window';

export type MinorBy = Record<Currency, number>;
const noMoney = (): MinorBy => Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as MinorBy;

/** One rider's figures over a window (docs/figures.md); every door that shows them reads this. */
export interface RiderFigures {
  /** Orders the rider delivered in the window (by delivered_at). */
  delivered: number;
  /** Those orders: id, start (pick-up, else assignment; ms or null) and delivery (ms), for the rider's phone to merge its unsent deliveries. */
  deliveries: { id: string; startedAt: number | null; deliveredAt: number }[];
  /** Of those, delivered while a shift was open: what orders per hour counts. */
  deliveredOnDuty: number;
  /** Time on duty in the window less completed breaks, ms. */
  dutyMs: number;
  /** deliveredOnDuty per hour on duty, unrounded (round for display only). */
  ordersPerHour: number;
  /** ordersPerHour / 3 × 100, capped 0–100, one decimal; the rider's performance rating. */
  efficiency: number;
  /** Mean pick-up (else assignment) to delivery, minutes, one decimal; null with no timed delivery. */
  averageOrderMinutes: number | null;
  /** Odometer for shifts ended in the window with both readings, GPS for the rest, one decimal. */
  km: number;
  /** Revenue: delivery fees of the orders delivered in the window, minor units per currency. */
  revenueMinor: MinorBy;
  /** Cash on delivery of the cash orders delivered in the window, minor units per currency. */
  codCollectedMinor: MinorBy;
  /** The window's newest ping. */
  lastPing: { lat: number; lng: number; at: Date } | null;
  shifts: ShiftSpan[];
}

export { duringShift };

type Ping = { lat: number; lng: number; at: Date };

/** Km in the window from its pings (in time order) and the odometer of the rider's shifts ended in it with both readings. */
export async function kmBetween(db: Db, riderId: string, win: Window, pings: readonly Ping[]): Promise<number> {
  const odometer = await db
    .select({ start: dutyShifts.startedAt, end: dutyShifts.endedAt, startKm: dutyShifts.startOdometerKm, endKm: dutyShifts.endOdometerKm })
    .from(dutyShifts)
    .where(and(eq(dutyShifts.riderId, riderId), gte(dutyShifts.endedAt, win.from), lte(dutyShifts.endedAt, win.to), isNotNull(dutyShifts.startOdometerKm), isNotNull(dutyShifts.endOdometerKm)));
  return kmOf(pings, odometer.map((s) => ({ start: s.start, end: s.end!, km: Math.max(0, s.endKm! - s.startKm!) })));
}

export async function riderFigures(db: Db, riderId: string, win: Window): Promise<RiderFigures> {
  const { from, to } = win;
  const [delivered, shifts, pings] = await Promise.all([
    db
      .select({ id: orders.id, at: orders.deliveredAt, startedAt: orderStartMs, currency: orders.currency, fee: orders.deliveryFeeMinor, cod: orders.codAmountMinor, payment: orders.paymentMethod })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, from), lt(orders.deliveredAt, to))),
    shiftsBetween(db, riderId, from, to),
    db
      .select({ lat: locationPings.lat, lng: locationPings.lng, at: locationPings.recordedAt })
      .from(locationPings)
      .where(and(eq(locationPings.riderId, riderId), gte(locationPings.recordedAt, from), lt(locationPings.recordedAt, to)))
      .orderBy(asc(locationPings.recordedAt)),
  ]);
  const now = to.getTime();
  const ms = dutyMs(shifts, from.getTime(), now);
  const onDuty = delivered.filter((o) => duringShift(shifts, o.at!.getTime(), now)).length;
  const rate = ordersPerHour(onDuty, ms / 3_600_000);
  const revenueMinor = noMoney();
  const codCollectedMinor = noMoney();
  for (const o of delivered) {
    revenueMinor[o.currency] += o.fee;
    if (o.payment === 'cash') codCollectedMinor[o.currency] += o.cod;
  }
  const last = pings.at(-1);
  const deliveries = delivered.map((o) => ({ id: o.id, startedAt: o.startedAt === null ? null : Number(o.startedAt), deliveredAt: o.at!.getTime() }));
  return {
    delivered: delivered.length,
    deliveries,
    deliveredOnDuty: onDuty,
    dutyMs: ms,
    ordersPerHour: rate,
    efficiency: efficiency(rate),
    averageOrderMinutes: averageOrderMinutes(deliveries),
    km: await kmBetween(db, riderId, win, pings),
    revenueMinor,
    codCollectedMinor,
    lastPing: last ? { lat: last.lat, lng: last.lng, at: last.at } : null,
    shifts,
  };
}
