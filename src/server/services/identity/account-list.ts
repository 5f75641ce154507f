import { count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { alias } from 'drizzle-orm/sqlite-core';
import { companies, companyMembers, riders, users } from '../../../../db/schema';
import type { AccountListInput } from '../../../shared/schemas/accounts';
import { likePattern, pageOf } from '../../lib/paging';

const riderCompany = alias(companies, 'rider_company');

/**
 * Every sign-in account for the admin's Accounts tab: who, which role and company, suspended or not. Never a hash.
 * One row per user: the schema allows at most one membership (company_members.user_id is the key) and one
 * rider row (riders.user_id is unique) per user, so the two left joins cannot multiply rows.
 */
export async function listAccounts(db: Db, input: AccountListInput) {
  const where: SQL[] = [];
  if (input.role) where.push(eq(users.role, input.role));
  if (input.q) {
    const p = likePattern(input.q.toLowerCase());
    where.push(or(like(users.email, p), like(users.firstName, p), like(users.lastName, p))!);
  }
  const rows = (cond: SQL | undefined, { limit, offset }: { limit: number; offset: number }) =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        disabled: users.disabled,
        hasPassword: users.passwordHash,
        lastSignInAt: users.lastSignInAt,
        // A manager's company, else a rider's.
        companyName: sql<string | null>`coalesce(${companies.name}, ${riderCompany.name})`,
      })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .leftJoin(riders, eq(riders.userId, users.id))
      .leftJoin(riderCompany, eq(riderCompany.id, riders.companyId))
      .where(cond)
      .orderBy(desc(users.createdAt), users.email)
      .limit(limit)
      .offset(offset)
      .then((found) => found.map(({ hasPassword, ...r }) => ({ ...r, hasPassword: Boolean(hasPassword) })));
  return pageOf(input, where, rows, (cond) => db.select({ n: count() }).from(users).where(cond));
}
