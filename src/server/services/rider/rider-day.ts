import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders } from '../../../../db/schema';
import { cashLimitIn, cashReminderAtMinor, DEFAULT_CASH_LIMIT_MINOR } from '../../../shared/cash/limits';
import { kmOf } from '../../../shared/figures';
import type { Currency } from '../../../shared/money';
import { riderFigures, today } from '../reports';
import { notFound } from '../../errors';
import { riderBalances, type DbOrTx } from '../cash';
import { riderCash, riderWorkplace } from './rider-region';
import { routeToday } from './rider-route';
import { msg } from '../../../shared/i18n/message';

async function riderRow(db: Db, riderId: string) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
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
 * Completed orders, earnings and the performance rating are today's figures (services/figures, docs/figures.md),
 * the same the Today's Route card and the tools show. The cash reminder's amount comes from the company's limit.
 * Money in minor units of `currency` (`…Minor`); each door shapes it (shared/money-wire.ts).
 */
export async function riderDashboard(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const { region } = await riderWorkplace(db, rider);
  const win = today(now, region.timezone);
  const held = await riderCash(db, rider);
  const currency = held.currency;
  const [[assigned], cash, figures, company] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.riderId, riderId), gte(orders.createdAt, win.from))),
    cashPosition(db, riderId, currency),
    riderFigures(db, riderId, win),
    db.query.companies.findFirst({ where: (c, { eq: is }) => is(c.id, rider.companyId), columns: { phone: true, currency: true, cashLimitMinor: true } }),
  ]);
  return {
    riderId,
    currency,
    /** Orders given to the rider that were created today. */
    todayOrders: assigned?.total ?? 0,
    completedOrders: figures.delivered,
    todayEarningsMinor: figures.revenueMinor[currency],
    /** Today's efficiency (docs/figures.md): the Today's Route card's figure. */
    performanceRating: figures.efficiency,
    cashOnHandMinor: cash.onHandMinor,
    pendingCashMinor: cash.pendingMinor,
    /** From this much cash on hand the app reminds the rider to hand it over: a share of the company's limit in force (shared/cash/limits.ts). */
    cashReminderAtMinor: cashReminderAtMinor(company ? cashLimitIn(company, currency) : DEFAULT_CASH_LIMIT_MINOR[currency]),
    /** Cash on hand + pending + unresolved differences: what the rider still answers for. */
    outstandingCashMinor: cash.outstandingMinor,
    /** The same figures in every currency of the rider's ledger, `currency` first. */
    cashByCurrency: [...held.list]
      .sort((a, b) => Number(b.currency === currency) - Number(a.currency === currency))
      .map(({ currency: c, balances: b }) => ({
        currency: c,
        onHandMinor: b.handMinor,
        pendingMinor: b.transitMinor,
        outstandingMinor: b.outstandingMinor,
      })),
    /** The rider app's emergency support card calls or messages the rider's company. */
    companyPhone: company?.phone || null,
  };
}

/** The day's km (docs/figures.md): kept under this name for its callers; the definition is shared/figures/km.ts kmOf. */
export const kmToday = kmOf;

/** Spec "Tracking today": completed orders, cash collected and km, and Today's Route, all today's figures. */
export async function trackingToday(db: Db, riderId: string, now = new Date()) {
  const rider = await riderRow(db, riderId);
  const { region, currency } = await riderWorkplace(db, rider);
  const win = today(now, region.timezone);
  const figures = await riderFigures(db, riderId, win);
  return {
    currency,
    ordersCompleted: figures.delivered,
    cashCollectedMinor: figures.codCollectedMinor[currency],
    kmTraveled: figures.km,
    /** Mean pick-up (else assignment) to delivery, minutes, one decimal; null with no timed delivery. */
    averageOrderMinutes: figures.averageOrderMinutes,
    route: await routeToday(db, riderId, figures),
    /**
     * What these figures were computed from (ms): the rider app adds the deliveries it has not sent yet to them with
     * the same functions (routes/-components/app/today.ts), so /app and /rider show the same day.
     */
    basis: { since: win.from.getTime(), asOf: win.to.getTime(), shifts: figures.shifts, deliveries: figures.deliveries },
  };
}
