import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, companyMembers, riders, users } from '../../../../db/schema';
import type { NewManagerInput } from '../../../shared/schemas/managers';
import { conflict, invalid, notFound } from '../../errors';
import type { Env } from '../../env';
import { revokeSessionsOnSuspension, invitationUrl, issueManagerInvitation, mailManagerInvitation, type IssuedInvitation } from '../identity';
import { audit } from '../../lib/audit';
import { publishChange } from '../../lib/events';
import { msg } from '../../../shared/i18n/message';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where an answer's links point and how it is e-mailed: the request's origin and the server's config. */
export interface InviteDoor {
  origin: string | undefined;
  config: Env;
}

function splitName(name: string) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * A company manager's account (role company, no password yet) and its membership, with a first
 * invitation, inside the caller's transaction: the company's creation or a second manager.
 */
export async function createManagerAccount(tx: Tx, actorId: string, companyId: string, m: { email: string; name: string }, now = new Date()) {
  const taken = (await tx.query.users.findFirst({ where: eq(users.email, m.email) })) ?? (await tx.query.riders.findFirst({ where: eq(riders.email, m.email) }));
  if (taken) throw conflict(msg('errors.emailTaken'), 'email');
  const [u] = await tx.insert(users).values({ email: m.email, role: 'company', passwordHash: null, ...splitName(m.name) }).returning();
  await tx.insert(companyMembers).values({ userId: u!.id, companyId });
  await audit(tx, { actorId, action: 'create', entity: 'user', entityId: u!.id, after: { email: u!.email, role: u!.role, companyId } });
  const invitation = await issueManagerInvitation(tx, actorId, u!.id, now);
  return { user: u!, invitation };
}

/** The invitation as the admin's answers carry it: the link (shown once), its expiry, and whether it was e-mailed. */
export async function deliverInvitation(door: InviteDoor, m: { email: string; name: string; company: string }, invitation: IssuedInvitation) {
  const url = invitationUrl(door.origin, invitation.token);
  const emailed = await mailManagerInvitation(door.config, { ...m, url, expiresAt: invitation.expiresAt });
  return { invitationUrl: url, expiresAt: invitation.expiresAt.toISOString(), emailed };
}

/** A company manager with their company, or NOT_FOUND / BAD_REQUEST for anyone else. */
async function managerOrThrow(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(users.id, userId));
  if (!row) throw notFound(msg('account.userNotFound'));
  if (row.user.role !== 'company') throw invalid(msg('managers.notManager'), 'userId');
  return { ...row.user, companyName: row.companyName ?? '' };
}

const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** admin.addManager: another manager for an existing company, with their own invitation. */
export async function addCompanyManager(db: Db, door: InviteDoor, actorId: string, input: NewManagerInput) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, input.companyId) });
  if (!company) throw invalid(msg('errors.chooseCompany'), 'companyId');
  const { user, invitation } = await db.transaction((tx) => createManagerAccount(tx, actorId, company.id, input));
  publishChange('companies');
  const delivered = await deliverInvitation(door, { email: user.email, name: input.name, company: company.name }, invitation);
  return { success: true as const, company: { id: company.id, name: company.name }, manager: { id: user.id, email: user.email, name: displayName(user) }, ...delivered };
}

/**
 * admin.reissueInvitation: a new invitation (the unused one stops working) for a manager who has never
 * signed in; once they have, they own their password and the admin uses a reset link instead.
 */
export async function reissueManagerInvitation(db: Db, door: InviteDoor, actorId: string, userId: string, now = new Date()) {
  const manager = await managerOrThrow(db, userId);
  if (manager.disabled) throw invalid(msg('managers.suspendedNoInvite'), 'userId');
  if (manager.lastSignInAt) throw invalid(msg('managers.alreadySignedIn', { email: manager.email }), 'userId');
  const invitation = await db.transaction((tx) => issueManagerInvitation(tx, actorId, userId, now));
  const delivered = await deliverInvitation(door, { email: manager.email, name: displayName(manager), company: manager.companyName }, invitation);
  return { success: true as const, company: { name: manager.companyName }, manager: { id: manager.id, email: manager.email, name: displayName(manager) }, ...delivered };
}

/**
 * admin.setManagerStatus: suspend a manager (every session ends, API tokens stay unusable as the account
 * is disabled, sign-in is refused saying so) or reinstate them.
 */
export async function setManagerSuspended(db: Db, actorId: string, userId: string, suspended: boolean) {
  const manager = await managerOrThrow(db, userId);
  const sessionsEnded = await db.transaction(async (tx) => {
    await tx.update(users).set({ disabled: suspended }).where(eq(users.id, userId));
    const ended = suspended ? await revokeSessionsOnSuspension(tx, actorId, userId) : 0;
    await audit(tx, { actorId, action: suspended ? 'suspend' : 'reinstate', entity: 'user', entityId: userId, before: { disabled: manager.disabled }, after: { disabled: suspended } });
    return ended;
  });
  publishChange('companies');
  return { success: true as const, suspended, sessionsEnded };
}
