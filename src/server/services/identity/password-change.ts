import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { users } from '../../../../db/schema';
import type { ChangePasswordInput } from '../../../shared/schemas/auth';
import { verifyPassword } from '../../auth/password';
import { invalid } from '../../errors';
import type { LoginResult } from './auth';
import { reserveFailure } from './auth-limits';
import { setPasswordAndSignIn } from './password-set';
import { msg } from '../../../shared/i18n/message';

/**
 * A signed-in user changes their password: the current one is required (five wrong ones in 15 minutes
 * lock the change out, per user), the new one must pass the policy. Every session and API token of the
 * user ends and the caller's session is re-issued, so other devices are signed out and this one stays in.
 * The attempt is counted as a failure before the current password is checked and taken back when it is
 * right, so parallel guesses cannot slip past the limit.
 */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput, now = new Date()): Promise<LoginResult> {
  const release = await reserveFailure(db, 'passwordChange', userId, now.getTime());
  const row = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!row) throw invalid(msg('account.userNotFound'));
  const ok = row.passwordHash ? await verifyPassword(input.currentPassword.trim(), row.passwordHash) : false;
  if (!ok) throw invalid(msg('account.currentWrong'), 'currentPassword');
  release();
  return setPasswordAndSignIn(db, {
    userId,
    owner: row,
    password: input.newPassword,
    field: 'newPassword',
    entry: { actorId: userId, action: 'password-change', entity: 'user', entityId: userId },
    now,
  });
}
