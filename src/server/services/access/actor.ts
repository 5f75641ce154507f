import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import type { Actor } from '../../../shared/actor';
import type { SessionUser } from '../../../shared/schemas/auth';

/**
 * The Actor of a signed-in user. A rider's company is not part of the session user: pass it when known
 * (the session lookup reads it in the same statement), or use actorFor to read it.
 */
export function actorOf(user: SessionUser, riderCompanyId: string | null = null): Actor {
  return {
    userId: user.id,
    role: user.role,
    companyId: user.role === 'company' ? user.roleData.id : user.role === 'rider' ? riderCompanyId : null,
    riderId: user.role === 'rider' ? user.roleData.id : null,
    locale: user.locale,
    displayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    companyName: user.companyName,
  };
}

/** The Actor of a user loaded outside a request's session (an API token, stdio MCP, tests): a rider's company read here. */
export async function actorFor(db: Db, user: SessionUser): Promise<Actor> {
  if (user.role !== 'rider' || !user.roleData.id) return actorOf(user);
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, user.roleData.id), columns: { companyId: true } });
  return actorOf(user, rider?.companyId ?? null);
}

/**
 * The Actor of work done on a person's behalf without a request (the demo simulator, tests): a manager of
 * `companyId`, or an admin when it is null.
 */
export function staffActor(userId: string, companyId: string | null): Actor {
  return { userId, role: companyId ? 'company' : 'admin', companyId, riderId: null, locale: 'en', displayName: '', companyName: null };
}

/** The Actor of a rider acting outside a request's session (answering a dispatch offer through a service that has only their ids). */
export function riderActor(userId: string, riderId: string, companyId: string): Actor {
  return { userId, role: 'rider', companyId, riderId, locale: 'en', displayName: '', companyName: null };
}
