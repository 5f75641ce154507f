/**
 * The answers the rider app's first screen needs (src/shared/rider-first-screen.ts), asked of the tRPC router in
 * this process with the page request's own context, so they are exactly what the app would get over HTTP with
 * the same cookie. The result is each answer with its query key: the browser puts them in its query cache
 * (src/client/first-screen.ts) before its first render. A query that fails is left out; the app then asks for it
 * as usual.
 */
import { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { RIDER_FIRST_SCREEN_QUERIES, type FirstScreenEntry } from '../../shared/rider-first-screen';
import type { AppContext } from '../trpc/context';
import { appRouter } from '../trpc/root';

type QueryOptionsOf = (input?: unknown) => Parameters<QueryClient['prefetchQuery']>[0];

export async function riderFirstScreenState(ctx: AppContext): Promise<FirstScreenEntry[]> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const trpc = createTRPCOptionsProxy({
    router: appRouter,
    ctx,
    queryClient,
  }) as unknown as Record<string, Record<string, { queryOptions: QueryOptionsOf }>>;
  await Promise.all(
    RIDER_FIRST_SCREEN_QUERIES.map((q) => {
      const [router, procedure] = q.path;
      return queryClient.prefetchQuery(trpc[router]![procedure]!.queryOptions('input' in q ? q.input : undefined));
    }),
  );
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => [q.queryKey, q.state.data]);
}

/** The state as the text of a <script type="application/json">: no `<` so that no `</script>` can end it early. */
export function stateScriptText(state: FirstScreenEntry[]): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The time zone the rider's phone is taken to be in: their region's (the working rules' answer), if it came. */
export function riderTimeZone(state: FirstScreenEntry[]): string | null {
  const rules = state.find(([key]) => JSON.stringify(key[0]) === '["rider","rulesNow"]')?.[1] as { timeZone?: unknown } | undefined;
  return typeof rules?.timeZone === 'string' ? rules.timeZone : null;
}
