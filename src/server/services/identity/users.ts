import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, companyMembers, riders, users } from '../../../../db/schema';
import type { SessionUser } from '../../../shared/schemas/auth';
import { normalizeRole } from '../../../shared/permissions';

/** The record a company manager or a rider acts through (its id is the session's roleData.id) and its company's name. */
const ROLE_RECORD = {
  company: (db: Db, userId: string) =>
    db.select({ id: companies.id, companyName: companies.name }).from(companyMembers).innerJoin(companies, eq(companies.id, companyMembers.companyId)).where(eq(companyMembers.userId, userId)),
  rider: (db: Db, userId: string) =>
    db.select({ id: riders.id, companyName: companies.name }).from(riders).innerJoin(companies, eq(companies.id, riders.companyId)).where(eq(riders.userId, userId)),
};

/**
 * The signed-in user as every door sees it: roleData.id is the company id for a
 * company manager and the rider id for a rider.
 */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.disabled) return null;
  const role = normalizeRole(user.role) ?? 'rider';
  const [row] = role === 'company' || role === 'rider' ? await ROLE_RECORD[role](db, user.id) : [];
  const roleId = row?.id ?? null;
  const companyName = row?.companyName ?? null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    companyName,
    roleData: { id: roleId },
    locale: user.locale === 'ar' ? 'ar' : 'en',
  };
}

/** The language switch, stored on the account. */
export async function setUserLocale(db: Db, userId: string, locale: 'en' | 'ar'): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
}
