import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, riderInvitations, riders, users } from '../../../../db/schema';
import type { CompanyRiderUpdateInput, NewRiderInput } from '../../../shared/schemas/company-riders';
import { INVITATION_TTL_DAYS } from '../../../shared/schemas/company-riders';
import { generateSessionToken, sessionIdFromToken } from '../../auth/tokens';
import { conflict, DomainError, invalid, notFound } from '../../errors';
import { assertRiderEmailFree } from './admin-create';
import { updateRider } from './admin-directory';
import { emitRiderCreated } from '../integrations';
import { audit } from '../../lib/audit';
import { type LoginResult, revokeSessionsOnSuspension, setPasswordAndSignIn, spendOnce, usableLink, accountClaimed, requestRiderReset, type RiderResetAnswer } from '../identity';
import type { listCompanyRiders } from './company-riders';
import { publishChange } from '../../lib/events';
import type { InviteDoor } from './company-managers';
import { msg } from '../../../shared/i18n/message';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type CompanyRider = Awaited<ReturnType<typeof listCompanyRiders>>[number];

const DUPLICATE_RIDER_EMAIL = msg('errors.riderEmailExists');
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}

/** One of this company's riders, or NOT_FOUND: another company's rider is indistinguishable from none. */
async function ownRider(db: Db, companyId: string, riderId: string) {
  const row = await db.query.riders.findFirst({ where: and(eq(riders.id, riderId), eq(riders.companyId, companyId)) });
  if (!row) throw notFound(msg('errors.riderNotFound'));
  return row;
}

/** A company adds a rider to its own fleet; the company is the caller's, never the input's. */
export async function addCompanyRider(db: Db, actorId: string, companyId: string, input: NewRiderInput) {
  try {
    await assertRiderEmailFree(db, input.email);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'CONFLICT') throw conflict(DUPLICATE_RIDER_EMAIL, 'email');
    throw err;
  }
  const values = { companyId, name: input.name, email: input.email, phone: input.phone, vehicleType: input.vehicleType, licenseNumber: input.licenseNumber, region: input.region };
  let row: typeof riders.$inferSelect;
  try {
    row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(riders).values(values).returning();
      await audit(tx, { actorId, action: 'create', entity: 'rider', entityId: r!.id, after: r });
      return r!;
    });
  } catch (err) {
    // Two managers adding the same address at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_RIDER_EMAIL, 'email');
    throw err;
  }
  await emitRiderCreated(db, row);
  publishChange('riders');
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  const rider: CompanyRider = {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    vehicleType: row.vehicleType,
    vehicle: row.vehicleType,
    licenseNumber: row.licenseNumber,
    status: row.status,
    region: row.region,
    companyId: row.companyId,
    lastSeenAt: null,
    onDuty: false,
    signedUp: false,
    orders: 0,
    earningsMinor: 0,
    currency: company?.currency ?? row.region,
  };
  return { success: true as const, message: `${row.name} was added to your fleet`, rider };
}

export async function updateCompanyRider(db: Db, actorId: string, companyId: string, input: CompanyRiderUpdateInput) {
  return updateRider(db, actorId, input, companyId);
}

/**
 * Suspend or reactivate one of the company's riders. A suspended rider is taken off
 * duty, signed out everywhere and cannot sign in until reactivated.
 */
export async function setCompanyRiderStatus(db: Db, actorId: string, companyId: string, riderId: string, status: 'active' | 'suspended') {
  const before = await ownRider(db, companyId, riderId);
  await db.transaction(async (tx) => {
    await tx.update(riders).set({ status, onDuty: status === 'active' ? before.onDuty : false }).where(eq(riders.id, riderId));
    if (before.userId) {
      await tx.update(users).set({ disabled: status === 'suspended' }).where(eq(users.id, before.userId));
      if (status === 'suspended') await revokeSessionsOnSuspension(tx, actorId, before.userId);
    }
    await audit(tx, { actorId, action: status === 'active' ? 'reactivate' : 'suspend', entity: 'rider', entityId: riderId, before: { status: before.status }, after: { status } });
  });
  publishChange('riders');
  return { success: true as const, status };
}

function splitName(name: string) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * company.inviteRider. For a rider who has never signed up: a one-time sign-in link, the rider's user account
 * (role rider) created when missing; a random 160-bit token is returned once and only its SHA-256 stored;
 * a new link replaces any unused earlier one. For a rider who has (a password, or a sign-in): no link at
 * all, only a reset e-mailed to the rider (rider-reset.ts), so the company can never set the rider's
 * password, end the rider's sessions or act as the rider (issue 22 item 3).
 */
export async function inviteCompanyRider(db: Db, door: InviteDoor, actorId: string, companyId: string, riderId: string, now = new Date()): Promise<InviteAnswer> {
  const rider = await ownRider(db, companyId, riderId);
  if (rider.status !== 'active') throw invalid(msg('errors.reactivateBeforeInvite'), 'id');
  const account = rider.userId ? await db.query.users.findFirst({ where: eq(users.id, rider.userId) }) : undefined;
  if (account && accountClaimed(account)) {
    if (account.disabled) throw invalid(msg('reset.userDisabled'), 'id');
    return requestRiderReset(db, door, actorId, rider, account, now);
  }
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await db.transaction(async (tx) => {
    let userId = rider.userId;
    if (!userId) {
      const taken = await tx.query.users.findFirst({ where: eq(users.email, rider.email) });
      if (taken) throw conflict(msg('errors.riderEmailTaken'), 'email');
      const [u] = await tx.insert(users).values({ email: rider.email, role: 'rider', passwordHash: null, ...splitName(rider.name) }).returning();
      userId = u!.id;
      await tx.update(riders).set({ userId }).where(eq(riders.id, rider.id));
      await audit(tx, { actorId, action: 'create', entity: 'user', entityId: userId, after: { email: u!.email, role: u!.role, riderId: rider.id } });
    }
    await tx.delete(riderInvitations).where(and(eq(riderInvitations.riderId, rider.id), isNull(riderInvitations.usedAt)));
    const [inv] = await tx.insert(riderInvitations).values({ riderId: rider.id, tokenHash: sessionIdFromToken(token), createdBy: actorId, expiresAt, createdAt: now }).returning();
    await audit(tx, { actorId, action: 'invite', entity: 'rider', entityId: rider.id, after: { invitationId: inv!.id, expiresAt } });
  });
  publishChange('riders');
  return { success: true as const, kind: 'invitation', link: `/invite/${token}`, expiresAt: expiresAt.toISOString() };
}

export type InviteAnswer = { success: true; kind: 'invitation'; link: string; expiresAt: string } | RiderResetAnswer;

const INVITE_UNKNOWN = msg('errors.riderInviteUnknown');
const INVITE_USED = msg('errors.riderInviteUsed');
const INVITE_EXPIRED = msg('errors.riderInviteExpired');

/** Spends the invitation, then refuses it if the account was claimed meanwhile (a reset link, a Google sign-in). */
async function spendUnclaimed(tx: Tx, invitationId: string, userId: string, now: Date) {
  // The spend is a write, so from here the transaction holds the write lock and reads the latest account.
  await spendOnce(tx, riderInvitations, invitationId, INVITE_USED, now);
  const account = await tx.query.users.findFirst({ where: eq(users.id, userId) });
  if (!account || accountClaimed(account)) throw invalid(msg('invite.claimed'), 'token');
}

/**
 * The rider opens the link and chooses a password (the password policy applies): the
 * invitation is spent, the password set, the rider's other sessions ended and a new one
 * issued, exactly as a password login would (password-set.ts).
 */
export async function acceptRiderInvitation(db: Db, token: string, password: string, now = new Date()): Promise<LoginResult> {
  const found = await db.query.riderInvitations.findFirst({ where: eq(riderInvitations.tokenHash, sessionIdFromToken(token)) });
  const inv = usableLink(found, { unknown: INVITE_UNKNOWN, used: INVITE_USED, expired: INVITE_EXPIRED }, now);
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, inv.riderId) });
  const account = rider?.userId ? await db.query.users.findFirst({ where: eq(users.id, rider.userId) }) : undefined;
  if (!rider || !account || account.disabled || rider.status !== 'active') throw invalid(INVITE_UNKNOWN, 'token');
  // An invitation never replaces a password the rider chose: that would hand the account to whoever holds the link.
  if (accountClaimed(account)) throw invalid(msg('invite.claimed'), 'token');
  return setPasswordAndSignIn(db, {
    userId: account.id,
    owner: account,
    password,
    spend: (tx) => spendUnclaimed(tx, inv.id, account.id, now),
    entry: { actorId: account.id, action: 'accept-invite', entity: 'rider', entityId: rider.id, after: { invitationId: inv.id } },
    now,
  });
}
