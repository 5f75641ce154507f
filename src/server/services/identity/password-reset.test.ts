import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, passwordResets, sessions, users } from '../../../../db/schema';
import { freshWorldApp, callerFor, getWith, login, postJson, setCookieFor } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeCompany, makeCompanyManager, makeRider, makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { sessionIdFromToken } from '../../auth/tokens';
import { issueResetLink, RESET_LINK_TTL_MS, resetPassword } from './password-reset';

const { db, w, app } = await freshWorldApp();
let ipSeq = 0;
const ip = () => `192.0.2.${++ipSeq}`;
const tokenOf = (link: string) => link.replace(/^\/reset\//, '');
const admin = () => callerFor(db, w.admin.id);
const me = async (cookie: string) => (await getWith(app, '/api/auth/user', cookie)).status;
const UNKNOWN = 'This reset link is not valid. Ask your administrator for a new one.';
const USED = 'This reset link has already been used. Ask your administrator for a new one.';
const EXPIRED = 'This reset link has expired. Ask your administrator for a new one.';
const NEW = 'pearl diver harbour song';

describe('admin.issueResetLink', () => {
  test('a 160-bit one-time link, only its SHA-256 stored, valid 60 minutes, audited without the token', async () => {
    const user = await makeUser(db, { email: 'forgetful@example.com' });
    const before = Date.now();
    const res = await (await admin()).admin.issueResetLink({ userId: user.id });
    expect(res).toMatchObject({ success: true, email: 'forgetful@example.com' });
    expect(res.link).toMatch(/^\/reset\/[a-z2-7]{32}$/);
    const token = tokenOf(res.link);
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sessionIdFromToken(token));
    expect(rows[0]!.createdBy).toBe(w.admin.id);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(RESET_LINK_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(RESET_LINK_TTL_MS + 5000);
    expect(RESET_LINK_TTL_MS).toBe(60 * 60 * 1000);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'reset-link-issued')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(w.admin.id);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  test('admins only; an unknown account is NOT_FOUND; a suspended one is refused', async () => {
    const user = await makeUser(db);
    for (const who of [w.managerA.id, w.riderA.user.id]) await expectTRPCError((await callerFor(db, who)).admin.issueResetLink({ userId: user.id }), 'FORBIDDEN', DENIED.admin);
    await expectTRPCError((await callerFor(db, null)).admin.issueResetLink({ userId: user.id }), 'UNAUTHORIZED');
    await expectTRPCError((await admin()).admin.issueResetLink({ userId: 'nobody-at-all' }), 'NOT_FOUND', 'Account not found');
    const suspended = await makeUser(db, { disabled: true });
    await expectTRPCError((await admin()).admin.issueResetLink({ userId: suspended.id }), 'BAD_REQUEST', 'This account is suspended: reactivate it before issuing a reset link.');
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  test('a new link replaces the unused earlier one', async () => {
    const user = await makeUser(db);
    const first = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    const second = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    await expectTRPCError((await callerFor(db, null)).auth.resetPassword({ token: first, password: NEW }), 'BAD_REQUEST', UNKNOWN);
    await (await callerFor(db, null)).auth.resetPassword({ token: second, password: NEW });
  });
});

describe('admin.accounts', () => {
  test('lists accounts with role and company, searchable, never a hash; admins only', async () => {
    const list = await (await admin()).admin.accounts({ q: 'rider.a@' });
    expect(list.total).toBe(1);
    expect(list.items[0]).toEqual({
      id: w.riderA.user.id,
      email: 'rider.a@example.com',
      firstName: 'Rami',
      lastName: expect.any(String),
      role: 'rider',
      disabled: false,
      hasPassword: true,
      lastSignInAt: null,
      companyName: w.companyA.name,
    });
    const managers = await (await admin()).admin.accounts({ role: 'company', q: 'manager@' });
    expect(managers.items.map((m) => [m.email, m.companyName]).sort()).toEqual([
      ['manager@alpha.example', w.companyA.name],
      ['manager@beta.example', w.companyB.name],
    ]);
    expect(JSON.stringify(managers)).not.toContain('$argon2');
    await expectTRPCError((await callerFor(db, w.managerA.id)).admin.accounts({}), 'FORBIDDEN', DENIED.admin);
  });

  test('one row per account, even with both a company membership and a rider row; pages count accounts', async () => {
    const zeta = await makeCompany(db, { name: 'Zeta Couriers' });
    const both = await makeCompanyManager(db, zeta, { email: 'both.roles@dual.example' });
    await makeRider(db, w.companyA, { withUser: false, userId: both.id, email: 'both.roles@dual.example' });
    // The schema keeps it at one membership and one rider row per user, so the joins cannot multiply rows.
    await expect(makeRider(db, w.companyB, { withUser: false, userId: both.id, email: 'both.again@dual.example' })).rejects.toThrow();
    const plain: string[] = [];
    for (let i = 0; i < 5; i++) plain.push((await makeCompanyManager(db, zeta, { email: `plain${i}@dual.example` })).email);
    const emails = ['both.roles@dual.example', ...plain].sort();
    const list = await (await admin()).admin.accounts({ q: '@dual.example' });
    expect(list.total).toBe(6);
    expect(list.items.map((a) => a.email).sort()).toEqual(emails);
    expect(list.items.find((a) => a.email === 'both.roles@dual.example')!.companyName).toBe('Zeta Couriers');
    // Two pages of five: every account exactly once.
    const first = await (await admin()).admin.accounts({ q: '@dual.example', page: 1, pageSize: 5 });
    const second = await (await admin()).admin.accounts({ q: '@dual.example', page: 2, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    expect([...first.items, ...second.items].map((a) => a.email).sort()).toEqual(emails);
  });
});

describe('auth.resetPassword (/reset/$token)', () => {
  test('sets the password, ends every session, signs the user in and is audited', async () => {
    const user = await makeUser(db, { email: 'reset.me@example.com' });
    const old = await login(app, 'reset.me@example.com', TEST_PASSWORD, ip());
    expect(await me(old)).toBe(200);
    const token = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    // Issuing alone changes nothing.
    expect(await me(old)).toBe(200);

    const res = await postJson(app, '/api/trpc/auth.resetPassword', { token, password: `  ${NEW}  ` }, { ip: ip() });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toMatchObject({ success: true, user: { email: 'reset.me@example.com', role: 'rider' } });
    const fresh = setCookieFor(res, 'kwt_session')!.split(';')[0]!;
    expect(await me(old)).toBe(401);
    expect(await me(fresh)).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await db.query.passwordResets.findFirst({ where: eq(passwordResets.userId, user.id) }))!.usedAt).toBeInstanceOf(Date);
    // Stored trimmed, as the login trims it.
    await login(app, 'reset.me@example.com', NEW, ip());
    expect((await postJson(app, '/api/auth/login', { email: 'reset.me@example.com', password: TEST_PASSWORD }, { ip: ip() })).status).toBe(401);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'reset-link-used')));
    expect(entry).toMatchObject({ actorId: user.id, entity: 'user' });
    expect((entry!.detail as { after: { sessionsEnded: number } }).after.sessionsEnded).toBe(1);
  });

  test('single use, expiry, unknown and malformed tokens', async () => {
    const user = await makeUser(db);
    const anon = await callerFor(db, null);
    const token = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    await anon.auth.resetPassword({ token, password: NEW });
    await expectTRPCError(anon.auth.resetPassword({ token, password: 'another long phrase' }), 'BAD_REQUEST', USED);
    const issued = new Date('2026-03-01T08:00:00Z');
    const { link } = await issueResetLink(db, w.admin.id, user.id, issued);
    await expect(resetPassword(db, tokenOf(link), NEW, new Date(issued.getTime() + RESET_LINK_TTL_MS))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: EXPIRED, field: 'token' });
    await resetPassword(db, tokenOf(link), NEW, new Date(issued.getTime() + RESET_LINK_TTL_MS - 1000));
    await expectTRPCError(anon.auth.resetPassword({ token: 'a'.repeat(32), password: NEW }), 'BAD_REQUEST', UNKNOWN);
    await expectTRPCError(anon.auth.resetPassword({ token: 'not base32 at all!', password: NEW }), 'BAD_REQUEST', UNKNOWN);
  });

  test('the password policy applies; a refused password leaves the link unspent', async () => {
    const user = await makeUser(db, { email: 'policy.reset@example.com', firstName: 'Fatima' });
    const anon = await callerFor(db, null);
    const token = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    const short = await expectTRPCError(anon.auth.resetPassword({ token, password: 'short' }), 'BAD_REQUEST');
    expect(firstIssue(short)).toBe('password: Use at least 10 characters: a few unrelated words make a good passphrase.');
    await expectTRPCError(anon.auth.resetPassword({ token, password: 'password123' }), 'BAD_REQUEST', /common, breached passwords/);
    await expectTRPCError(anon.auth.resetPassword({ token, password: 'Fatima!2026!' }), 'BAD_REQUEST', 'Do not use your email address or your name as your password.');
    expect((await db.query.passwordResets.findFirst({ where: eq(passwordResets.userId, user.id) }))!.usedAt).toBeNull();
    await anon.auth.resetPassword({ token, password: 'a long and calm passphrase' });
  });

  test('a link stops working once its account is suspended', async () => {
    const user = await makeUser(db);
    const token = tokenOf((await (await admin()).admin.issueResetLink({ userId: user.id })).link);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    await expectTRPCError((await callerFor(db, null)).auth.resetPassword({ token, password: NEW }), 'BAD_REQUEST', UNKNOWN);
  });
});
