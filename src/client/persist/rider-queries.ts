import type { Query, QueryClient } from '@tanstack/react-query';

/** The rider's own data: auth.me (who), rider.* (duty, orders, cash, rules, notices, hand-overs) and tracking.*. */
export function isRiderQuery(query: Pick<Query, 'queryKey'>): boolean {
  const path = query.queryKey[0];
  if (!Array.isArray(path)) return false;
  return path[0] === 'rider' || path[0] === 'tracking' || (path[0] === 'auth' && path[1] === 'me');
}

/** Answers true only at the moment they are given (issue 25's offers): never kept on the device, never shown offline. */
const LIVE_ONLY = new Set(['offers', 'offerState']);
export function isLiveOnlyQuery(query: Pick<Query, 'queryKey'>): boolean {
  const path = query.queryKey[0];
  return Array.isArray(path) && path[0] === 'rider' && LIVE_ONLY.has(path[1] as string);
}

/** When the server last answered one of the rider's queries (kept answers keep their time), or null. */
export function lastSyncedAt(queryClient: QueryClient): number | null {
  let last = 0;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (isRiderQuery(q) && !isLiveOnlyQuery(q) && q.state.data !== undefined && q.state.dataUpdatedAt > last) last = q.state.dataUpdatedAt;
  }
  return last || null;
}
