import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { passwordResets, users } from '../../../../db/schema';
import { RESET_LINK_TTL_MINUTES } from '../../../shared/schemas/accounts';
import { generateSessionToken, sessionIdFromToken } from '../../auth/tokens';
import { invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import type { LoginResult } from './auth';
import { setPasswordByLink, usableLink } from './password-set';
import { msg } from '../../../shared/i18n/message';

export const RESET_LINK_TTL_MS = RESET_LINK_TTL_MINUTES * 60 * 1000;

/**
 * An admin's one-time password reset link for an account: 160 random bits returned once (the admin copies
 * it to the user), only the SHA-256 stored, valid 60 minutes; a new link replaces the user's unused ones.
 */
export async function issueResetLink(db: Db, actorId: string, userId: string, now = new Date()) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound(msg('account.userNotFound'));
  if (user.disabled) throw invalid(msg('reset.userDisabled'), 'userId');
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    const [row] = await tx.insert(passwordResets).values({ userId, tokenHash: sessionIdFromToken(token), createdBy: actorId, expiresAt, createdAt: now }).returning();
    await audit(tx, { actorId, action: 'reset-link-issued', entity: 'user', entityId: userId, after: { resetId: row!.id, expiresAt } });
  });
  return { success: true as const, link: `/reset/${token}`, expiresAt: expiresAt.toISOString(), email: user.email };
}

/**
 * The user opens the link and chooses a new password (the policy applies): the link is spent, every
 * session of the user ends, and the user is signed in, as an accepted invitation does.
 */
export async function resetPassword(db: Db, token: string, password: string, now = new Date()): Promise<LoginResult> {
  const found = await db.query.passwordResets.findFirst({ where: eq(passwordResets.tokenHash, sessionIdFromToken(token)) });
  const link = usableLink(found, { unknown: msg('reset.unknown'), used: msg('reset.used'), expired: msg('reset.expired') }, now);
  const user = await db.query.users.findFirst({ where: eq(users.id, link.userId) });
  if (!user || user.disabled) throw invalid(msg('reset.unknown'), 'token');
  const spent = { table: passwordResets, id: link.id, usedMessage: msg('reset.used') };
  return setPasswordByLink(db, { account: user, password, link: spent, action: 'reset-link-used', after: { resetId: link.id }, now });
}
