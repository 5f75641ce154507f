import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { readRow } from '../../../../db/prepared';
import { sessions } from '../../../../db/schema';
import type { SessionUser } from '../../../shared/schemas/auth';
import { normalizeRole } from '../../../shared/permissions';
import type { Actor } from '../../../shared/actor';
import { actorOf } from '../access';
import { sessionIdFromToken } from '../../auth/tokens';
import { SESSION_RENEW_BEFORE_MS, SESSION_TTL_MS, type ValidSession } from './sessions';

/** Session, user and role data in one statement, prepared once (db/prepared.ts): the per-request hot path. */
const LOOKUP = `SELECT s.user_id, s.expires_at, u.email, u.first_name, u.last_name, u.role, u.locale, u.disabled,
  r.id, rc.name, mc.id, mc.name, r.company_id
FROM sessions s
JOIN users u ON u.id = s.user_id
LEFT JOIN riders r ON r.user_id = u.id
LEFT JOIN companies rc ON rc.id = r.company_id
LEFT JOIN company_members cm ON cm.user_id = u.id
LEFT JOIN companies mc ON mc.id = cm.company_id
WHERE s.id = ?
LIMIT 1`;

type Row = [string, number, string, string, string, string, string, number, string | null, string | null, string | null, string | null, string | null];

/**
 * What the session middleware needs for every request: validateSessionToken and loadSessionUser in one
 * read instead of three (the same answers: expired sessions are deleted, sessions in their second half
 * renewed, a disabled user has none). A rider's company is the rider record's; a manager's is their
 * membership's. The request's Actor comes with it (services/access), the rider's company id read in the same statement.
 */
export async function sessionFromToken(db: Db, token: string, now = new Date()): Promise<{ session: ValidSession; user: SessionUser; actor: Actor } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const found = (await readRow(db.$client, LOOKUP, [sessionId])) as Row | undefined;
  if (!found) return null;
  const [userId, expiresAtMs, email, firstName, lastName, storedRole, locale, disabled, riderId, riderCompanyName, memberCompanyId, memberCompanyName, riderCompanyId] = found;
  if (expiresAtMs <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = new Date(expiresAtMs);
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_BEFORE_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    renewed = true;
  }
  if (disabled) return null;
  const role = normalizeRole(storedRole) ?? 'rider';
  const roleId = role === 'company' ? memberCompanyId : role === 'rider' ? riderId : null;
  const companyName = role === 'company' ? memberCompanyName : role === 'rider' ? riderCompanyName : null;
  const user: SessionUser = { id: userId, email, firstName, lastName, role, companyName: companyName ?? null, roleData: { id: roleId ?? null }, locale: locale === 'ar' ? 'ar' : 'en' };
  return { session: { sessionId, userId, expiresAt, renewed }, user, actor: actorOf(user, role === 'rider' ? riderCompanyId : null) };
}
