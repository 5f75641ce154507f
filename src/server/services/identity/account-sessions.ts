import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { sessions } from '../../../../db/schema';
import { revokeUserApiTokens } from './api-tokens';
import { audit } from '../../lib/audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Ends every session of a user by deleting the rows. The auth_epoch triggers (migration 0010) move with
 * the delete, so the in-process session cache forgets them and the very next request is refused.
 * Returns how many sessions ended.
 */
export async function deleteUserSessions(db: Db | Tx, userId: string): Promise<number> {
  const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return gone.length;
}

/**
 * auth.signOutEverywhere: every session of the user ends, the current one too (the caller clears the
 * cookie), and every API token of the user is revoked, so nothing signed in as the user is left.
 */
export async function signOutEverywhere(db: Db, userId: string, now = new Date()): Promise<{ success: true; sessionsEnded: number; tokensRevoked: number }> {
  return db.transaction(async (tx) => {
    const sessionsEnded = await deleteUserSessions(tx, userId);
    const tokensRevoked = await revokeUserApiTokens(tx, userId, userId, 'sign-out-everywhere', now);
    await audit(tx, { actorId: userId, action: 'sign-out-everywhere', entity: 'user', entityId: userId, after: { sessionsEnded, tokensRevoked } });
    return { success: true as const, sessionsEnded, tokensRevoked };
  });
}

/** A suspended account (users.disabled) keeps no session: ended and audited in the suspension's transaction. */
export async function revokeSessionsOnSuspension(tx: Db | Tx, actorId: string, userId: string): Promise<number> {
  const n = await deleteUserSessions(tx, userId);
  await audit(tx, { actorId, action: 'sessions-revoked', entity: 'user', entityId: userId, after: { reason: 'suspended', sessionsEnded: n } });
  return n;
}
