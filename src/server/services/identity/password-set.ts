import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { managerInvitations, passwordResets, riderInvitations, users } from '../../../../db/schema';
import { hashPassword } from '../../auth/password';
import { invalid } from '../../errors';
import { deleteUserSessions } from './account-sessions';
import { revokeUserApiTokens } from './api-tokens';
import { audit, type AuditEntry } from '../../lib/audit';
import type { LoginResult } from './auth';
import { assertPasswordAllowed, type PasswordOwner } from './password-policy';
import { createSession } from './sessions';
import { loadSessionUser } from './users';
import { msg, type Message } from '../../../shared/i18n/message';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PasswordSet {
  userId: string;
  /** The account whose email and name the policy keeps out of the password. */
  owner: PasswordOwner;
  password: string;
  /** Runs first in the transaction: spend a one-time token; throw to abandon everything. */
  spend?: (tx: Tx) => Promise<void>;
  /** The audit entry written with the change (sessionsEnded and tokensRevoked are added to its `after`). */
  entry: Omit<AuditEntry, 'after'> & { after?: Record<string, unknown> };
  field?: string;
  now?: Date;
}

/**
 * The one way a password is set (change, reset link, invitation): the policy is applied, the password
 * hashed (Argon2id), and in one transaction the token spent, the hash stored, every session of the user
 * ended, every API token of the user (the /mcp bearer tokens) revoked and the change audited; then the
 * user is signed in with a new session, as a login would.
 */
export async function setPasswordAndSignIn(db: Db, p: PasswordSet): Promise<LoginResult> {
  const password = assertPasswordAllowed(p.password, p.owner, p.field);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await p.spend?.(tx);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, p.userId));
    const sessionsEnded = await deleteUserSessions(tx, p.userId);
    const tokensRevoked = await revokeUserApiTokens(tx, p.entry.actorId ?? p.userId, p.userId, p.entry.action, p.now);
    await audit(tx, { ...p.entry, after: { ...p.entry.after, sessionsEnded, tokensRevoked } });
  });
  const user = await loadSessionUser(db, p.userId);
  if (!user) throw invalid(msg('account.userNotFound'));
  return { user, session: await createSession(db, p.userId, p.now) };
}

type LinkTable = typeof passwordResets | typeof riderInvitations | typeof managerInvitations;

/**
 * The holder of a one-time link (a reset link, a manager's invitation) sets the account's password: the
 * link is spent in the same transaction, and the change audited as the account's own `action`.
 */
export function setPasswordByLink(
  db: Db,
  p: { account: PasswordOwner & { id: string }; password: string; link: { table: LinkTable; id: string; usedMessage: Message }; action: string; after: Record<string, unknown>; now: Date },
): Promise<LoginResult> {
  const { account, link, now } = p;
  return setPasswordAndSignIn(db, {
    userId: account.id,
    owner: account,
    password: p.password,
    spend: (tx) => spendOnce(tx, link.table, link.id, link.usedMessage, now),
    entry: { actorId: account.id, action: p.action, entity: 'user', entityId: account.id, after: p.after },
    now,
  });
}

/** What a one-time link's holder is told when it cannot be used. */
export interface LinkMessages {
  unknown: Message;
  used: Message;
  expired: Message;
}

/**
 * The one check of a one-time link (reset link, rider or manager invitation) read by its token's hash: it must
 * exist, be unused and unexpired; each case has its own message on the `token` field.
 */
export function usableLink<L extends { usedAt: Date | null; expiresAt: Date }>(link: L | undefined, msg: LinkMessages, now: Date): L {
  if (!link) throw invalid(msg.unknown, 'token');
  if (link.usedAt) throw invalid(msg.used, 'token');
  if (link.expiresAt.getTime() <= now.getTime()) throw invalid(msg.expired, 'token');
  return link;
}

/**
 * Marks a one-time link (a reset link or an invitation) used, only if nobody else did in the meantime:
 * two tabs submitting the same link at once get one success and one `usedMessage`.
 */
export async function spendOnce(tx: Tx, table: LinkTable, id: string, usedMessage: Message, now: Date) {
  const spent = await tx
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.id, id), isNull(table.usedAt)))
    .returning({ id: table.id });
  if (!spent.length) throw invalid(usedMessage, 'token');
}
