import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../../src/client/trpc';

/** After the screen's own questions: the portal's first paint and its own fetches come first. */
const WARM_AFTER_MS = 3000;
/** An answer younger than this is not asked again. */
const WARM_FRESH_MS = 60_000;

/**
 * Both rider portals' answers (`/app` and `/rider`), asked once the rider opens either: they go into the rider's
 * persisted cache (src/client/persist), so whichever portal is reopened offline has its data.
 */
export function warmRiderQueries(queryClient: QueryClient): void {
  const all = [
    trpc.rider.duty.queryOptions(),
    trpc.rider.orders.queryOptions(),
    trpc.rider.dashboard.queryOptions(),
    trpc.rider.rulesNow.queryOptions(),
    trpc.rider.cashLimit.queryOptions(),
    trpc.rider.notices.queryOptions({ unreadOnly: true }),
    trpc.rider.handovers.queryOptions(),
    trpc.tracking.today.queryOptions(),
  ];
  for (const options of all) void queryClient.prefetchQuery({ ...options, staleTime: WARM_FRESH_MS } as Parameters<QueryClient['prefetchQuery']>[0]);
}

export function useWarmRiderQueries(queryClient: QueryClient): void {
  useEffect(() => {
    const timer = setTimeout(() => warmRiderQueries(queryClient), WARM_AFTER_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);
}
