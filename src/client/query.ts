import { QueryClient } from '@tanstack/react-query';

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
