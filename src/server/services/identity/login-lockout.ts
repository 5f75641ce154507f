import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import type { Env } from '../../env';
import { log } from '../../log';
import { auditLockout, markOnce } from './auth-limits';
import { LOGIN_WINDOW_MS, type LoginRefusal } from './login-limiter';
import { loginLockoutMail } from './login-lockout-mail';
import { mailConfigured, sendMail } from '../integrations';
import { notify } from '../compliance';
import { loadSessionUser } from './users';

/**
 * A refused sign-in: audited once per window under the limit that tripped (the account, or the IP for
 * stuffing). An account's owner also hears of it, once per 15-minute period: an in-app notice (a rider's
 * own, or its company's managers' for a manager account; an admin has no notice feed) and an e-mail when
 * SMTP is configured. Never throws: the refusal is answered whatever happens here.
 */
export async function reportLoginLockout(db: Db, config: Env, refusal: LoginRefusal, userId: string | null, failures: number, now: Date) {
  await auditLockout(db, 'login', refusal.key, refusal.retryAfterSeconds, LOGIN_WINDOW_MS, now.getTime());
  if (refusal.scope !== 'account' || !userId) return;
  try {
    const user = await loadSessionUser(db, userId);
    if (!user) return;
    const period = Math.floor(now.getTime() / LOGIN_WINDOW_MS);
    const params = { email: user.email, failures, time: new Date(now.getTime() + refusal.retryAfterSeconds * 1000).toISOString() };
    const dedupeKey = `login_lockout:${user.id}:${period}`;
    let fresh = false;
    if (user.role === 'rider' && user.roleData.id) {
      const [rider] = await db.select({ companyId: riders.companyId }).from(riders).where(eq(riders.id, user.roleData.id));
      if (rider) fresh = await notify(db, { companyId: rider.companyId, riderId: user.roleData.id, audience: 'rider', kind: 'login_lockout', params, dedupeKey }, now);
    } else if (user.role === 'company' && user.roleData.id) {
      fresh = await notify(db, { companyId: user.roleData.id, audience: 'company', kind: 'login_lockout', params, dedupeKey }, now);
    } else {
      fresh = markOnce(adminMailed, user.id, now.getTime(), LOGIN_WINDOW_MS);
    }
    if (fresh && mailConfigured(config)) {
      await sendMail(config, { to: user.email, ...loginLockoutMail(user.locale, user.email, failures, Math.ceil(refusal.retryAfterSeconds / 60)) });
    }
  } catch (err) {
    log.error('notice of a sign-in lockout failed', err instanceof Error ? { err: err.message } : err);
  }
}

/** Admins (no notice feed) get the e-mail once per window per process (bounded, like the audit's memory). */
const adminMailed = new Map<string, number>();
