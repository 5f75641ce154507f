import { asc, desc, eq, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, riders } from '../../../../db/schema';
import { notFound } from '../../errors';
import { riderDashboard, trackingToday } from '../rider';
import { msg } from '../../../shared/i18n/message';

const PICK_LIMIT = 20;

/** LIKE with the user's text taken literally (SQLite's LIKE is case-insensitive for ASCII). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (column: AnyColumn, pattern: string) => sql`${column} like ${pattern} escape '\\'`;

/** A short list of riders an admin may open on /rider: by name, email or company; on-duty first. */
export async function searchRiders(db: Db, q = '', limit = PICK_LIMIT) {
  const text = q.trim();
  const pattern = `%${escapeLike(text)}%`;
  const where = text
    ? or(contains(riders.name, pattern), contains(riders.email, pattern), contains(companies.name, pattern))
    : undefined;
  return db
    .select({
      id: riders.id,
      name: riders.name,
      email: riders.email,
      company: companies.name,
      region: riders.region,
      status: riders.status,
      onDuty: riders.onDuty,
    })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(where)
    .orderBy(desc(riders.onDuty), asc(riders.name))
    .limit(Math.min(limit, PICK_LIMIT));
}

/** What the rider sees on /rider, for an admin looking on: the same shapes as rider.dashboard and tracking.today. */
export async function riderDayFor(db: Db, riderId: string, now = new Date()) {
  const [rider] = await db
    .select({ id: riders.id, name: riders.name, email: riders.email, company: companies.name, region: riders.region })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(eq(riders.id, riderId));
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const [dashboard, today] = await Promise.all([riderDashboard(db, riderId, now), trackingToday(db, riderId, now)]);
  return { rider, dashboard, today };
}
