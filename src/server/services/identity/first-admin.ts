import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { users } from '../../../../db/schema';
import { conflict } from '../../errors';
import { audit } from '../../lib/audit';
import { issueResetLink } from './password-reset';
import { msg } from '../../../shared/i18n/message';

/**
 * An administrator for a production database, which is never seeded with the demo accounts
 * (`bun scripts/db.ts create-admin`): the account has no password until its owner opens the one-time
 * link (valid 60 minutes) and chooses one under the password policy.
 */
export async function createAdmin(db: Db, who: { email: string; firstName: string; lastName?: string }, now = new Date()) {
  const email = who.email.trim().toLowerCase();
  const taken = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (taken) throw conflict(msg('errors.emailTaken'), 'email');
  const [admin] = await db.insert(users).values({ email, firstName: who.firstName.trim(), lastName: who.lastName?.trim() ?? '', role: 'admin', createdAt: now }).returning();
  await audit(db, { actorId: admin!.id, action: 'admin-created-from-console', entity: 'user', entityId: admin!.id, after: { email } });
  return issueResetLink(db, admin!.id, admin!.id, now);
}
