import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { sessions, users } from '../../../../db/schema';
import { generateSessionToken, sessionIdFromToken } from '../../auth/tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used in its second half is extended to a fresh 30 days. */
export const SESSION_RENEW_BEFORE_MS = SESSION_TTL_MS / 2;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

/** Every sign-in (password, Google, invitation, reset link) ends here: it also records when the user last signed in. */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<IssuedSession> {
  const token = generateSessionToken();
  const sessionId = sessionIdFromToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt, createdAt: now });
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return { token, sessionId, expiresAt };
}

export interface ValidSession {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  renewed: boolean;
}

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const row = await db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  if (row.expiresAt.getTime() - now.getTime() < SESSION_RENEW_BEFORE_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    return { sessionId, userId: row.userId, expiresAt, renewed: true };
  }
  return { sessionId, userId: row.userId, expiresAt: row.expiresAt, renewed: false };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
