import type { MessageKey } from './i18n';
import { normalizeRole, type Role } from './permissions';

/**
 * Spec section 6 guard behaviour per portal route, as data: who passes, and
 * for everyone else the toast, the delay and where they go.
 */
export type GuardedRoute = '/admin' | '/company' | '/rider' | '/app' | '/support';

export interface GuardToast {
  title: MessageKey;
  description?: MessageKey;
  /** Placeholder values that are themselves catalog keys, rendered in the user's language. */
  params?: Record<string, MessageKey>;
  /** Placeholder values taken as they are. */
  literals?: Record<string, string>;
  variant: 'destructive' | 'default';
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; delayMs: number; fullNavigation: boolean; toast?: GuardToast };

const REDIRECT_DELAY_MS = 500;

const unauthorizedToast: GuardToast = { title: 'guard.unauthorized.title', description: 'guard.unauthorized.text', variant: 'destructive' };
const denied = (action: MessageKey, privilege: string): GuardToast => ({
  title: 'guard.accessDenied.title',
  description: 'guard.denied',
  params: { action },
  literals: { privilege },
  variant: 'destructive',
});

export function guardRoute(route: GuardedRoute, user: { role: string } | null): GuardDecision {
  const role: Role | null = user ? normalizeRole(user.role) : null;
  switch (route) {
    case '/admin':
      if (role === 'admin') return { kind: 'allow' };
      return {
        kind: 'redirect',
        to: '/login?redirect=/admin',
        delayMs: REDIRECT_DELAY_MS,
        fullNavigation: false,
        toast: role ? denied('permission.access-admin-portal', 'admin') : unauthorizedToast,
      };
    case '/company':
      if (role === 'company') return { kind: 'allow' };
      return {
        kind: 'redirect',
        to: '/company-login',
        delayMs: REDIRECT_DELAY_MS,
        fullNavigation: false,
        toast: role ? denied('permission.access-company-portal', 'company') : unauthorizedToast,
      };
    case '/rider':
      if (role === 'rider' || role === 'admin') return { kind: 'allow' };
      if (!role)
        return { kind: 'redirect', to: '/api/login?redirect=/rider', delayMs: REDIRECT_DELAY_MS, fullNavigation: true, toast: { title: 'guard.riderUnauthorized', variant: 'destructive' } };
      return { kind: 'redirect', to: '/api/logout', delayMs: REDIRECT_DELAY_MS, fullNavigation: true, toast: { title: 'guard.riderOnly', variant: 'destructive' } };
    case '/app':
      if (role === 'rider') return { kind: 'allow' };
      if (!role) return { kind: 'redirect', to: '/login?redirect=/app', delayMs: 0, fullNavigation: false };
      return { kind: 'redirect', to: '/', delayMs: REDIRECT_DELAY_MS, fullNavigation: false, toast: { title: 'guard.appRidersOnly', variant: 'destructive' } };
    case '/support':
      if (role) return { kind: 'allow' };
      return { kind: 'redirect', to: '/login', delayMs: 0, fullNavigation: false };
  }
}
