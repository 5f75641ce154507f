import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * The one query client. Kept apart from the tRPC client (src/client/trpc.ts) so that the shell and the public
 * pages start without tRPC's code: screens that call the API bring it in their own chunks.
 * Spec section 7: no retries, no interval refetch, no refetch on window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false },
    mutations: { retry: false },
  },
});

// TanStack Query assumes it starts online and learns otherwise only from an `offline` event: a page opened without a
// network (a rider's app reopened in a basement) would then try every query and show errors, and would never see
// the connection "return". It starts from what the browser says (queries wait, paused, with their cached data).
if (typeof navigator !== 'undefined' && typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);
