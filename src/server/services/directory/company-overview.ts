import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, riders } from '../../../../db/schema';
import { REGIONS } from '../../../shared/regions';
import { DAY_MS, startOfMonthInZone } from '../../../shared/time';
import { notFound } from '../../errors';
import { weekendOf, type Weekend } from '../../../shared/weekend';
import { activeRiderCount, revenueSince } from '../reports';
import { ordersCreatedSince } from '../orders';
import { msg } from '../../../shared/i18n/message';

/** The company's own profile, as its portal needs it. */
export async function companyProfile(db: Db, companyId: string) {
  const c = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!c) throw notFound(msg('errors.companyNotFound'));
  return { id: c.id, name: c.name, email: c.email, region: c.region, currency: c.currency, sheetUrl: c.sheetUrl, active: c.active, weekendSetting: c.weekend, weekend: weekendOf(c) };
}

/** The company's own weekend (null: the region's default); only ever the caller's company. */
export async function setCompanyWeekend(db: Db, companyId: string, weekend: Weekend | null) {
  const updated = await db.update(companies).set({ weekend }).where(eq(companies.id, companyId)).returning({ id: companies.id });
  if (!updated.length) throw notFound(msg('errors.companyNotFound'));
  return companyProfile(db, companyId);
}

/**
 * Overview cards: fleet size, active orders (pending, assigned, picked up), this month's
 * revenue (fees of orders delivered this month, company currency) and the success rate
 * (delivered of delivered + failed over the last 30 days); figures as docs/figures.md defines them.
 */
export async function companyOverview(db: Db, companyId: string, now = new Date()) {
  const company = await companyProfile(db, companyId);
  const tz = REGIONS[company.region].timezone;
  const monthStart = startOfMonthInZone(now, tz);
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [[fleet], [active], revenue, outcome, activeRiders] = await Promise.all([
    db.select({ n: count() }).from(riders).where(and(eq(riders.companyId, companyId), inArray(riders.status, ['active', 'suspended']))),
    db.select({ n: count() }).from(orders).where(and(eq(orders.companyId, companyId), inArray(orders.status, ['pending', 'assigned', 'picked_up']))),
    // This month's deliveries and the last 30 days' outcomes from the daily rollups (order-stats.ts).
    revenueSince(db, companyId, monthStart),
    ordersCreatedSince(db, companyId, since),
    activeRiderCount(db, companyId, now),
  ]);
  const delivered = outcome.delivered ?? 0;
  const finished = delivered + (outcome.failed ?? 0);
  return {
    currency: company.currency,
    fleetSize: fleet?.n ?? 0,
    activeOrders: active?.n ?? 0,
    // The company's own currency: its orders are in it (an AED fee in a KWD company is not added in).
    monthlyRevenueMinor: revenue[company.currency],
    /** Riders on duty and seen less than 10 minutes ago (docs/figures.md). */
    activeRiders,
    successRate: finished ? Math.round((delivered / finished) * 1000) / 10 : 0,
  };
}
