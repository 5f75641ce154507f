import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { NewRiderInput } from '../../../shared/schemas/company-riders';
import { auditLog, riderInvitations, riders, sessions, users } from '../../../../db/schema';
import { callerFor, getWith, login, postJson, testApp, testEnv, type TestApp } from '../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeRider, TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { sessionIdFromToken } from '../../auth/tokens';
import { acceptRiderInvitation, INVITATION_TTL_MS, inviteCompanyRider, type InviteAnswer } from './company-fleet';

const DUPLICATE_RIDER_EMAIL = 'A rider with this email already exists';
const INVITE_UNKNOWN = 'This invitation link is not valid. Ask your company for a new one.';
const INVITE_USED = 'This invitation link has already been used. Sign in with your password, or ask your company for a new link.';
const INVITE_EXPIRED = 'This invitation link has expired. Ask your company for a new one.';
import { onChange, type ChangeTopic } from '../../lib/events';

const { db, w } = await freshWorld();
let app: TestApp;
let seq = 0;
const payload = (over: Record<string, unknown> = {}) =>
  ({
    name: 'New Rider',
    email: `new.rider${++seq}@example.com`,
    phone: '+96550009999',
    vehicleType: 'car',
    licenseNumber: 'kw-77',
    region: 'KWD',
    ...over,
  }) as NewRiderInput;
const manager = (who: 'A' | 'B') => callerFor(db, who === 'A' ? w.managerA.id : w.managerB.id);
/** The invitation's link: only a rider who never signed up gets one. */
const linkOf = (res: InviteAnswer) => {
  if (res.kind !== 'invitation') throw new Error(`expected an invitation, got ${res.kind}`);
  return res.link;
};
const tokenOf = (res: InviteAnswer) => linkOf(res).replace(/^\/invite\//, '');

beforeAll(async () => {
  app = testApp(db);
});

describe('company.addRider', () => {
  test('adds to the caller’s own company, whatever the input says, and answers the list shape', async () => {
    const topics: ChangeTopic[] = [];
    const off = onChange((t) => topics.push(t));
    const res = await (await manager('A')).company.addRider({ ...payload({ name: '  Sami Noor ', email: ' Sami.Noor@Example.com ' }), companyId: w.companyB.id } as never);
    off();
    expect(res.success).toBe(true);
    expect(res.message).toBe('Sami Noor was added to your fleet');
    expect(res.rider).toMatchObject({ name: 'Sami Noor', email: 'sami.noor@example.com', licenseNumber: 'KW-77', status: 'active', region: 'KWD', companyId: w.companyA.id, orders: 0, earnings: 0, lastSeenAt: null, vehicle: 'car' });
    const row = await db.query.riders.findFirst({ where: eq(riders.id, res.rider.id) });
    expect(row?.companyId).toBe(w.companyA.id);
    expect(topics).toContain('riders');
    // Same keys as the list gives, so the client can append it as is.
    const listed = (await (await manager('A')).company.riders()).find((r) => r.id === res.rider.id)!;
    expect(Object.keys(res.rider).sort()).toEqual(Object.keys(listed).sort());
    expect(res.rider).toEqual(listed);
    const trail = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'rider'), eq(auditLog.entityId, res.rider.id)));
    expect(trail.map((a) => a.action)).toEqual(['create']);
    expect((await (await manager('B')).company.riders()).map((r) => r.id)).not.toContain(res.rider.id);
  });

  test('region defaults to KWD', async () => {
    const { region: _, ...noRegion } = payload();
    const res = await (await manager('B')).company.addRider(noRegion as never);
    expect(res.rider.region).toBe('KWD');
  });

  test('duplicate email (any company, any case, or any user account) → CONFLICT', async () => {
    const a = await manager('A');
    for (const email of [w.riderB.email, ` ${w.riderA.email.toUpperCase()} `, 'manager@beta.example']) {
      const err = await expectTRPCError(a.company.addRider(payload({ email })), 'CONFLICT', DUPLICATE_RIDER_EMAIL);
      expect((err.cause as { field?: string }).field).toBe('email');
    }
  });

  test('the server applies the spec’s validation too (first message, naming the field)', async () => {
    const a = await manager('A');
    const phone = await expectTRPCError(a.company.addRider(payload({ phone: '12345' })), 'BAD_REQUEST');
    expect(firstIssue(phone)).toBe('phone: Phone must start with + and contain 10-15 digits (e.g., +96512345678)');
    const name = await expectTRPCError(a.company.addRider(payload({ name: ' ' })), 'BAD_REQUEST');
    expect(firstIssue(name)).toBe('name: Name is required');
  });

  test('POST /api/company/riders: the spec’s answer, and 409 for a duplicate', async () => {
    const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
    const ok = await postJson(app, '/api/company/riders', payload({ email: 'rest.rider@example.com' }), { cookie });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ success: true, rider: { email: 'rest.rider@example.com', companyId: w.companyA.id } });
    expect(typeof body.rider.id).toBe('string');
    const dup = await postJson(app, '/api/company/riders', payload({ email: 'rest.rider@example.com' }), { cookie });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ success: false, message: DUPLICATE_RIDER_EMAIL, error: { code: 'CONFLICT', message: DUPLICATE_RIDER_EMAIL, field: 'email' } });
    const bad = await postJson(app, '/api/company/riders', payload({ email: 'nope' }), { cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual({ code: 'BAD_REQUEST', message: 'email: Invalid email format', field: 'email', fields: { email: 'Invalid email format' } });
  });
});

describe('the tenant wall', () => {
  test('company A can never update, suspend or invite company B’s riders: NOT_FOUND, B’s rows untouched', async () => {
    const a = await manager('A');
    const before = await db.query.riders.findFirst({ where: eq(riders.id, w.riderB.id) });
    await expectTRPCError(a.company.updateRider({ id: w.riderB.id, name: 'Hijacked', phone: '+96550001111', vehicleType: 'van', licenseNumber: 'X' }), 'NOT_FOUND', 'Rider not found');
    await expectTRPCError(a.company.setRiderStatus({ id: w.riderB.id, status: 'suspended' }), 'NOT_FOUND', 'Rider not found');
    await expectTRPCError(a.company.inviteRider({ id: w.riderB2.id }), 'NOT_FOUND', 'Rider not found');
    expect(await db.query.riders.findFirst({ where: eq(riders.id, w.riderB.id) })).toEqual(before);
    expect(await db.select().from(riderInvitations).where(eq(riderInvitations.riderId, w.riderB2.id))).toEqual([]);
    const bUser = await db.query.users.findFirst({ where: eq(users.id, w.riderB.user.id) });
    expect(bUser?.disabled).toBe(false);
  });

  test('company A never reads company B’s riders', async () => {
    const list = await (await manager('A')).company.riders();
    expect(list.every((r) => r.companyId === w.companyA.id)).toBe(true);
    expect(list.map((r) => r.id)).not.toContain(w.riderB.id);
  });

  test('a company edits its own rider (licence uppercased, region kept unless given)', async () => {
    const a = await manager('A');
    await a.company.updateRider({ id: w.riderA2.id, name: 'Aziz Alpha', phone: '+96550002222', vehicleType: 'bicycle', licenseNumber: ' kw-5 ' });
    const row = await db.query.riders.findFirst({ where: eq(riders.id, w.riderA2.id) });
    expect(row).toMatchObject({ phone: '+96550002222', vehicleType: 'bicycle', licenseNumber: 'KW-5', region: 'KWD' });
    await a.company.updateRider({ id: w.riderA2.id, name: 'Aziz Alpha', phone: '+96550002222', vehicleType: 'bicycle', licenseNumber: 'KW-5', region: 'AED' });
    expect((await db.query.riders.findFirst({ where: eq(riders.id, w.riderA2.id) }))?.region).toBe('AED');
  });
});

describe('suspend and reactivate', () => {
  test('a suspended rider is off duty, signed out and cannot sign in; reactivated, they can', async () => {
    const { rider, user } = await makeRider(db, w.companyA, { onDuty: true, userOver: { email: 'suspend.me@example.com' } });
    const cookie = await login(app, 'suspend.me@example.com', TEST_PASSWORD, '198.51.100.20');
    expect((await getWith(app, '/api/dashboard/rider', cookie)).status).toBe(200);
    const a = await manager('A');
    expect(await a.company.setRiderStatus({ id: rider.id, status: 'suspended' })).toEqual({ success: true, status: 'suspended' });
    expect(await db.query.riders.findFirst({ where: eq(riders.id, rider.id) })).toMatchObject({ status: 'suspended', onDuty: false });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    expect((await getWith(app, '/api/dashboard/rider', cookie)).status).toBe(401);
    const refused = await postJson(app, '/api/auth/login', { email: 'suspend.me@example.com', password: TEST_PASSWORD }, { ip: '198.51.100.21' });
    expect(refused.status).toBe(401);
    await a.company.setRiderStatus({ id: rider.id, status: 'active' });
    expect((await db.query.riders.findFirst({ where: eq(riders.id, rider.id) }))?.status).toBe('active');
    await login(app, 'suspend.me@example.com', TEST_PASSWORD, '198.51.100.22');
    const trail = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'rider'), eq(auditLog.entityId, rider.id)));
    expect(trail.map((t) => t.action).sort()).toEqual(['reactivate', 'suspend']);
  });

  test('a suspended rider cannot be invited', async () => {
    const { rider } = await makeRider(db, w.companyA, { status: 'suspended', withUser: false });
    await expectTRPCError((await manager('A')).company.inviteRider({ id: rider.id }), 'BAD_REQUEST', 'Reactivate this rider before inviting them');
  });
});

describe('invitations', () => {
  test('creates the rider’s account and stores only the SHA-256 of a 160-bit token, for 7 days', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Inva Tion', email: 'invite.one@example.com', withUser: false });
    const before = Date.now();
    const res = await (await manager('A')).company.inviteRider({ id: rider.id });
    expect(linkOf(res)).toMatch(/^\/invite\/[a-z2-7]{32}$/);
    const token = tokenOf(res);
    const rows = await db.select().from(riderInvitations).where(eq(riderInvitations.riderId, rider.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sessionIdFromToken(token));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, rider.id));
    expect(JSON.stringify(audits)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(INVITATION_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(INVITATION_TTL_MS + 5000);
    const linked = await db.query.riders.findFirst({ where: eq(riders.id, rider.id) });
    const user = await db.query.users.findFirst({ where: eq(users.id, linked!.userId!) });
    expect(user).toMatchObject({ email: 'invite.one@example.com', role: 'rider', passwordHash: null, firstName: 'Inva', lastName: 'Tion' });
  });

  test('a new link replaces an unused earlier one', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    const a = await manager('A');
    const first = tokenOf(await a.company.inviteRider({ id: rider.id }));
    const second = tokenOf(await a.company.inviteRider({ id: rider.id }));
    expect(first).not.toBe(second);
    await expectTRPCError((await callerFor(db, null)).auth.acceptInvite({ token: first, password: 'blue camel lamp' }), 'BAD_REQUEST', INVITE_UNKNOWN);
    await (await callerFor(db, null)).auth.acceptInvite({ token: second, password: 'blue camel lamp' });
  });

  test('accepting signs the rider in (cookie), who then reaches rider.dashboard and can log in again', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Nadia Rider', email: 'nadia@example.com', withUser: false });
    const token = tokenOf(await (await manager('A')).company.inviteRider({ id: rider.id }));
    const res = await postJson(app, '/api/trpc/auth.acceptInvite', { token, password: 'Welcome to the fleet 2026' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data).toMatchObject({ success: true, user: { email: 'nadia@example.com', role: 'rider', roleData: { id: rider.id } } });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('kwt_session='))!;
    expect(set).toMatch(/^kwt_session=[a-z2-7]{32};.*HttpOnly/);
    const cookie = set.split(';')[0]!;
    expect((await getWith(app, '/api/dashboard/rider', cookie)).status).toBe(200);
    const me = await (await getWith(app, '/api/auth/user', cookie)).json();
    expect(me).toMatchObject({ email: 'nadia@example.com', role: 'rider' });
    const stored = await db.query.users.findFirst({ where: eq(users.email, 'nadia@example.com') });
    expect(stored?.passwordHash).toStartWith('$argon2id$');
    const inv = await db.query.riderInvitations.findFirst({ where: eq(riderInvitations.riderId, rider.id) });
    expect(inv?.usedAt).toBeInstanceOf(Date);
    await login(app, 'nadia@example.com', 'Welcome to the fleet 2026', '198.51.100.30');
    const dash = await (await callerFor(db, stored!.id)).rider.dashboard();
    expect(dash).toBeTruthy();
  });

  test('single use: the same link a second time is refused', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    const token = tokenOf(await (await manager('A')).company.inviteRider({ id: rider.id }));
    const anon = await callerFor(db, null);
    await anon.auth.acceptInvite({ token, password: 'first long phrase' });
    await expectTRPCError(anon.auth.acceptInvite({ token, password: 'second long phrase' }), 'BAD_REQUEST', INVITE_USED);
  });

  test('expired after 7 days; unknown tokens refused; password rules enforced', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    const issued = new Date('2026-03-01T08:00:00Z');
    const token = tokenOf(await inviteCompanyRider(db, { origin: undefined, config: testEnv() }, w.managerA.id, w.companyA.id, rider.id, issued));
    const late = new Date(issued.getTime() + INVITATION_TTL_MS);
    await expect(acceptRiderInvitation(db, token, 'late but long phrase', late)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITE_EXPIRED });
    const anon = await callerFor(db, null);
    await expectTRPCError(anon.auth.acceptInvite({ token: 'a'.repeat(32), password: 'blue camel lamp' }), 'BAD_REQUEST', INVITE_UNKNOWN);
    await expectTRPCError(anon.auth.acceptInvite({ token: 'not even base32!', password: 'blue camel lamp' }), 'BAD_REQUEST', INVITE_UNKNOWN);
    // Still usable just before expiry, and the password rule is the schema's.
    const fresh = await (await manager('A')).company.inviteRider({ id: rider.id });
    const short = await expectTRPCError(anon.auth.acceptInvite({ token: tokenOf(fresh), password: 'short1' }), 'BAD_REQUEST');
    expect(firstIssue(short)).toBe('password: Use at least 10 characters: a few unrelated words make a good passphrase.');
    const ok = await acceptRiderInvitation(db, tokenOf(fresh), 'blue camel lamp', new Date(Date.now() + INVITATION_TTL_MS - 60_000));
    expect(ok.user.roleData.id).toBe(rider.id);
  });

  test('an invitation stops working once its rider is suspended', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    const a = await manager('A');
    const token = tokenOf(await a.company.inviteRider({ id: rider.id }));
    await a.company.setRiderStatus({ id: rider.id, status: 'suspended' });
    await expectTRPCError((await callerFor(db, null)).auth.acceptInvite({ token, password: 'blue camel lamp' }), 'BAD_REQUEST', INVITE_UNKNOWN);
  });
  // A rider who already has a password gets no invitation at all: rider-reset.test.ts.
});
