import type { Query, QueryClient } from '@tanstack/react-query';

/** The rider's own data: auth.me (who), rider.* (duty, orders, cash, rules, notices, hand-overs) and tracking.*. */
export function isRiderQuery(query: Pick<Query, 'queryKey'>): boolean {
  const path = query.queryKey[0];
  if (!Array.isArray(path)) return false;
  return path[0] === 'rider' || path[0] === 'tracking' || (path[0] === 'auth' && path[1] === 'me');
}

/** When the server last answered one of the rider's queries (kept answers keep their time), or null. */
export function lastSyncedAt(queryClient: QueryClient): number | null {
  let last = 0;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (isRiderQuery(q) && q.state.data !== undefined && q.state.dataUpdatedAt > last) last = q.state.dataUpdatedAt;
  }
  return last || null;
}
