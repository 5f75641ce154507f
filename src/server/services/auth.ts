import type { Db } from '../../../db/client';
import type { LoginInput, SessionUser } from '../../shared/schemas/auth';
import { t } from '../../shared/i18n';
import { burnVerify, verifyPassword } from '../auth/password';
import { DomainError, unauthorized } from '../errors';
import { assertLoginAllowed, recordLoginAttempt } from './login-limiter';
import { createSession, type IssuedSession } from './sessions';
import { findUserByEmail, loadSessionUser } from './users';

export interface LoginResult {
  user: SessionUser;
  session: IssuedSession;
}

/**
 * Password login. The role sent by the client is a hint and is ignored: the
 * stored role decides.
 */
export async function login(db: Db, input: LoginInput, ip: string, maxFailures?: number): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  await assertLoginAllowed(db, email, ip, new Date(), maxFailures);
  const row = await findUserByEmail(db, email);
  const ok = row?.passwordHash ? await verifyPassword(input.password.trim(), row.passwordHash) : await burnVerify(input.password);
  const user = ok && row && !row.disabled ? await loadSessionUser(db, row.id) : null;
  await recordLoginAttempt(db, email, ip, Boolean(user));
  if (!user) throw unauthorized(t('login.failed.invalid'));
  return { user, session: await createSession(db, user.id) };
}

/** Sign-in through a verified identity (Google): only an existing account may sign in. */
export async function loginWithVerifiedEmail(db: Db, email: string): Promise<LoginResult> {
  const row = await findUserByEmail(db, email);
  const user = row && !row.disabled ? await loadSessionUser(db, row.id) : null;
  if (!user) throw new DomainError('FORBIDDEN', t('errors.googleNoAccount'));
  return { user, session: await createSession(db, user.id) };
}
