import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, riders, users } from '../../../../db/schema';
import { lastSeenDate, lastSeenMs } from '../reports';

/** The columns every list of riders shows (the admin's Riders tab and a company's); lastSeenAt in ms (docs/figures.md). */
export const riderListColumns = {
  id: riders.id,
  name: riders.name,
  email: riders.email,
  phone: riders.phone,
  vehicleType: riders.vehicleType,
  licenseNumber: riders.licenseNumber,
  status: riders.status,
  region: riders.region,
  companyId: riders.companyId,
  lastSeenAt: lastSeenMs,
  onDuty: riders.onDuty,
};

/** A company's riders with their delivered orders, earnings (all-time revenue) and last seen (docs/figures.md); only that company's rows. */
export async function listCompanyRiders(db: Db, companyId: string) {
  const rows = await db
    .select({
      ...riderListColumns,
      // Chose a password or signed in: the company can send a reset e-mail, never an invitation (rider-reset.ts).
      signedUp: sql<number>`(${users.passwordHash} is not null or ${users.lastSignInAt} is not null)`.mapWith(Boolean),
      orders: sql<number>`count(${orders.id})`.mapWith(Number),
      earningsMinor: sql<number>`coalesce(sum(${orders.deliveryFeeMinor}), 0)`.mapWith(Number),
      // Fees are in the company's currency, whatever region the rider picked in the app.
      currency: companies.currency,
    })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .leftJoin(users, eq(users.id, riders.userId))
    .leftJoin(orders, and(eq(orders.riderId, riders.id), eq(orders.status, 'delivered')))
    .where(eq(riders.companyId, companyId))
    .groupBy(riders.id, companies.currency, users.id)
    .orderBy(asc(riders.name));
  return rows.map((r) => ({
    ...r,
    vehicle: r.vehicleType,
    lastSeenAt: lastSeenDate(r.lastSeenAt)?.toISOString() ?? null,
  }));
}

/** One rider's row by id, or undefined; the caller decides whether the asker may see it. */
export const findRider = (db: Db, id: string) => db.query.riders.findFirst({ where: eq(riders.id, id) });
