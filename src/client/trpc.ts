import { createTRPCClient, TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { httpBatchLink } from '@trpc/client/links/httpBatchLink';
import { splitLink } from '@trpc/client/links/splitLink';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';
import { queryClient } from './query';
import { TRPC_MAX_BATCH } from '../shared/trpc-batch';

export { queryClient };

/**
 * Live views (admin figures, fleet map) stream over SSE; their link is fetched when the first subscription
 * starts, so pages without one (the rider app) do not download it. The service worker precaches it for offline.
 */
const lazySubscriptionLink: TRPCLink<AppRouter> = (runtime) => {
  let link: Promise<OperationLink<AppRouter>> | undefined;
  return (ctx) =>
    observable((observer) => {
      let sub: Unsubscribable | undefined;
      let ended = false;
      link ??= import('./trpc-sse').then((m) => m.sseSubscriptionLink<AppRouter>('/api/trpc')(runtime));
      link.then(
        (operationLink) => {
          if (!ended) sub = operationLink(ctx).subscribe(observer);
        },
        (err: unknown) => {
          link = undefined;
          if (!ended) observer.error(TRPCClientError.from(err as Error));
        },
      );
      return () => {
        ended = true;
        sub?.unsubscribe();
      };
    });
};

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: lazySubscriptionLink,
      false: httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
