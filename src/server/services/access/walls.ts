import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders } from '../../../../db/schema';
import type { Actor } from '../../../shared/actor';
import { can, portalPermission, reachOf, requiredPrivilege, requiredRoles, rolesReaching, type Permission, type Reach, type Target } from '../../../shared/permissions';
import { privilegeWords } from '../../../shared/i18n';
import { msg, privilegeOf, type Message } from '../../../shared/i18n/message';
import { forbidden, notFound } from '../../errors';

/**
 * The tenant walls, in one place: which company's and which rider's rows an Actor may reach. A company
 * sees only its own data, a rider only its own, an admin everything. Services take the Actor and call
 * these; a door never computes a scope itself.
 */

/** The refusal of a permission the table does not give the actor's role, in the words of the tRPC guards. */
export const denied = (permission: Permission) => forbidden(msg('guard.denied', { action: msg(`permission.${permission}`), privilege: privilegeOf(requiredRoles(permission)) }));

/** `can` as a service's guard: refused (403) when the role does not hold the permission, or (404, ids leak nothing) when `target` is beyond its reach. */
export function assertCan(actor: Actor, permission: Permission, target?: Target, missing: Message = msg('error.NOT_FOUND')): void {
  if (!can(actor, permission)) throw denied(permission);
  if (target && !can(actor, permission, target)) throw notFound(missing);
}

/**
 * The actor's own company or rider record when the table grants `permission` with that reach ('own-company',
 * 'own-rider'): acting as one's own company or rider. Null otherwise (an admin holds the portals with reach
 * 'any' and has no record).
 */
export function ownRecord(actor: Actor, permission: Permission, reach: 'own-company' | 'own-rider'): string | null {
  if (reachOf(actor.role, permission) !== reach) return null;
  return reach === 'own-company' ? actor.companyId : actor.riderId;
}

/** Who may act as their own record, for the refusal: the roles the table gives that reach ('company', 'rider'), else those holding the permission at all. */
export function actingPrivilege(permission: Permission, reach: 'own-company' | 'own-rider'): string {
  const roles = rolesReaching(permission, reach);
  return roles.length ? privilegeWords(roles) : requiredPrivilege(permission);
}

/** The refusal of acting as one's own record, in the words of companyProcedure's and riderProcedure's. */
export function deniedActing(permission: Permission, reach: 'own-company' | 'own-rider') {
  const roles = rolesReaching(permission, reach);
  return forbidden(msg('guard.denied', { action: msg(`permission.${permission}`), privilege: privilegeOf(roles.length ? roles : requiredRoles(permission)) }));
}

/** The actor's own company when it acts as it (the table's 'access-company-portal' with reach 'own-company'); refused otherwise. */
export function actingCompany(actor: Actor): string {
  const companyId = ownRecord(actor, 'access-company-portal', 'own-company');
  if (!companyId) throw deniedActing('access-company-portal', 'own-company');
  return companyId;
}

/**
 * How far the actor reaches with `permission` in the table ('any', 'own-company', 'own-rider'). A question any
 * signed-in actor may ask (no permission) reaches as far as the actor's own portal permission: an admin's
 * 'any', a manager's own company, a rider itself. The walls below follow it, so the table decides them too.
 */
export function reachFor(actor: Pick<Actor, 'role'>, permission?: Permission): Reach | null {
  return reachOf(actor.role, permission ?? portalPermission(actor.role));
}

/**
 * The company a query may cover when the caller names one: with reach 'any' (an admin) its filter or every
 * company (null), otherwise the caller's own company (a rider's is the one it works for). Asking for another
 * company is refused, never answered with its rows.
 */
export function companyWall(actor: Actor, requested: string | undefined, permission?: Permission): string | null {
  if (reachFor(actor, permission) === 'any') return requested ?? null;
  if (!actor.companyId) throw forbidden(msg('errors.noCompanyLink'));
  if (requested && requested !== actor.companyId) throw forbidden(msg('errors.ownCompanyOnly'));
  return actor.companyId;
}

/**
 * The company a list covers when a filter naming another company is quietly ignored (the fleet map): with
 * reach 'any' the filter or every company (null), with 'own-company' the actor's own whatever it asks for.
 * Anyone else is refused with `refusal`.
 */
export function ownCompanyOr(actor: Actor, permission: Permission, requested: string | undefined, refusal: () => Error): string | null {
  const reach = reachFor(actor, permission);
  if (reach === 'any') return requested ?? null;
  if (reach !== 'own-company' || !actor.companyId) throw refusal();
  return actor.companyId;
}

/** The company whose rows a question covers: every company (null) with reach 'any', the actor's own with 'own-company'; refused otherwise. */
export const managedCompany = (actor: Actor, permission: Permission, refusal: () => Error): string | null => ownCompanyOr(actor, permission, undefined, refusal);

/** The rider a per-rider question may look at: a rider only itself, a company its own riders, an admin anyone (the reach of `permission`). */
export async function riderWall(db: Db, actor: Actor, riderId: string | undefined, permission?: Permission) {
  const id = riderId ?? actor.riderId;
  if (!id) throw notFound(msg('errors.riderNotFound'));
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, id) });
  if (!rider || !ownsRider(actor, rider, permission)) throw notFound(msg('errors.riderNotFound'));
  return rider;
}

/** Whether the actor reaches this rider's records: itself, its company's managers, admins (the reach of `permission`). */
export function ownsRider(actor: Actor, rider: { id: string; companyId: string }, permission?: Permission): boolean {
  return can(actor, permission ?? portalPermission(actor.role), { companyId: rider.companyId, riderId: rider.id });
}

type Scoped = Pick<Actor, 'role' | 'companyId' | 'riderId'>;

/** The riders an actor reaches, as a filter on `riders`: one rider, a company's fleet, or everyone (undefined); nothing without the permission. */
export function riderRows(actor: Scoped, permission?: Permission): SQL | undefined {
  const reach = reachFor(actor, permission);
  if (reach === 'any') return undefined;
  return reach === 'own-company' ? eq(riders.companyId, actor.companyId ?? '') : eq(riders.id, (reach && actor.riderId) || '');
}

/** The orders an actor reaches, as a filter on `orders`: a rider's own, a company's, or all (undefined); nothing without the permission. */
export function orderRows(actor: Scoped, permission?: Permission): SQL | undefined {
  const reach = reachFor(actor, permission);
  if (reach === 'any') return undefined;
  return reach === 'own-company' ? eq(orders.companyId, actor.companyId ?? '') : eq(orders.riderId, (reach && actor.riderId) || '');
}

/** Whose rider records a permission reaches: every rider's (null) with reach 'any', else the actor's own rider record ('' when it has none: nothing). */
export const riderReach = (actor: Actor, permission: Permission): string | null => (reachFor(actor, permission) === 'any' ? null : (actor.riderId ?? ''));
