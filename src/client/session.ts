import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../shared/schemas/auth';

/** Current-user data is fresh for 5 minutes; any failure of the check means signed out. */
export const SESSION_STALE_MS = 5 * 60 * 1000;

/** tRPC's key for auth.me (`trpc.auth.me.queryKey()`), so invalidations through the tRPC proxy reach this query. */
export const SESSION_QUERY_KEY = [['auth', 'me'], { type: 'query' }] as const;

/**
 * auth.me over tRPC's plain HTTP form (GET, no input, no transformer): the header and the guards ask it on every
 * page, and asking it without the tRPC client keeps that client out of the first download of the public pages.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const res = await fetch('/api/trpc/auth.me', { credentials: 'same-origin', signal });
  const body = (await res.json().catch(() => null)) as { result?: { data?: SessionUser | null }; error?: { message?: string } } | null;
  if (!res.ok || !body?.result) throw new Error(body?.error?.message ?? `auth.me answered ${res.status}`);
  const user = body.result.data ?? null;
  rememberSignedIn(user !== null);
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

export const sessionQuery = () => ({
  queryKey: SESSION_QUERY_KEY as unknown as readonly unknown[],
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSession(signal),
  staleTime: SESSION_STALE_MS,
});

export function useSession() {
  const q = useQuery(sessionQuery());
  return { user: q.isError ? null : (q.data ?? null), isLoading: q.isPending && !q.isError };
}
