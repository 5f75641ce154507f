import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';
import { queryClient } from './query';
import { TRPC_MAX_BATCH } from '../shared/trpc-batch';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // Live views stream over SSE; everything else is batched HTTP.
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/api/trpc' }),
      false: httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
