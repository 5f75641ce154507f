import { and, eq, gt, gte, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, orders, orderStatusEvents, riders } from '../../../../db/schema';
import { CURRENCIES, type Currency } from '../../../shared/money';
import { REGIONS } from '../../../shared/regions';
import { dutyMs, type ShiftSpan } from '../../../shared/rider-route';
import { localIsoDate } from '../../../shared/schemas/order-import';
import { dateOfDayNumber, dayNumber, type MinorByCurrency, type WeeklyDay, type WeeklyFigures, type WeeklyReport } from '../../../shared/schemas/reports';
import { startOfDayInZone } from '../../../shared/time';
import { isWeekend, weekStartOf } from '../../../shared/weekend';
import { companyProfile } from '../directory';

const noMoney = (): MinorByCurrency => Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as MinorByCurrency;
const emptyFigures = (): WeeklyFigures => ({ ordersCreated: 0, delivered: 0, cancelled: 0, revenue: noMoney(), codCollected: noMoney(), activeRiders: 0, dutyMinutes: 0 });
const plusDays = (date: string, n: number) => dateOfDayNumber(dayNumber(date)! + n);
/** Midnight of a calendar date in the zone (noon UTC is that same day in Kuwait and Dubai). */
const midnight = (date: string, timeZone: string) => startOfDayInZone(new Date(`${date}T12:00:00Z`), timeZone).getTime();

/** When each of the company's cancelled orders was cancelled (its cancellation event, else its last update, else its creation), within [start, end). */
async function cancellations(db: Db, companyId: string, start: Date, end: Date): Promise<number[]> {
  const events = db
    .select({ orderId: orderStatusEvents.orderId, at: max(orderStatusEvents.at).as('cancelled_at') })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.status, 'cancelled'))
    .groupBy(orderStatusEvents.orderId)
    .as('cancel_events');
  const when = sql<number>`coalesce(${events.at}, ${orders.updatedAt}, ${orders.createdAt})`.mapWith(Number);
  const rows = await db
    .select({ at: when })
    .from(orders)
    .leftJoin(events, eq(events.orderId, orders.id))
    .where(and(eq(orders.companyId, companyId), eq(orders.status, 'cancelled'), sql`${when} >= ${start.getTime()}`, sql`${when} < ${end.getTime()}`));
  return rows.map((r) => r.at);
}

/** The company's riders' shifts that touch [start, end), each with its breaks, by rider. */
async function shiftsByRider(db: Db, companyId: string, start: Date, end: Date): Promise<Map<string, ShiftSpan[]>> {
  const shifts = await db
    .select({ id: dutyShifts.id, riderId: dutyShifts.riderId, startedAt: dutyShifts.startedAt, endedAt: dutyShifts.endedAt })
    .from(dutyShifts)
    .innerJoin(riders, eq(riders.id, dutyShifts.riderId))
    .where(and(eq(riders.companyId, companyId), lt(dutyShifts.startedAt, end), or(isNull(dutyShifts.endedAt), gt(dutyShifts.endedAt, start))));
  const breaks = shifts.length
    ? await db
        .select({ shiftId: dutyBreaks.shiftId, startedAt: dutyBreaks.startedAt, endedAt: dutyBreaks.endedAt })
        .from(dutyBreaks)
        .where(inArray(dutyBreaks.shiftId, shifts.map((s) => s.id)))
    : [];
  const byRider = new Map<string, ShiftSpan[]>();
  for (const s of shifts) {
    const span: ShiftSpan = {
      start: s.startedAt.getTime(),
      end: s.endedAt?.getTime() ?? null,
      breaks: breaks.filter((b) => b.shiftId === s.id).map((b) => ({ start: b.startedAt.getTime(), end: b.endedAt?.getTime() ?? null })),
    };
    byRider.set(s.riderId, [...(byRider.get(s.riderId) ?? []), span]);
  }
  return byRider;
}

/**
 * The company's working week, day by day, from its own rows: the week starts the day after its
 * weekend (Sunday for Fri–Sat, Monday for Sat–Sun) and each day is a whole day in its region's zone.
 * `weekStart` may be any day of the week wanted; without it, the week of today.
 */
export async function weeklyReport(db: Db, companyId: string, input: { weekStart?: string } = {}, now = new Date()): Promise<WeeklyReport> {
  const company = await companyProfile(db, companyId);
  const timeZone = REGIONS[company.region].timezone;
  const currentWeekStart = weekStartOf(localIsoDate(now, timeZone), company.weekend);
  const weekStart = input.weekStart ? weekStartOf(input.weekStart, company.weekend) : currentWeekStart;
  const dates = Array.from({ length: 7 }, (_, i) => plusDays(weekStart, i));
  const bounds = [...dates, plusDays(weekStart, 7)].map((d) => midnight(d, timeZone));
  const [start, end] = [new Date(bounds[0]!), new Date(bounds[7]!)];
  const dayOf = (ms: number) => bounds.findIndex((b, i) => i < 7 && ms >= b && ms < bounds[i + 1]!);

  const mine = eq(orders.companyId, companyId);
  const [created, delivered, cancelled, shifts] = await Promise.all([
    db.select({ at: orders.createdAt }).from(orders).where(and(mine, gte(orders.createdAt, start), lt(orders.createdAt, end))),
    db
      .select({ at: orders.deliveredAt, riderId: orders.riderId, currency: orders.currency, fee: orders.deliveryFeeMinor, cod: orders.codAmountMinor, payment: orders.paymentMethod })
      .from(orders)
      .where(and(mine, eq(orders.status, 'delivered'), gte(orders.deliveredAt, start), lt(orders.deliveredAt, end))),
    cancellations(db, companyId, start, end),
    shiftsByRider(db, companyId, start, end),
  ]);

  const days: WeeklyDay[] = dates.map((date) => ({ date, weekend: isWeekend(date, company.weekend, timeZone), ...emptyFigures() }));
  const active = dates.map(() => new Set<string>());
  for (const o of created) days[dayOf(o.at.getTime())]!.ordersCreated++;
  for (const at of cancelled) days[dayOf(at)]!.cancelled++;
  for (const o of delivered) {
    const i = dayOf(o.at!.getTime());
    const day = days[i]!;
    day.delivered++;
    day.revenue[o.currency as Currency] += o.fee;
    // Cash changes hands only on a cash order a rider delivered (as the admin's report counts it).
    if (o.payment === 'cash' && o.riderId) day.codCollected[o.currency as Currency] += o.cod;
    if (o.riderId) active[i]!.add(o.riderId);
  }
  const nowMs = now.getTime();
  days.forEach((day, i) => {
    const to = Math.min(bounds[i + 1]!, nowMs);
    let ms = 0;
    for (const [riderId, spans] of shifts) {
      const worked = to > bounds[i]! ? dutyMs(spans, bounds[i]!, to) : 0;
      if (worked > 0) active[i]!.add(riderId);
      ms += worked;
    }
    day.dutyMinutes = Math.round(ms / 60_000);
    day.activeRiders = active[i]!.size;
  });

  const totals = emptyFigures();
  for (const d of days) {
    totals.ordersCreated += d.ordersCreated;
    totals.delivered += d.delivered;
    totals.cancelled += d.cancelled;
    totals.dutyMinutes += d.dutyMinutes;
    for (const c of CURRENCIES) {
      totals.revenue[c] += d.revenue[c];
      totals.codCollected[c] += d.codCollected[c];
    }
  }
  totals.activeRiders = new Set(active.flatMap((s) => [...s])).size;

  return {
    companyName: company.name,
    currency: company.currency,
    region: company.region,
    timeZone,
    weekend: company.weekend,
    weekStart,
    weekEnd: dates[6]!,
    previousWeekStart: plusDays(weekStart, -7),
    nextWeekStart: plusDays(weekStart, 7),
    currentWeekStart,
    generatedAt: now.toISOString(),
    days,
    totals,
  };
}
