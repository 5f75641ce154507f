import { useQuery } from '@tanstack/react-query';
import { trpc } from './trpc';

/** Current-user data is fresh for 5 minutes; any failure of the check means signed out. */
export const SESSION_STALE_MS = 5 * 60 * 1000;

export const sessionQuery = () => ({ ...trpc.auth.me.queryOptions(), staleTime: SESSION_STALE_MS });

export function useSession() {
  const q = useQuery(sessionQuery());
  return { user: q.isError ? null : (q.data ?? null), isLoading: q.isPending && !q.isError };
}
