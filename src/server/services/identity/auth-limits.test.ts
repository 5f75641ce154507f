import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, loginAttempts, users } from '../../../../db/schema';
import { getWith, login, postJson, req, testApp, type TestApp } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { makeUser, TEST_PASSWORD } from '../../../../test/factories';
import { createApiToken } from './api-tokens';
import { AUTH_RULES, markOnce } from './auth-limits';
import { issueResetLink } from './password-reset';

let db: Db;
let app: TestApp;
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
});

const lockouts = (endpoint: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'rate-limit-lockout'), eq(auditLog.entity, 'auth')))
    .then((rows) => rows.filter((r) => (r.detail as { after: { endpoint: string } }).after.endpoint === endpoint));

/** A tRPC 429: status, Retry-After within the window, the code and the message. */
async function expectTrpc429(res: Response, windowMs: number) {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(windowMs / 1000);
  const body = await res.json();
  expect(body.error).toMatchObject({ message: TOO_MANY, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
}

/** A REST 429: Retry-After and the one error shape. */
async function expectRest429(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.json()).toEqual({ success: false, message: TOO_MANY, error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY } });
}

describe('rate limits on sign-in and token endpoints', () => {
  test('reset-link use: 20 attempts per IP in 15 minutes, then 429; the lockout audited once', async () => {
    const send = (ip: string) => postJson(app, '/api/trpc/auth.resetPassword', { token: 'a'.repeat(32), password: 'a long passphrase' }, { ip });
    for (let i = 0; i < AUTH_RULES.resetUse.max; i++) expect((await send('192.0.2.10')).status).toBe(400);
    await expectTrpc429(await send('192.0.2.10'), AUTH_RULES.resetUse.windowMs);
    await expectTrpc429(await send('192.0.2.10'), AUTH_RULES.resetUse.windowMs);
    expect((await send('192.0.2.11')).status).toBe(400);
    const audits = await lockouts('reset-use');
    expect(audits).toHaveLength(1);
    expect((audits[0]!.detail as { after: { key: string } }).after.key).toBe('192.0.2.10');
  });

  test('reset links: only wrong links count, and a good link is used even from an address locked out for wrong ones', async () => {
    const admin = await makeUser(db, { email: 'reset-admin@example.com', role: 'admin' });
    const ip = '192.0.2.12';
    const bad = () => postJson(app, '/api/trpc/auth.resetPassword', { token: 'c'.repeat(32), password: 'a long passphrase' }, { ip });
    // 25 good links used from one address (an office, a carrier's NAT) do not count.
    for (let i = 0; i < 25; i++) {
      const owner = await makeUser(db, { email: `reset-owner${i}@example.com` });
      const { link } = await issueResetLink(db, admin.id, owner.id);
      const res = await postJson(app, '/api/trpc/auth.resetPassword', { token: link.slice('/reset/'.length), password: 'a long passphrase' }, { ip });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('kwt_device='))).toBe(true);
    }
    for (let i = 0; i < AUTH_RULES.resetUse.max; i++) expect((await bad()).status).toBe(400);
    await expectTrpc429(await bad(), AUTH_RULES.resetUse.windowMs);
    const owner = await makeUser(db, { email: 'reset-late@example.com' });
    const { link } = await issueResetLink(db, admin.id, owner.id);
    expect((await postJson(app, '/api/trpc/auth.resetPassword', { token: link.slice('/reset/'.length), password: 'a long passphrase' }, { ip })).status).toBe(200);
  });

  test('invitation acceptance: 20 attempts per IP, then 429', async () => {
    const send = () => postJson(app, '/api/trpc/auth.acceptInvite', { token: 'b'.repeat(32), password: 'a long passphrase' }, { ip: '192.0.2.20' });
    for (let i = 0; i < AUTH_RULES.inviteAccept.max; i++) expect((await send()).status).toBe(400);
    await expectTrpc429(await send(), AUTH_RULES.inviteAccept.windowMs);
    expect(await lockouts('invite-accept')).toHaveLength(1);
  });

  test('password change: 5 wrong current passwords lock the change out, even with the right one next', async () => {
    const user = await makeUser(db, { email: 'guessed@example.com' });
    const cookie = await login(app, 'guessed@example.com', TEST_PASSWORD, '192.0.2.30');
    const send = (currentPassword: string) => postJson(app, '/api/trpc/auth.changePassword', { currentPassword, newPassword: 'a long passphrase' }, { cookie });
    for (let i = 0; i < AUTH_RULES.passwordChange.max; i++) expect((await send(`guess number ${i}`)).status).toBe(400);
    await expectTrpc429(await send(TEST_PASSWORD), AUTH_RULES.passwordChange.windowMs);
    const audits = await lockouts('password-change');
    expect(audits).toHaveLength(1);
    expect((audits[0]!.detail as { after: { key: string } }).after.key).toBe(user.id);
    // The session itself is untouched.
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(200);
  });

  test('Google OAuth callback: 20 per IP, then back to the login page saying so (a browser navigation, not JSON)', async () => {
    const send = () => req(app, '/api/login/google/callback?code=x&state=y', { headers: { 'x-forwarded-for': '192.0.2.40', cookie: 'login_redirect=/admin' } });
    for (let i = 0; i < AUTH_RULES.googleCallback.max; i++) {
      const res = await send();
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?redirect=%2Fadmin&error=oauth');
    }
    const refused = await send();
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?redirect=%2Fadmin&error=too-many');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await lockouts('google-callback')).toHaveLength(1);
  });

  test('API token creation: 10 per user in 15 minutes, then 429', async () => {
    await makeUser(db, { email: 'tokens@example.com' });
    const cookie = await login(app, 'tokens@example.com', TEST_PASSWORD, '192.0.2.50');
    const send = (i: number) => postJson(app, '/api/trpc/auth.apiTokenCreate', { name: `token ${i}` }, { cookie });
    for (let i = 0; i < AUTH_RULES.apiTokenCreate.max; i++) expect((await send(i)).status).toBe(200);
    await expectTrpc429(await send(99), AUTH_RULES.apiTokenCreate.windowMs);
  });

  test('/mcp bearer tokens: 20 bad tokens from one IP lock that IP out for bad tokens; a good one still passes', async () => {
    const user = await makeUser(db);
    const { token } = await createApiToken(db, user.id, 'mcp');
    const call = (bearer: string, ip: string) =>
      req(app, '/mcp', { method: 'GET', headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': ip } });
    for (let i = 0; i < AUTH_RULES.mcpBadToken.max; i++) expect((await call(`kwt_${'x'.repeat(43)}`, '192.0.2.60')).status).toBe(401);
    await expectRest429(await call(`kwt_${'x'.repeat(43)}`, '192.0.2.60'));
    await expectRest429(await call('not-even-shaped-like-a-token', '192.0.2.60'));
    // The good token is let through from the locked IP (GET is 405 on this stateless server: past authentication).
    const good = await call(token, '192.0.2.60');
    expect(good.status).toBe(405);
    expect(good.headers.get('retry-after')).toBeNull();
    expect((await call(token, '192.0.2.61')).status).toBe(405);
    expect(await lockouts('mcp-bad-token')).toHaveLength(1);
  });

  test('/mcp without an Authorization header is not counted (MCP clients start that way)', async () => {
    const bare = () => req(app, '/mcp', { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.62', 'content-type': 'application/json' }, body: '{}' });
    for (let i = 0; i < AUTH_RULES.mcpBadToken.max + 5; i++) {
      const res = await bare();
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kwt-delivery-mcp"');
    }
    // The IP is not locked: a bad token is still a plain 401.
    const bad = await req(app, '/mcp', { method: 'GET', headers: { authorization: `Bearer kwt_${'y'.repeat(43)}`, 'x-forwarded-for': '192.0.2.62' } });
    expect(bad.status).toBe(401);
  });

  test('/mcp: 30 bad tokens at once from one IP: 20 are checked, 10 refused', async () => {
    const call = (i: number) => req(app, '/mcp', { method: 'GET', headers: { authorization: `Bearer kwt_${String(i).padStart(43, 'z')}`, 'x-forwarded-for': '192.0.2.63' } });
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => call(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_RULES.mcpBadToken.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - AUTH_RULES.mcpBadToken.max);
  });

  test('password change: 29 wrong and 1 right current password at once cannot get past the limit', async () => {
    const user = await makeUser(db, { email: 'parallel.change@example.com' });
    const cookie = await login(app, 'parallel.change@example.com', TEST_PASSWORD, '192.0.2.31');
    const [before] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const send = (currentPassword: string) => postJson(app, '/api/trpc/auth.changePassword', { currentPassword, newPassword: 'a long passphrase' }, { cookie });
    const guesses = [...Array.from({ length: 29 }, (_, i) => `guess number ${i}`), TEST_PASSWORD];
    const statuses = (await Promise.all(guesses.map(send))).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(AUTH_RULES.passwordChange.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - AUTH_RULES.passwordChange.max);
    expect(statuses.at(-1)).toBe(429);
    const [after] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.hash).toBe(before!.hash!);
  });

  test('password change: a right current password takes its count back', async () => {
    await makeUser(db, { email: 'careful.change@example.com' });
    let cookie = await login(app, 'careful.change@example.com', TEST_PASSWORD, '192.0.2.32');
    const send = (currentPassword: string, newPassword: string) => postJson(app, '/api/trpc/auth.changePassword', { currentPassword, newPassword }, { cookie });
    for (let i = 0; i < AUTH_RULES.passwordChange.max - 1; i++) expect((await send(`guess number ${i}`, 'a long passphrase')).status).toBe(400);
    const ok = await send(TEST_PASSWORD, 'a long passphrase');
    expect(ok.status).toBe(200);
    cookie = ok.headers.getSetCookie().find((c) => c.startsWith('kwt_session='))!.split(';')[0]!;
    // Four failures counted, not five: one more wrong guess is still checked.
    expect((await send('guess number 99', 'another long passphrase')).status).toBe(400);
    await expectTrpc429(await send('a long passphrase', 'another long passphrase'), AUTH_RULES.passwordChange.windowMs);
  });

  test('password login: 40 attempts at once for one email from 40 IPs: 10 are checked, 30 refused unchecked', async () => {
    await makeUser(db, { email: 'parallel.login@example.com' });
    const send = (i: number) => postJson(app, '/api/auth/login', { email: 'parallel.login@example.com', password: i === 39 ? TEST_PASSWORD : `wrong guess ${i}` }, { ip: `198.18.0.${i + 1}` });
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    // Refused attempts leave no row; the ten checked ones are failures.
    const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'parallel.login@example.com'));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => !r.success)).toBe(true);
  });

  test('password login: a right password marks its attempt successful (it does not count)', async () => {
    await makeUser(db, { email: 'good.login@example.com' });
    for (let i = 0; i < 12; i++) expect((await postJson(app, '/api/auth/login', { email: 'good.login@example.com', password: TEST_PASSWORD }, { ip: '198.18.1.1' })).status).toBe(200);
    const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'good.login@example.com'));
    expect(rows.map((r) => r.success)).toEqual(Array<boolean>(12).fill(true));
  });

  test('password login: after an IP lockout (stuffing: over 20 accounts), requests for other emails add no audit entries; the key is the IP', async () => {
    const ip = '192.0.2.90';
    for (let i = 0; i < 20; i++) expect((await postJson(app, '/api/auth/login', { email: `spray${i}@example.com`, password: 'wrong guess' }, { ip })).status).toBe(401);
    const before = (await lockouts('login')).length;
    for (let i = 0; i < 25; i++) expect((await postJson(app, '/api/auth/login', { email: `other${i}@example.com`, password: 'wrong guess' }, { ip })).status).toBe(429);
    const added = (await lockouts('login')).slice(before);
    expect(added).toHaveLength(1);
    expect((added[0]!.detail as { after: { key: string } }).after.key).toBe(ip);
  });

  test('the lockout audit memory is capped: beyond the cap the oldest key is dropped', () => {
    const seen = new Map<string, number>();
    expect(markOnce(seen, 'a', 0, 1000, 3)).toBe(true);
    expect(markOnce(seen, 'a', 10, 1000, 3)).toBe(false);
    for (const k of ['b', 'c', 'd']) expect(markOnce(seen, k, 20, 1000, 3)).toBe(true);
    expect([...seen.keys()]).toEqual(['b', 'c', 'd']);
    // 'a' was forgotten, so it is audited again; the window still holds for the others.
    expect(markOnce(seen, 'a', 30, 1000, 3)).toBe(true);
    expect(markOnce(seen, 'd', 40, 1000, 3)).toBe(false);
    expect(markOnce(seen, 'd', 1020, 1000, 3)).toBe(true);
    expect(seen.size).toBe(3);
  });

  test('/mcp good token: 300 calls a minute per user, then 429', async () => {
    const user = await makeUser(db);
    const { token } = await createApiToken(db, user.id, 'busy');
    const call = () => req(app, '/mcp', { method: 'GET', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.70' } });
    for (let i = 0; i < AUTH_RULES.mcpUse.max; i++) expect((await call()).status).toBe(405);
    await expectRest429(await call());
  });

  test('password login lockouts are audited once per lockout', async () => {
    await makeUser(db, { email: 'brute@example.com' });
    const send = () => postJson(app, '/api/auth/login', { email: 'brute@example.com', password: 'wrong guess' }, { ip: '192.0.2.80' });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(401);
    const locked = await send();
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
    expect((await send()).status).toBe(429);
    const audits = (await lockouts('login')).filter((r) => ['brute@example.com', '192.0.2.80'].includes((r.detail as { after: { key: string } }).after.key));
    expect(audits).toHaveLength(1);
    // Both the email and the IP reached ten failures: the email's limit is the one reported.
    expect((audits[0]!.detail as { after: { key: string } }).after.key).toBe('brute@example.com');
  });
});
