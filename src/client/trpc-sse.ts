import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { TRPCConnectionState } from '@trpc/client/unstable-internals';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { retryableRpcCodes } from '@trpc/server/unstable-core-do-not-import';


/** GET <url>/<path>?input=<JSON>, as @trpc/client builds a subscription's URL (no transformer). */
function subscriptionUrl(url: string, path: string, input: unknown): string {
  const base = `${url.replace(/\/$/, '')}/${path}`;
  return input === undefined ? base : `${base}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** A tracked stream resumes after its last event id (as httpSubscriptionLink does). */
function withLastEventId(input: unknown, lastEventId: string | undefined): unknown {
  if (!lastEventId || (input != null && typeof input !== 'object')) return input;
  return { ...(input ?? {}), lastEventId };
}

/**
 * The live views' subscriptions over tRPC's server-sent events, on the browser's EventSource: the wire protocol
 * and the results httpSubscriptionLink produces (connection states, started/stopped, data, errors, the server's
 * inactivity reconnect), without its stream machinery. trpc.ts loads this module when a subscription starts, so
 * the pages without live views (the rider app) never download it.
 */
export function sseSubscriptionLink<TRouter extends AnyRouter>(url: string): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let source: EventSource | null = null;
        let lastEventId: string | undefined;
        let inactivityMs = 0;
        let timer: ReturnType<typeof setTimeout> | undefined;

        const setState = (connection: TRPCConnectionState<TRPCClientError<TRouter>>) => observer.next({ result: connection });
        const close = () => {
          clearTimeout(timer);
          source?.close();
          source = null;
        };
        const fail = (cause: unknown) => {
          close();
          observer.error(TRPCClientError.from(cause as Error));
        };
        const stop = () => {
          close();
          observer.next({ result: { type: 'stopped' } });
          setState({ type: 'state', state: 'idle', error: null });
          observer.complete();
        };
        // Any event shows the stream alive; silence longer than the server's limit opens a new one.
        const alive = () => {
          clearTimeout(timer);
          if (!inactivityMs) return;
          timer = setTimeout(() => {
            setState({ type: 'state', state: 'connecting', error: new TRPCClientError(`Timeout of ${inactivityMs}ms reached while waiting for a response`) });
            open();
          }, inactivityMs);
        };
        const open = () => {
          close();
          const es = new EventSource(subscriptionUrl(url, op.path, withLastEventId(op.input, lastEventId)));
          source = es;
          const context = { eventSource: es };
          es.addEventListener('connected', (e) => {
            inactivityMs = (JSON.parse((e as MessageEvent<string>).data) as { reconnectAfterInactivityMs?: number }).reconnectAfterInactivityMs ?? 0;
            alive();
            observer.next({ result: { type: 'started' }, context });
            setState({ type: 'state', state: 'pending', error: null });
          });
          es.addEventListener('ping', alive);
          es.addEventListener('message', (e) => {
            alive();
            const data: unknown = JSON.parse(e.data as string);
            if (e.lastEventId) {
              lastEventId = e.lastEventId;
              observer.next({ result: { id: e.lastEventId, data: { id: e.lastEventId, data } }, context });
            } else observer.next({ result: { data }, context });
          });
          es.addEventListener('serialized-error', (e) => {
            alive();
            const shape = JSON.parse((e as MessageEvent<string>).data) as { code: number };
            const error = TRPCClientError.from<TRouter>({ error: shape });
            // Server-side hiccups: EventSource reconnects by itself; anything else ends the subscription.
            if ((retryableRpcCodes as readonly number[]).includes(shape.code)) setState({ type: 'state', state: 'connecting', error });
            else fail(error);
          });
          es.addEventListener('return', stop);
          es.addEventListener('error', (event) => {
            if (es.readyState === EventSource.CLOSED) return fail(event);
            alive();
            setState({ type: 'state', state: 'connecting', error: TRPCClientError.from(event as unknown as Error) });
          });
          alive();
        };

        setState({ type: 'state', state: 'connecting', error: null });
        if (op.signal?.aborted) stop();
        else {
          op.signal?.addEventListener('abort', stop);
          open();
        }
        return () => {
          op.signal?.removeEventListener('abort', stop);
          close();
        };
      });
}
