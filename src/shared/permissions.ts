/**
 * The one permissions table (spec section 6), used by the server to guard every
 * procedure and by the client to show, hide or disable.
 */
import { privilegeWords } from './i18n';

export const ROLES = ['admin', 'company', 'rider'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'access-admin-portal',
  'access-company-portal',
  'access-rider-portal',
  'manage-users',
  'manage-companies',
  'manage-orders',
  'view-analytics',
  'generate-reports',
  'sync-data',
  'ocr',
  'track-location',
  'manage-cash',
  'confirm-cash',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * How far a role's permission reaches (epic-stack's own/any): every record, the records of the actor's own
 * company, or those of the actor's own rider record. `can(actor, permission, target)` checks a target against it.
 */
export const REACHES = ['any', 'own-company', 'own-rider'] as const;
export type Reach = (typeof REACHES)[number];

/**
 * Spec section 6, plus manage-orders and confirm-cash for admin and company (docs/spec-decisions.md), each
 * with its reach. The server decides from this table (src/server/trpc/init.ts, services/access, the REST
 * shims and the MCP tools); the client reads it to show, hide or disable. Editing it changes both
 * (docs/decisions/015-actor-and-permissions-table.md).
 */
export const ROLE_PERMISSIONS: Record<Role, Partial<Record<Permission, Reach>>> = {
  admin: {
    'access-admin-portal': 'any',
    'access-company-portal': 'any',
    'access-rider-portal': 'any',
    'manage-users': 'any',
    'manage-companies': 'any',
    'manage-orders': 'any',
    'view-analytics': 'any',
    'generate-reports': 'any',
    'sync-data': 'any',
    ocr: 'any',
    'track-location': 'any',
    'manage-cash': 'any',
    'confirm-cash': 'any',
  },
  company: {
    'access-company-portal': 'own-company',
    'manage-users': 'own-company',
    'manage-orders': 'own-company',
    'view-analytics': 'own-company',
    'generate-reports': 'own-company',
    'track-location': 'own-company',
    // Issue 9: the company confirms the cash its riders hand over (docs/spec-decisions.md); still no manage-cash.
    'confirm-cash': 'own-company',
  },
  rider: {
    'access-rider-portal': 'own-rider',
    ocr: 'own-rider',
    'track-location': 'own-rider',
    'manage-cash': 'own-rider',
  },
};

/** An unknown role falls back to rider; a signed-out user (null) is allowed nothing. */
export function normalizeRole(role: string | null | undefined): Role | null {
  if (role == null) return null;
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'rider';
}

/** The permission of a role's own portal: what a question any signed-in user may ask reaches as far as. */
export const portalPermission = (role: Role): Permission => `access-${role}-portal`;

/** How far `role` holds `permission`, or null when it does not hold it. */
export function reachOf(role: string | null | undefined, permission: Permission): Reach | null {
  const r = normalizeRole(role);
  return (r && ROLE_PERMISSIONS[r][permission]) || null;
}

/** The roles holding `permission` with exactly `reach`. */
export const rolesReaching = (permission: Permission, reach: Reach): Role[] => ROLES.filter((r) => ROLE_PERMISSIONS[r][permission] === reach);

/** Who asks, as far as the table needs: a role (a bare role for the client's show/hide), and the actor's own company and rider record. */
export type Asker = { role: string | null | undefined; companyId?: string | null; riderId?: string | null };

/** The record an action touches: its company and, for a rider's own records, its rider. */
export interface Target {
  companyId?: string | null;
  riderId?: string | null;
}

/**
 * Whether `who` may do `permission`: at all (no target), or to `target` within the permission's reach
 * ('any': every record; 'own-company': the target's company is the actor's; 'own-rider': the target's rider is the actor's).
 */
export function can(who: Asker | string | null | undefined, permission: Permission, target?: Target): boolean {
  const asker = typeof who === 'string' || who == null ? { role: who } : who;
  const reach = reachOf(asker.role, permission);
  if (!reach) return false;
  if (!target || reach === 'any') return true;
  if (reach === 'own-company') return !!asker.companyId && target.companyId === asker.companyId;
  return !!asker.riderId && target.riderId === asker.riderId;
}

/** Restricted roles may only use their own portal ('Portal Restricted' badge). */
export function isPortalRestricted(role: Role): boolean {
  return role !== 'admin';
}

export const ROLE_HOME: Record<Role, '/admin' | '/company' | '/rider'> = {
  admin: '/admin',
  company: '/company',
  rider: '/rider',
};

/** The portals a role may be sent to after login with ?redirect=. */
export const ROLE_PORTALS: Record<Role, readonly string[]> = {
  admin: ['/admin'],
  company: ['/company'],
  rider: ['/rider', '/app'],
};

/** Spec section 4: the redirect is honoured only when it is the user's own portal. */
export function postLoginPath(role: string | null | undefined, redirect?: string | null): string {
  const r = normalizeRole(role);
  if (!r) return '/';
  if (redirect && ROLE_PORTALS[r].includes(redirect)) return redirect;
  return ROLE_HOME[r];
}

/**
 * Which privilege an action needs, for the denied message format
 * ('company or admin', 'rider or admin' or 'admin'), in the current language.
 */
export function requiredPrivilege(permission: Permission): string {
  return privilegeWords(requiredRoles(permission));
}

/** The roles that hold `permission`, admin last: the privilege a refusal names (privilegeOf in i18n/message.ts). */
export function requiredRoles(permission: Permission): Role[] {
  return [...ROLES.filter((r) => r !== 'admin' && ROLE_PERMISSIONS[r][permission] !== undefined), 'admin'];
}

export const ADMIN_EMAIL = 'admin@kwtdelivery.com';

/**
 * Spec section 5: the role hint sent at login, inferred from the email. The
 * server never trusts it; the stored role decides.
 */
export function inferRoleFromEmail(email: string): Role {
  const e = email.trim().toLowerCase();
  if (e === ADMIN_EMAIL) return 'admin';
  const domain = e.split('@')[1] ?? '';
  if (e.includes('company') || domain.includes('delivery')) return 'company';
  return 'rider';
}
