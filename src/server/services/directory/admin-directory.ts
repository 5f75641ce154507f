import { and, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, riders } from '../../../../db/schema';
import type { CompanyListInput, CompanyUpdateInput, RiderListInput, RiderUpdateInput } from '../../../shared/schemas/oversight';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { publishChange } from '../../lib/events';
import { likePattern, pageOf } from '../../lib/paging';
import { lastSeenDate } from '../reports';
import { riderListColumns } from './company-riders';
import { msg } from '../../../shared/i18n/message';

/** Companies with their rider and order counts, filtered and paged; `onlyId` keeps one company (a manager's own). */
export async function listCompaniesPaged(db: Db, input: CompanyListInput, onlyId?: string) {
  const where: SQL[] = [];
  if (onlyId) where.push(eq(companies.id, onlyId));
  if (input.region) where.push(eq(companies.region, input.region));
  if (input.active !== undefined) where.push(eq(companies.active, input.active));
  if (input.q) where.push(or(like(companies.name, likePattern(input.q)), like(companies.email, likePattern(input.q)))!);
  const rows = (cond: SQL | undefined, { limit, offset }: { limit: number; offset: number }) =>
    db
      .select({
        id: companies.id,
        name: companies.name,
        email: companies.email,
        phone: companies.phone,
        address: companies.address,
        contactPerson: companies.contactPerson,
        region: companies.region,
        currency: companies.currency,
        active: companies.active,
        sheetUrl: companies.sheetUrl,
        // Correlated counts, table-qualified by hand: drizzle leaves column names bare inside sql``.
        riders: sql<number>`(select count(*) from "riders" where "riders"."company_id" = "companies"."id")`.mapWith(Number),
        orders: sql<number>`(select count(*) from "orders" where "orders"."company_id" = "companies"."id")`.mapWith(Number),
      })
      .from(companies)
      .where(cond)
      .orderBy(companies.name)
      .limit(limit)
      .offset(offset);
  return pageOf(input, where, rows, (cond) => db.select({ n: count() }).from(companies).where(cond));
}

/** Riders of every company (or one), filtered and paged. */
export async function listRidersPaged(db: Db, input: RiderListInput) {
  const where: SQL[] = [];
  if (input.companyId) where.push(eq(riders.companyId, input.companyId));
  if (input.status) where.push(eq(riders.status, input.status));
  if (input.region) where.push(eq(companies.region, input.region));
  if (input.q) {
    const p = likePattern(input.q);
    where.push(or(like(riders.name, p), like(riders.email, p), like(riders.phone, p), like(riders.licenseNumber, p))!);
  }
  const rows = (cond: SQL | undefined, { limit, offset }: { limit: number; offset: number }) =>
    db
      .select({ ...riderListColumns, companyName: companies.name })
      .from(riders)
      .innerJoin(companies, eq(companies.id, riders.companyId))
      .where(cond)
      .orderBy(desc(riders.createdAt), riders.name)
      .limit(limit)
      .offset(offset)
      .then((found) => found.map((r) => ({ ...r, lastSeenAt: lastSeenDate(r.lastSeenAt)?.toISOString() ?? null })));
  return pageOf(input, where, rows, (cond) => db.select({ n: count() }).from(riders).innerJoin(companies, eq(companies.id, riders.companyId)).where(cond));
}

export async function updateCompany(db: Db, actorId: string, input: CompanyUpdateInput) {
  const before = await db.query.companies.findFirst({ where: eq(companies.id, input.id) });
  if (!before) throw notFound(msg('errors.companyNotFound'));
  const patch = { name: input.name, phone: input.phone, address: input.address, contactPerson: input.contactPerson, sheetUrl: input.sheetUrl || null };
  await db.transaction(async (tx) => {
    await tx.update(companies).set(patch).where(eq(companies.id, input.id));
    await audit(tx, { actorId, action: 'update', entity: 'company', entityId: input.id, before, after: { ...before, ...patch } });
  });
  publishChange('companies');
  return { success: true as const };
}

export async function setCompanyActive(db: Db, actorId: string, id: string, active: boolean) {
  const before = await db.query.companies.findFirst({ where: eq(companies.id, id) });
  if (!before) throw notFound(msg('errors.companyNotFound'));
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ active }).where(eq(companies.id, id));
    await audit(tx, { actorId, action: active ? 'reactivate' : 'deactivate', entity: 'company', entityId: id, before: { active: before.active }, after: { active } });
  });
  publishChange('companies');
  return { success: true as const, active };
}

export async function updateRider(db: Db, actorId: string, input: RiderUpdateInput, scopeCompanyId: string | null = null) {
  const where = scopeCompanyId ? and(eq(riders.id, input.id), eq(riders.companyId, scopeCompanyId)) : eq(riders.id, input.id);
  const before = await db.query.riders.findFirst({ where });
  if (!before) throw notFound(msg('errors.riderNotFound'));
  const { id, ...patch } = input;
  await db.transaction(async (tx) => {
    await tx.update(riders).set(patch).where(eq(riders.id, id));
    await audit(tx, { actorId, action: 'update', entity: 'rider', entityId: id, before, after: { ...before, ...patch } });
  });
  publishChange('riders');
  return { success: true as const };
}

export async function setRiderActive(db: Db, actorId: string, id: string, active: boolean, scopeCompanyId: string | null = null) {
  const where = scopeCompanyId ? and(eq(riders.id, id), eq(riders.companyId, scopeCompanyId)) : eq(riders.id, id);
  const before = await db.query.riders.findFirst({ where });
  if (!before) throw notFound(msg('errors.riderNotFound'));
  const status = active ? 'active' : 'inactive';
  await db.transaction(async (tx) => {
    await tx.update(riders).set({ status, onDuty: active ? before.onDuty : false }).where(eq(riders.id, id));
    await audit(tx, { actorId, action: active ? 'reactivate' : 'deactivate', entity: 'rider', entityId: id, before: { status: before.status }, after: { status } });
  });
  publishChange('riders');
  return { success: true as const, status };
}
