import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../../db/schema';
import { makeUser } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { sessionFromToken } from './session-lookup';
import { createSession, invalidateSession, SESSION_RENEW_BEFORE_MS, SESSION_TTL_MS, validateSessionToken } from './sessions';
import { loadSessionUser } from './users';
import { actorFor } from '../access';

const { db, w } = await freshWorld();

/** The two-step lookup the middleware used before: the one-statement lookup must answer the same. */
async function twoStep(token: string, now: Date) {
  const session = await validateSessionToken(db, token, now);
  const user = session ? await loadSessionUser(db, session.userId) : null;
  return session && user ? { session, user, actor: await actorFor(db, user) } : null;
}

describe('sessionFromToken (one statement per request)', () => {
  test('admin, managers and riders: the same user and role data as validateSessionToken + loadSessionUser', async () => {
    const now = new Date();
    for (const id of [w.admin.id, w.managerA.id, w.managerB.id, w.riderA.user.id, w.riderB.user.id]) {
      const { token } = await createSession(db, id, now);
      expect(await sessionFromToken(db, token, now)).toEqual((await twoStep(token, now))!);
      expect((await sessionFromToken(db, token, now))!.user.id).toBe(id);
    }
    const { token } = await createSession(db, w.managerA.id, now);
    expect((await sessionFromToken(db, token, now))!.user).toMatchObject({ role: 'company', roleData: { id: w.companyA.id }, companyName: 'Alpha Couriers' });
    const rider = await createSession(db, w.riderB.user.id, now);
    expect((await sessionFromToken(db, rider.token, now))!.user).toMatchObject({ role: 'rider', roleData: { id: w.riderB.id }, companyName: 'Beta Express' });
  });

  test('unknown or malformed tokens have no session', async () => {
    expect(await sessionFromToken(db, 'not-a-token')).toBeNull();
    expect(await sessionFromToken(db, 'a'.repeat(32))).toBeNull();
  });

  test('an expired session is deleted; one in its second half is renewed for 30 days', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const expired = await createSession(db, w.admin.id, start);
    expect(await sessionFromToken(db, expired.token, new Date(start.getTime() + SESSION_TTL_MS + 1))).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, expired.sessionId))).toHaveLength(0);

    const old = await createSession(db, w.admin.id, start);
    const later = new Date(start.getTime() + SESSION_TTL_MS - SESSION_RENEW_BEFORE_MS + 1000);
    const found = await sessionFromToken(db, old.token, later);
    expect(found!.session.renewed).toBe(true);
    expect(found!.session.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, old.sessionId));
    expect(row!.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
  });

  test('a disabled account has no session', async () => {
    const user = await makeUser(db, { role: 'admin' });
    const { token } = await createSession(db, user.id);
    expect(await sessionFromToken(db, token)).not.toBeNull();
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await sessionFromToken(db, token)).toBeNull();
  });

  test('a signed-out session is gone at the very next request (the kept statement sees every commit)', async () => {
    const { token, sessionId } = await createSession(db, w.riderA.user.id);
    expect(await sessionFromToken(db, token)).not.toBeNull();
    await invalidateSession(db, sessionId);
    expect(await sessionFromToken(db, token)).toBeNull();
  });
});
