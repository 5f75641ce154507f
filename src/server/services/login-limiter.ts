import { and, count, eq, gt, lt, lte, min } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loginAttempts } from '../../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

/** The attempt was let through: its row (written as a failure) to mark successful if the password is right. */
export interface LoginSlot {
  ok: true;
  attemptId: number;
}
/** The attempt was refused: which limit tripped (the email or the IP), its key and the seconds to wait. */
export interface LoginRefusal {
  ok: false;
  scope: 'email' | 'ip';
  key: string;
  retryAfterSeconds: number;
}

/**
 * Ten failed logins for one email or from one IP within 15 minutes lock that email or IP out. The attempt
 * is written as a failure BEFORE the password is checked; it is let through only when, counting the
 * failures written up to and including its own row (by id), neither the email nor the IP is over the
 * limit. So of any number of concurrent attempts at most ten are checked; a refused attempt's row is
 * removed again (refusals do not prolong the lockout).
 */
export async function reserveLoginAttempt(db: Db, email: string, ip: string, now = new Date(), maxFailures = LOGIN_MAX_FAILURES): Promise<LoginSlot | LoginRefusal> {
  const [row] = await db.insert(loginAttempts).values({ email, ip, success: false, at: now }).returning({ id: loginAttempts.id });
  const attemptId = row!.id;
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const scopes = [
    { scope: 'email' as const, key: email, where: eq(loginAttempts.email, email) },
    { scope: 'ip' as const, key: ip, where: eq(loginAttempts.ip, ip) },
  ];
  for (const { scope, key, where } of scopes) {
    const [counted] = await db
      .select({ failures: count(), oldest: min(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(where, eq(loginAttempts.success, false), gt(loginAttempts.at, since), lte(loginAttempts.id, attemptId)));
    if (counted && counted.failures > maxFailures) {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
      const oldest = counted.oldest ? new Date(counted.oldest).getTime() : now.getTime();
      return { ok: false, scope, key, retryAfterSeconds: Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now.getTime()) / 1000)) };
    }
  }
  return { ok: true, attemptId };
}

/** The password was right: the attempt's row stops counting as a failure. */
export async function markLoginSucceeded(db: Db, attemptId: number) {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

/** Old attempts are useless once outside the window. */
export async function pruneLoginAttempts(db: Db, now = new Date()) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
