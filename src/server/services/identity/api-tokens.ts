import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { apiTokens } from '../../../../db/schema';
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARS, API_TOKENS_PER_USER, type ApiTokenSummary } from '../../../shared/schemas/api-tokens';
import type { SessionUser } from '../../../shared/schemas/auth';
import { sessionIdFromToken } from '../../auth/tokens';
import { conflict, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { loadSessionUser } from './users';
import { msg } from '../../../shared/i18n/message';

const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** `kwt_` and 32 random bytes, base64url: 256 bits that only the user ever sees, once. */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** The SHA-256 (hex) kept in the table; the same digest as session ids. */
export const hashApiToken = sessionIdFromToken;

const summary = (row: typeof apiTokens.$inferSelect): ApiTokenSummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A new token for the user: the only time the token itself leaves the server. */
export async function createApiToken(db: Db, userId: string, name: string, now = new Date()) {
  const token = generateApiToken();
  // Count and insert in one transaction, so two requests at once cannot pass the cap together.
  const row = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    if ((live?.n ?? 0) >= API_TOKENS_PER_USER) throw conflict(msg('errors.tokenLimit', { count: API_TOKENS_PER_USER }), 'name');
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId, name: name.trim(), tokenHash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_SHOWN_CHARS), createdAt: now })
      .returning();
    return inserted!;
  });
  await audit(db, { actorId: userId, action: 'create', entity: 'api_token', entityId: row.id, after: { name: row.name, prefix: row.prefix } });
  return { token, apiToken: summary(row) };
}

/** The user's own tokens, newest first, revoked ones included (they say when). */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(summary);
}

/** Revoke one of the actor's tokens (an admin may revoke anyone's); someone else's is NOT_FOUND. Revoking twice is a no-op. */
export async function revokeApiToken(db: Db, actor: Pick<SessionUser, 'id' | 'role'>, tokenId: string, now = new Date()) {
  const where = actor.role === 'admin' ? eq(apiTokens.id, tokenId) : and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, actor.id));
  const row = await db.query.apiTokens.findFirst({ where });
  if (!row) throw notFound(msg('errors.apiTokenNotFound'));
  if (row.revokedAt) return { success: true as const, apiToken: summary(row) };
  const [updated] = await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, row.id)).returning();
  await audit(db, { actorId: actor.id, action: 'revoke', entity: 'api_token', entityId: row.id, before: { revokedAt: null }, after: { revokedAt: now.toISOString(), owner: row.userId } });
  return { success: true as const, apiToken: summary(updated!) };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Revokes every live API token of a user (a password change or reset, sign out everywhere): one 'revoke'
 * audit entry per token, its `reason` the action that caused it ('password-change', 'reset-link-used',
 * 'accept-invite', 'sign-out-everywhere'). Run inside the caller's transaction. Returns how many.
 */
export async function revokeUserApiTokens(tx: Db | Tx, actorId: string, userId: string, reason: string, now = new Date()): Promise<number> {
  const gone = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  for (const { id } of gone) {
    await audit(tx, { actorId, action: 'revoke', entity: 'api_token', entityId: id, before: { revokedAt: null }, after: { revokedAt: now.toISOString(), owner: userId, reason } });
  }
  return gone.length;
}

/**
 * The user a bearer token acts for, or null when it is malformed, unknown, revoked, or its user is
 * disabled. A good token has its last use stamped.
 */
export async function authenticateApiToken(db: Db, token: string | null | undefined, now = new Date()): Promise<SessionUser | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const row = await db.query.apiTokens.findFirst({ where: and(eq(apiTokens.tokenHash, hashApiToken(token)), isNull(apiTokens.revokedAt)) });
  if (!row) return null;
  const user = await loadSessionUser(db, row.userId);
  if (!user) return null;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  return user;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1]! : null;
}
