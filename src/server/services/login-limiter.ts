import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loginAttempts } from '../../../db/schema';
import { rateLimited } from '../errors';
import { t } from '../../shared/i18n';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

/** Ten failed logins for one email or from one IP within 15 minutes lock that email or IP out. */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = new Date(), maxFailures = LOGIN_MAX_FAILURES): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  for (const scope of [eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)]) {
    const [row] = await db
      .select({ failures: count(), oldest: min(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(scope, eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
    if (row && row.failures >= maxFailures) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now.getTime()) / 1000));
      throw rateLimited(t('errors.tooManyLogins'), retryAfter);
    }
  }
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, success: boolean, now = new Date()) {
  await db.insert(loginAttempts).values({ email, ip, success, at: now });
}

/** Old attempts are useless once outside the window. */
export async function pruneLoginAttempts(db: Db, now = new Date()) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
