import type { Db } from '../../../db/client';
import type { LoginInput, SessionUser } from '../../shared/schemas/auth';
import { t } from '../../shared/i18n';
import { burnVerify, verifyPassword } from '../auth/password';
import { DomainError, rateLimited, unauthorized } from '../errors';
import { auditLockout } from './auth-limits';
import { LOGIN_WINDOW_MS, markLoginSucceeded, reserveLoginAttempt } from './login-limiter';
import { createSession, type IssuedSession } from './sessions';
import { findUserByEmail, loadSessionUser } from './users';

export interface LoginResult {
  user: SessionUser;
  session: IssuedSession;
}

/**
 * Password login. The role sent by the client is a hint and is ignored: the
 * stored role decides. The attempt is recorded as a failure before the password is checked (and marked
 * successful after), so concurrent guesses cannot get past the limit; a lockout is audited once per
 * window under the limit that tripped: the email, or the IP.
 */
export async function login(db: Db, input: LoginInput, ip: string, maxFailures?: number): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const slot = await reserveLoginAttempt(db, email, ip, now, maxFailures);
  if (!slot.ok) {
    await auditLockout(db, 'login', slot.key, slot.retryAfterSeconds, LOGIN_WINDOW_MS, now.getTime());
    throw rateLimited(t('errors.tooManyLogins'), slot.retryAfterSeconds);
  }
  const row = await findUserByEmail(db, email);
  const ok = row?.passwordHash ? await verifyPassword(input.password.trim(), row.passwordHash) : await burnVerify(input.password);
  // Only the right password learns that the account is suspended.
  if (ok && row?.disabled) throw unauthorized(t('login.failed.suspended'));
  const user = ok && row ? await loadSessionUser(db, row.id) : null;
  if (!user) throw unauthorized(t('login.failed.invalid'));
  await markLoginSucceeded(db, slot.attemptId);
  return { user, session: await createSession(db, user.id) };
}

/** Sign-in through a verified identity (Google): only an existing account may sign in. */
export async function loginWithVerifiedEmail(db: Db, email: string): Promise<LoginResult> {
  const row = await findUserByEmail(db, email);
  if (row?.disabled) throw new DomainError('FORBIDDEN', t('login.failed.suspended'));
  const user = row ? await loadSessionUser(db, row.id) : null;
  if (!user) throw new DomainError('FORBIDDEN', t('errors.googleNoAccount'));
  return { user, session: await createSession(db, user.id) };
}
