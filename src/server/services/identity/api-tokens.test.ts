import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { apiTokens, users } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeUser } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { API_TOKENS_PER_USER } from '../../../shared/schemas/api-tokens';
import { authenticateApiToken, bearerToken, createApiToken, hashApiToken, listApiTokens, revokeApiToken } from './api-tokens';

const { db, w } = await freshWorld();

describe('API tokens', () => {
  test('a new token is kwt_ and 256 random bits, shown once; only its SHA-256 is stored', async () => {
    const { token, apiToken } = await createApiToken(db, w.managerA.id, '  Claude Desktop  ');
    expect(token).toMatch(/^kwt_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toEqual({ id: expect.any(String), name: 'Claude Desktop', prefix: token.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null, revokedAt: null });
    const row = await db.query.apiTokens.findFirst({ where: eq(apiTokens.id, apiToken.id) });
    expect(row!.tokenHash).toBe(hashApiToken(token));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await listApiTokens(db, w.managerA.id))).not.toContain(row!.tokenHash);
    expect(JSON.stringify(await listApiTokens(db, w.managerA.id))).not.toContain(token);
    const other = await createApiToken(db, w.managerA.id, 'Second');
    expect(other.token).not.toBe(token);
  });

  test('a good token acts for its user and stamps its last use; anything else is null', async () => {
    const { token, apiToken } = await createApiToken(db, w.riderA.user.id, 'Phone');
    const at = new Date('2026-11-05T08:00:00Z');
    const user = await authenticateApiToken(db, token, at);
    expect(user).toMatchObject({ id: w.riderA.user.id, role: 'rider', roleData: { id: w.riderA.id } });
    expect((await listApiTokens(db, w.riderA.user.id)).find((t) => t.id === apiToken.id)!.lastUsedAt).toBe(at.toISOString());

    expect(await authenticateApiToken(db, undefined)).toBeNull();
    expect(await authenticateApiToken(db, '')).toBeNull();
    expect(await authenticateApiToken(db, 'kwt_short')).toBeNull();
    expect(await authenticateApiToken(db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await authenticateApiToken(db, hashApiToken(token))).toBeNull();
  });

  test('a revoked token, or the token of a disabled account, no longer works', async () => {
    const revoked = await createApiToken(db, w.managerB.id, 'Old laptop');
    await revokeApiToken(db, { id: w.managerB.id, role: 'company' }, revoked.apiToken.id);
    expect(await authenticateApiToken(db, revoked.token)).toBeNull();

    const disabled = await createApiToken(db, w.riderB.user.id, 'Rider B');
    expect(await authenticateApiToken(db, disabled.token)).not.toBeNull();
    await db.update(users).set({ disabled: true }).where(eq(users.id, w.riderB.user.id));
    expect(await authenticateApiToken(db, disabled.token)).toBeNull();
    await db.update(users).set({ disabled: false }).where(eq(users.id, w.riderB.user.id));
  });

  test('revoke: one\'s own (twice is a no-op), never someone else\'s; an admin may revoke any', async () => {
    const mine = await createApiToken(db, w.managerA.id, 'To revoke');
    await expect(revokeApiToken(db, { id: w.managerB.id, role: 'company' }, mine.apiToken.id)).rejects.toThrow('API token not found');
    await expect(revokeApiToken(db, { id: w.riderA.user.id, role: 'rider' }, mine.apiToken.id)).rejects.toThrow('API token not found');
    const at = new Date('2026-11-05T09:00:00Z');
    const first = await revokeApiToken(db, { id: w.managerA.id, role: 'company' }, mine.apiToken.id, at);
    expect(first.apiToken.revokedAt).toBe(at.toISOString());
    const again = await revokeApiToken(db, { id: w.managerA.id, role: 'company' }, mine.apiToken.id, new Date());
    expect(again.apiToken.revokedAt).toBe(at.toISOString());

    const riders = await createApiToken(db, w.riderA.user.id, 'Rider A tablet');
    await revokeApiToken(db, { id: w.admin.id, role: 'admin' }, riders.apiToken.id);
    expect(await authenticateApiToken(db, riders.token)).toBeNull();
    await expect(revokeApiToken(db, { id: w.admin.id, role: 'admin' }, 'no-such-token')).rejects.toThrow('API token not found');
  });

  test('the list is the user\'s own, newest first, revoked ones marked', async () => {
    const user = (await makeUser(db, { role: 'company' })).id;
    const day = (d: number) => new Date(Date.UTC(2026, 10, d));
    for (const [name, d] of [['First', 1], ['Third', 3], ['Second', 2]] as const) await createApiToken(db, user, name, day(d));
    const third = (await listApiTokens(db, user))[0]!;
    await revokeApiToken(db, { id: user, role: 'company' }, third.id);
    const listed = await listApiTokens(db, user);
    expect(listed.map((t) => [t.name, t.revokedAt !== null])).toEqual([['Third', true], ['Second', false], ['First', false]]);
    expect(Object.keys(listed[0]!).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt']);
    expect((await listApiTokens(db, w.managerB.id)).every((t) => t.name !== 'Second')).toBe(true);
  });

  test(`at most ${API_TOKENS_PER_USER} live tokens a user; revoking one frees a place`, async () => {
    const made = [];
    for (let i = 0; i < API_TOKENS_PER_USER; i++) made.push(await createApiToken(db, w.admin.id, `Token ${i}`));
    await expect(createApiToken(db, w.admin.id, 'One too many')).rejects.toThrow(`You already have ${API_TOKENS_PER_USER} active tokens; revoke one first`);
    await revokeApiToken(db, { id: w.admin.id, role: 'admin' }, made[0]!.apiToken.id);
    expect((await createApiToken(db, w.admin.id, 'Fits again')).token).toMatch(/^kwt_/);
  });

  test('the procedures: a name is required; the token comes back once', async () => {
    const caller = await callerFor(db, w.managerB.id);
    const err = await expectTRPCError(caller.auth.apiTokenCreate({ name: '   ' }), 'BAD_REQUEST');
    expect(firstIssue(err)).toBe('name: Name is required');
    const made = await caller.auth.apiTokenCreate({ name: 'Cursor' });
    expect(made.token).toMatch(/^kwt_/);
    expect(JSON.stringify(await caller.auth.apiTokens())).not.toContain(made.token);
  });

  test('bearer header parsing', () => {
    expect(bearerToken('Bearer kwt_abc')).toBe('kwt_abc');
    expect(bearerToken('bearer   kwt_abc  ')).toBe('kwt_abc');
    expect(bearerToken('Basic a2V5')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
