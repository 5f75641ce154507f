import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { apiTokens, auditLog, sessions, users } from '../../../../db/schema';
import { getWith, login, postJson, setCookieFor, testApp, type TestApp } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { makeCompany, makeRider, makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { makeCompanyManager } from '../../../../test/factories';
import { createApiToken } from './api-tokens';
import { issueResetLink } from './password-reset';

let db: Db;
let app: TestApp;
let ipSeq = 0;
const ip = () => `198.51.100.${++ipSeq}`;

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
});

/** A tRPC mutation over HTTP, as the browser sends it. */
const mutate = (path: string, body: unknown, cookie?: string) => postJson(app, `/api/trpc/${path}`, body, { cookie, ip: '203.0.113.50' });
const me = async (cookie: string) => (await getWith(app, '/api/auth/user', cookie)).status;
const trail = (userId: string, action: string) => db.select().from(auditLog).where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));
const NEW = 'sand dunes at sunset';

describe('auth.changePassword', () => {
  test('ends every other session, re-issues this one, and the new password signs in', async () => {
    const user = await makeUser(db, { email: 'changer@example.com' });
    const phone = await login(app, 'changer@example.com', TEST_PASSWORD, ip());
    const laptop = await login(app, 'changer@example.com', TEST_PASSWORD, ip());
    expect(await me(phone)).toBe(200);
    expect(await me(laptop)).toBe(200);

    const res = await mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW }, laptop);
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toMatchObject({ success: true, user: { email: 'changer@example.com' } });
    const reissued = setCookieFor(res, 'kwt_session')!.split(';')[0]!;
    expect(reissued).not.toBe(laptop);

    // The very next request with either old cookie is refused (the session cache was emptied by the epoch).
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await me(reissued)).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await postJson(app, '/api/auth/login', { email: 'changer@example.com', password: TEST_PASSWORD }, { ip: ip() })).status).toBe(401);
    await login(app, 'changer@example.com', NEW, ip());
    const [entry] = await trail(user.id, 'password-change');
    expect(entry).toMatchObject({ actorId: user.id, entity: 'user' });
    expect(entry!.detail).toEqual({ before: null, after: { sessionsEnded: 2, tokensRevoked: 0 } });
    expect(JSON.stringify(entry)).not.toContain(NEW);
  });

  test('a wrong current password is refused on its field and changes nothing', async () => {
    const user = await makeUser(db, { email: 'wrong.current@example.com' });
    const cookie = await login(app, 'wrong.current@example.com', TEST_PASSWORD, ip());
    const res = await mutate('auth.changePassword', { currentPassword: 'not my password', newPassword: NEW }, cookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toBe('Your current password is incorrect.');
    expect(body.error.data.field).toBe('currentPassword');
    expect(await me(cookie)).toBe(200);
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))!.passwordHash).toBe(user.passwordHash);
  });

  test('the policy applies to the new password, in the request’s language', async () => {
    await makeUser(db, { email: 'policy.user@example.com', firstName: 'Yousef' });
    const cookie = await login(app, 'policy.user@example.com', TEST_PASSWORD, ip());
    const cases: [string, string][] = [
      ['short one', 'newPassword: Use at least 10 characters: a few unrelated words make a good passphrase.'],
      ['qwertyuiop', 'This password is on a list of common, breached passwords. Choose another one: a few unrelated words work well.'],
      ['Yousef2026!!', 'Do not use your email address or your name as your password.'],
    ];
    for (const [newPassword, message] of cases) {
      const res = await mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword }, cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
    // An Arabic-speaking account gets the Arabic text.
    await db.update(users).set({ locale: 'ar' }).where(eq(users.email, 'policy.user@example.com'));
    const ar = await mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: 'qwertyuiop' }, cookie);
    expect((await ar.json()).error.message).toStartWith('كلمة المرور هذه مدرجة');
    expect(await me(cookie)).toBe(200);
  });

  test('signed out: 401', async () => {
    expect((await mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW })).status).toBe(401);
  });
});

describe('auth.signOutEverywhere', () => {
  test('deletes every session of the user, this one too, clears the cookie and is audited', async () => {
    const user = await makeUser(db, { email: 'everywhere@example.com' });
    const other = await makeUser(db, { email: 'bystander@example.com' });
    const a = await login(app, 'everywhere@example.com', TEST_PASSWORD, ip());
    const b = await login(app, 'everywhere@example.com', TEST_PASSWORD, ip());
    const bystander = await login(app, 'bystander@example.com', TEST_PASSWORD, ip());
    expect(await me(a)).toBe(200);

    const res = await mutate('auth.signOutEverywhere', {}, a);
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toEqual({ success: true, sessionsEnded: 2, tokensRevoked: 0 });
    expect(setCookieFor(res, 'kwt_session')).toMatch(/^kwt_session=;.*Max-Age=0/);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
    expect(await me(bystander)).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
    const [entry] = await trail(user.id, 'sign-out-everywhere');
    expect(entry).toMatchObject({ actorId: user.id, entity: 'user', detail: { before: null, after: { sessionsEnded: 2, tokensRevoked: 0 } } });
  });

  test('signed out: 401', async () => {
    expect((await mutate('auth.signOutEverywhere', {})).status).toBe(401);
  });
});

describe('suspension', () => {
  test('a suspended account’s sessions are deleted, the very next request is refused, and it is audited', async () => {
    const company = await makeCompany(db);
    const manager = await makeCompanyManager(db, company, { email: 'suspender@example.com' });
    const { rider, user } = await makeRider(db, company, { userOver: { email: 'to.suspend@example.com' } });
    const mgr = await login(app, 'suspender@example.com', TEST_PASSWORD, ip());
    const riderCookie = await login(app, 'to.suspend@example.com', TEST_PASSWORD, ip());
    expect(await me(riderCookie)).toBe(200);
    // Warm the session cache, then suspend through the manager's API.
    expect(await me(riderCookie)).toBe(200);
    const res = await mutate('company.setRiderStatus', { id: rider.id, status: 'suspended' }, mgr);
    expect(res.status).toBe(200);
    expect(await me(riderCookie)).toBe(401);
    expect((await getWith(app, '/api/dashboard/rider', riderCookie)).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    const [entry] = await trail(user!.id, 'sessions-revoked');
    expect(entry).toMatchObject({ actorId: manager.id, entity: 'user', detail: { before: null, after: { reason: 'suspended', sessionsEnded: 1 } } });
  });
});

describe('API tokens (/mcp) end with the password and with sign out everywhere', () => {
  /** What /mcp answers a bearer token: 405 to a GET means it got past authentication. */
  const mcpGet = async (token: string) => (await getWith(app, '/mcp', undefined, { authorization: `Bearer ${token}`, 'x-forwarded-for': ip() })).status;

  /** Two live tokens and one already revoked (left as it was); returns the live ones. */
  async function tokensOf(userId: string) {
    const one = await createApiToken(db, userId, 'claude');
    const two = await createApiToken(db, userId, 'cursor');
    const old = await createApiToken(db, userId, 'old');
    await db.update(apiTokens).set({ revokedAt: new Date(1_000) }).where(eq(apiTokens.id, old.apiToken.id));
    for (const t of [one, two]) expect(await mcpGet(t.token)).toBe(405);
    return { live: [one, two], old };
  }

  /** Every live token revoked and audited with the reason; the one revoked earlier untouched. */
  async function expectRevoked(userId: string, actorId: string, reason: string, t: Awaited<ReturnType<typeof tokensOf>>) {
    for (const { token } of t.live) expect(await mcpGet(token)).toBe(401);
    const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId));
    expect(rows.every((r) => r.revokedAt instanceof Date)).toBe(true);
    expect(rows.find((r) => r.id === t.old.apiToken.id)!.revokedAt!.getTime()).toBe(1_000);
    for (const { apiToken } of t.live) {
      const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, apiToken.id), eq(auditLog.action, 'revoke')));
      expect(entry).toMatchObject({ actorId, entity: 'api_token', detail: { before: { revokedAt: null }, after: { owner: userId, reason } } });
    }
    expect(await db.select().from(auditLog).where(and(eq(auditLog.entityId, t.old.apiToken.id), eq(auditLog.action, 'revoke')))).toEqual([]);
  }

  test('a password change revokes them', async () => {
    const user = await makeUser(db, { email: 'token.changer@example.com' });
    const t = await tokensOf(user.id);
    const cookie = await login(app, 'token.changer@example.com', TEST_PASSWORD, ip());
    expect((await mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW }, cookie)).status).toBe(200);
    await expectRevoked(user.id, user.id, 'password-change', t);
    const [entry] = await trail(user.id, 'password-change');
    expect(entry!.detail).toEqual({ before: null, after: { sessionsEnded: 1, tokensRevoked: 2 } });
  });

  test('a reset link revokes them', async () => {
    const admin = await makeUser(db, { role: 'admin' });
    const user = await makeUser(db, { email: 'token.reset@example.com' });
    const t = await tokensOf(user.id);
    const { link } = await issueResetLink(db, admin.id, user.id);
    const res = await postJson(app, '/api/trpc/auth.resetPassword', { token: link.replace('/reset/', ''), password: NEW }, { ip: ip() });
    expect(res.status).toBe(200);
    await expectRevoked(user.id, user.id, 'reset-link-used', t);
    const [entry] = await trail(user.id, 'reset-link-used');
    expect(entry!.detail).toMatchObject({ after: { sessionsEnded: 0, tokensRevoked: 2 } });
  });

  test('sign out everywhere revokes them', async () => {
    const user = await makeUser(db, { email: 'token.everywhere@example.com' });
    const t = await tokensOf(user.id);
    const cookie = await login(app, 'token.everywhere@example.com', TEST_PASSWORD, ip());
    const res = await mutate('auth.signOutEverywhere', {}, cookie);
    expect((await res.json()).result.data).toEqual({ success: true, sessionsEnded: 1, tokensRevoked: 2 });
    await expectRevoked(user.id, user.id, 'sign-out-everywhere', t);
    // Another user's token is untouched.
    const bystander = await makeUser(db);
    const { token } = await createApiToken(db, bystander.id, 'mine');
    expect(await mcpGet(token)).toBe(405);
  });
});
