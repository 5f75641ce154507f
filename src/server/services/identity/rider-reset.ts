import { and, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, companies, passwordResets, type users } from '../../../../db/schema';
import { RESET_LINK_TTL_MINUTES } from '../../../shared/schemas/accounts';
import { parseLocale, translate } from '../../../shared/i18n';
import { generateSessionToken, sessionIdFromToken } from '../../auth/tokens';
import { rateLimited } from '../../errors';
import { audit } from '../../lib/audit';
import type { InviteDoor } from '../directory';
import { mailConfigured, sendMail } from '../integrations';
import { RESET_LINK_TTL_MS } from './password-reset';
import { msg } from '../../../shared/i18n/message';

type Account = typeof users.$inferSelect;

/**
 * A rider's account is theirs once they have chosen a password or signed in (Google included): from then
 * on the company can no longer invite (an invitation sets the password and ends the rider's sessions), only
 * ask for a reset that reaches the rider alone (issue 22 item 3).
 */
export const accountClaimed = (u: Pick<Account, 'passwordHash' | 'lastSignInAt'>) => u.passwordHash !== null || u.lastSignInAt !== null;

/** Company-requested reset e-mails per rider: at most 3 in any hour. */
export const RIDER_RESET_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 } as const;
const ACTION = 'reset-requested';

export type RiderResetAnswer = { success: true; kind: 'reset'; sent: boolean; channel: 'email'; expiresAt: string | null };

/** Over the limit: TOO_MANY_REQUESTS with the seconds until the oldest request of the window ages out. */
async function assertUnderLimit(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, now: Date) {
  const since = new Date(now.getTime() - RIDER_RESET_LIMIT.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number), oldest: min(auditLog.createdAt) })
    .from(auditLog)
    .where(and(eq(auditLog.action, ACTION), eq(auditLog.entityId, userId), gt(auditLog.createdAt, since)));
  if ((row?.n ?? 0) <= RIDER_RESET_LIMIT.max) return;
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + RIDER_RESET_LIMIT.windowMs - now.getTime()) / 1000));
  throw rateLimited(msg('company.reset.tooMany', { count: RIDER_RESET_LIMIT.max, minutes: Math.ceil(seconds / 60) }), seconds);
}

/**
 * A company asks for a password reset for one of its riders who already has an account: a one-time reset
 * link (the admin's kind: 160 bits, only the SHA-256 kept, 60 minutes) is e-mailed to the rider's own
 * address, which the company cannot change; the company's answer says only whether it was sent. No SMS or
 * WhatsApp: the project has no such provider, and the phone number is the company's to edit.
 * Unlike the admin's link it replaces no other link, so a company cannot cancel one the admin gave.
 * Each request is audited, counted (the row is written before the count, in the same transaction, so
 * parallel requests cannot overrun the limit) and refused past RIDER_RESET_LIMIT.
 */
export async function requestRiderReset(db: Db, door: InviteDoor, actorId: string, rider: { id: string; companyId: string }, account: Account, now = new Date()): Promise<RiderResetAnswer> {
  const notSent: RiderResetAnswer = { success: true, kind: 'reset', sent: false, channel: 'email', expiresAt: null };
  if (!mailConfigured(door.config) || !door.origin?.startsWith('http')) return notSent;
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  const resetId = await db.transaction(async (tx) => {
    const [row] = await tx.insert(passwordResets).values({ userId: account.id, tokenHash: sessionIdFromToken(token), createdBy: actorId, expiresAt, createdAt: now }).returning();
    await audit(tx, { actorId, action: ACTION, entity: 'user', entityId: account.id, after: { riderId: rider.id, resetId: row!.id, expiresAt, channel: 'email' }, at: now });
    await assertUnderLimit(tx, account.id, now);
    return row!.id;
  });
  const company = await db.query.companies.findFirst({ where: eq(companies.id, rider.companyId) });
  const locale = parseLocale(account.locale) ?? 'en';
  const params = { name: account.firstName, company: company?.name ?? '', link: `${door.origin}/reset/${token}`, minutes: RESET_LINK_TTL_MINUTES };
  const sent = await sendMail(door.config, { to: account.email, subject: translate(locale, 'riderReset.mail.subject'), text: translate(locale, 'riderReset.mail.body', params) });
  if (sent) return { success: true, kind: 'reset', sent: true, channel: 'email', expiresAt: expiresAt.toISOString() };
  // Nobody received the link: it must not stay usable.
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.id, resetId));
    await audit(tx, { actorId, action: 'reset-mail-failed', entity: 'user', entityId: account.id, after: { riderId: rider.id, resetId }, at: now });
  });
  return notSent;
}
