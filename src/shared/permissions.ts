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

/** Spec section 6, plus manage-orders and confirm-cash for admin and company (docs/spec-decisions.md). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
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
  ],
  company: [
    'access-company-portal',
    'manage-users',
    'manage-orders',
    'view-analytics',
    'generate-reports',
    'track-location',
    // Issue 9: the company confirms the cash its riders hand over (docs/spec-decisions.md); still no manage-cash.
    'confirm-cash',
  ],
  rider: ['access-rider-portal', 'ocr', 'track-location', 'manage-cash'],
};

/** An unknown role falls back to rider; a signed-out user (null) is allowed nothing. */
export function normalizeRole(role: string | null | undefined): Role | null {
  if (role == null) return null;
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'rider';
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  const r = normalizeRole(role);
  return r ? ROLE_PERMISSIONS[r].includes(permission) : false;
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
  return [...ROLES.filter((r) => r !== 'admin' && ROLE_PERMISSIONS[r].includes(permission)), 'admin'];
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
