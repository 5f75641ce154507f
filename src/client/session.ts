import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../shared/schemas/auth';
import { afterSessionAnswer, isRiderPortal } from './persist/owner';

/**
 * Current-user data is fresh for 5 minutes. A failure of the check means signed out, except on the rider portals
 * (docs/spec-decisions.md): there only the server's word that the session is not valid signs the rider out, and a
 * network failure or a 5xx keeps the last known rider (useSession).
 */
export const SESSION_STALE_MS = 5 * 60 * 1000;

/** tRPC's key for auth.me (`trpc.auth.me.queryKey()`), so invalidations through the tRPC proxy reach this query. */
export const SESSION_QUERY_KEY = [['auth', 'me'], { type: 'query' }] as const;

/**
 * auth.me over tRPC's plain HTTP form (GET, no input, no transformer): the header and the guards ask it on every
 * page, and asking it without the tRPC client keeps that client out of the first download of the public pages.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const res = await fetch('/api/trpc/auth.me', { credentials: 'same-origin', signal });
  // The server's word that there is no valid session: a 401, or auth.me answering null.
  if (res.status === 401) return answered(null);
  const body = (await res.json().catch(() => null)) as { result?: { data?: SessionUser | null }; error?: { message?: string } } | null;
  if (!res.ok || !body?.result) throw new Error(body?.error?.message ?? `auth.me answered ${res.status}`);
  return answered(body.result.data ?? null);
}

/** A real answer: what was kept for another user, or for a session that is gone, is wiped before anyone sees it. */
async function answered(user: SessionUser | null): Promise<SessionUser | null> {
  rememberSignedIn(user !== null);
  await afterSessionAnswer(user)?.catch(() => undefined);
  return user;
}

/**
 * Whether this browser was signed in at its last session check: index.html's boot script (src/client/boot/boot.js)
 * pre-paints the signed-out home page only when it is not, so a signed-in visitor never sees it flash.
 */
export const SIGNED_IN_HINT_KEY = 'kwt.signedIn';
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    /* private mode: the hint is only an optimisation */
  }
}

/** On the rider portals a failed check keeps the last known rider (every screen there agrees: guard, header, dialogs). */
const onRiderPortal = () => typeof window !== 'undefined' && isRiderPortal(window.location.pathname);

export const sessionQuery = () => ({
  queryKey: SESSION_QUERY_KEY as unknown as readonly unknown[],
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSession(signal),
  staleTime: SESSION_STALE_MS,
  // Asked even when the browser says it is offline (a failure is an answer the guards act on), and again as soon
  // as the connection returns: a session ended meanwhile is found at once.
  networkMode: 'always' as const,
  refetchOnReconnect: 'always' as const,
  // On a rider portal a failed check is asked again while it keeps failing: the `online` event may come before the
  // connection carries anything (the first check after it fails too), and a rider's app stays open for hours.
  refetchInterval: (query: { state: { status: string } }) => (query.state.status === 'error' && onRiderPortal() ? SESSION_RECHECK_MS : false),
});

/** How often a rider portal asks again after a failed session check. */
export const SESSION_RECHECK_MS = 10_000;

/**
 * The signed-in user. On the rider portals a failed check (no network, a 5xx) keeps the last known rider — from
 * this page or from the rider's persisted cache — instead of counting as signed out.
 * `unreachable`: the last check failed (the server could not be asked).
 */
export function useSession() {
  const q = useQuery(sessionQuery());
  const kept = q.isError && q.data?.role === 'rider' && onRiderPortal();
  return { user: q.isError && !kept ? null : (q.data ?? null), isLoading: q.isPending && !q.isError, unreachable: q.isError };
}
