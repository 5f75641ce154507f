import type { Db } from '../../../../db/client';
import type { LoginInput, SessionUser } from '../../../shared/schemas/auth';
import { burnVerify, verifyPassword } from '../../auth/password';
import { DomainError, rateLimited, unauthorized } from '../../errors';
import { trustedDeviceNonce } from '../../auth/device-cookie';
import type { Env } from '../../env';
import { loginLimits, markLoginSucceeded, reserveLoginAttempt } from './login-limiter';
import { reportLoginLockout } from './login-lockout';
import { createSession, type IssuedSession } from './sessions';
import { findUserByEmail, loadSessionUser } from './users';
import { msg } from '../../../shared/i18n/message';

export interface LoginResult {
  user: SessionUser;
  session: IssuedSession;
}

/**
 * Password login. The role sent by the client is a hint and is ignored: the stored role decides. A valid
 * device cookie for the named account (`deviceCookie`, the kwt_device value) makes the attempt a trusted
 * device's: login-limiter.ts counts only that device's failures then. The attempt is recorded as a failure
 * before the password is checked (and marked successful after), so concurrent guesses cannot get past the
 * limit; a refusal is audited and the account's owner told (login-lockout.ts).
 */
export async function login(db: Db, config: Env, input: LoginInput, ip: string, deviceCookie?: string, now = new Date()): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const row = await findUserByEmail(db, email);
  const device = row ? trustedDeviceNonce(config, deviceCookie, row.id) : null;
  const limits = loginLimits(config.LOGIN_MAX_FAILURES);
  const slot = await reserveLoginAttempt(db, { email, ip, device }, now, limits);
  if (!slot.ok) {
    await reportLoginLockout(db, config, slot, row?.id ?? null, limits.account, now);
    throw rateLimited(msg('errors.tooManyLogins'), slot.retryAfterSeconds);
  }
  const ok = row?.passwordHash ? await verifyPassword(input.password.trim(), row.passwordHash) : await burnVerify(input.password);
  // Only the right password learns that the account is suspended.
  if (ok && row?.disabled) throw unauthorized(msg('login.failed.suspended'));
  const user = ok && row ? await loadSessionUser(db, row.id) : null;
  if (!user) throw unauthorized(msg('login.failed.invalid'));
  await markLoginSucceeded(db, slot.attemptId);
  return { user, session: await createSession(db, user.id) };
}

/** Sign-in through a verified identity (Google): only an existing account may sign in. */
export async function loginWithVerifiedEmail(db: Db, email: string): Promise<LoginResult> {
  const row = await findUserByEmail(db, email);
  if (row?.disabled) throw new DomainError('FORBIDDEN', msg('login.failed.suspended'));
  const user = row ? await loadSessionUser(db, row.id) : null;
  if (!user) throw new DomainError('FORBIDDEN', msg('errors.googleNoAccount'));
  return { user, session: await createSession(db, user.id) };
}
