import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { managerInvitations, users } from '../../../../db/schema';
import { INVITATION_TTL_DAYS } from '../../../shared/schemas/company-riders';
import { translate } from '../../../shared/i18n';
import { generateSessionToken, sessionIdFromToken } from '../../auth/tokens';
import { invalid } from '../../errors';
import type { Env } from '../../env';
import { audit } from '../../lib/audit';
import type { LoginResult } from './auth';
import { sendMail } from '../integrations';
import { setPasswordByLink, usableLink } from './password-set';
import { msg } from '../../../shared/i18n/message';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MANAGER_INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** The page a manager's invitation opens (routes/company-invite.$token.tsx). */
export const MANAGER_INVITE_PATH = '/company-invite/';

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

/**
 * A one-time invitation for a company manager's account: 160 random bits, only the SHA-256 kept, valid
 * 7 days (as a rider's); a new one replaces the user's unused ones. Runs inside the caller's transaction
 * (the company's creation, a second manager, a re-issue), audited there.
 */
export async function issueManagerInvitation(tx: Db | Tx, actorId: string, userId: string, now = new Date()): Promise<IssuedInvitation> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + MANAGER_INVITATION_TTL_MS);
  await tx.delete(managerInvitations).where(and(eq(managerInvitations.userId, userId), isNull(managerInvitations.usedAt)));
  const [row] = await tx.insert(managerInvitations).values({ userId, tokenHash: sessionIdFromToken(token), createdBy: actorId, expiresAt, createdAt: now }).returning();
  await audit(tx, { actorId, action: 'invite', entity: 'user', entityId: userId, after: { invitationId: row!.id, expiresAt } });
  return { token, expiresAt };
}

/** The link as the admin shares it: absolute when the request's origin (or APP_URL) is known. */
export const invitationUrl = (origin: string | undefined, token: string) => `${origin ?? ''}${MANAGER_INVITE_PATH}${token}`;

/**
 * E-mails the invitation to the manager when SMTP is configured (English, then Arabic: the manager's
 * language is not known yet). Never fails the request: false when not configured or not accepted.
 */
export async function mailManagerInvitation(config: Env, m: { email: string; name: string; company: string; url: string; expiresAt: Date }): Promise<boolean> {
  if (!m.url.startsWith('http')) return false;
  const params = { name: m.name, company: m.company, link: m.url, days: INVITATION_TTL_DAYS };
  const body = (['en', 'ar'] as const).map((l) => translate(l, 'managers.mail.body', params)).join('\n\n— — —\n\n');
  return sendMail(config, { to: m.email, subject: translate('en', 'managers.mail.subject', params), text: body });
}

/**
 * The manager opens the link and chooses a password (the one password policy): the invitation is spent,
 * the password set, every other session ended, and the manager signed in (password-set.ts).
 */
export async function acceptManagerInvitation(db: Db, token: string, password: string, now = new Date()): Promise<LoginResult> {
  const found = await db.query.managerInvitations.findFirst({ where: eq(managerInvitations.tokenHash, sessionIdFromToken(token)) });
  const inv = usableLink(found, { unknown: msg('managerInvite.unknown'), used: msg('managerInvite.used'), expired: msg('managerInvite.expired') }, now);
  const account = await db.query.users.findFirst({ where: eq(users.id, inv.userId) });
  if (!account || account.role !== 'company') throw invalid(msg('managerInvite.unknown'), 'token');
  if (account.disabled) throw invalid(msg('login.failed.suspended'), 'token');
  const link = { table: managerInvitations, id: inv.id, usedMessage: msg('managerInvite.used') };
  return setPasswordByLink(db, { account, password, link, action: 'accept-invite', after: { invitationId: inv.id }, now });
}
