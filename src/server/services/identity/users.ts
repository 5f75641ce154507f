import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, companyMembers, riders, users } from '../../../../db/schema';
import type { SessionUser } from '../../../shared/schemas/auth';
import { normalizeRole } from '../../../shared/permissions';

/**
 * The signed-in user as every door sees it: roleData.id is the company id for a
 * company manager and the rider id for a rider.
 */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.disabled) return null;
  const role = normalizeRole(user.role) ?? 'rider';
  let roleId: string | null = null;
  let companyName: string | null = null;
  if (role === 'company') {
    const [row] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, user.id));
    roleId = row?.id ?? null;
    companyName = row?.name ?? null;
  } else if (role === 'rider') {
    const [row] = await db
      .select({ id: riders.id, companyName: companies.name })
      .from(riders)
      .innerJoin(companies, eq(companies.id, riders.companyId))
      .where(eq(riders.userId, user.id));
    roleId = row?.id ?? null;
    companyName = row?.companyName ?? null;
  }
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
