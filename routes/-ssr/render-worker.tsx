/**
 * The worker thread of src/server/ssr/renderer.ts: renders the rider app's first screen to HTML with React, as the
 * browser would render it for a browser that has nothing stored (the client modules read localStorage and
 * window while they render; here those are empty stand-ins, kept out of the server's own thread). It lives with the
 * routes it renders: the server starts it by its path and talks to it in messages, and imports no UI code itself.
 * Times are shown in the phone's time zone as the page assumes it (the rider's region's), in the language the app
 * will start in; boot.js keeps the rendering only on a phone that matches. One render at a time, as the zone and
 * the language are set for the whole thread.
 * Message in: `{ id, state, timeZone, locale }` (the answers of src/server/ssr/first-screen-state.ts);
 * out: `{ id, html, unanswered }` (the keys of queries the screen asked for without an answer) or `{ id, error }`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { setLocale } from '../../src/client/i18n';
import { forgetLocalStores } from '../-components/app/local';
import type { Locale } from '../../src/shared/i18n';
import { setRenderTimeZone } from '../../src/shared/intl';
import type { FirstScreenEntry } from '../../src/shared/rider-first-screen';

declare const self: Worker;

const memory = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, key: () => null, length: 0, clear: () => undefined };
const noMedia = () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined });
Object.assign(globalThis, { localStorage: memory, sessionStorage: memory, window: globalThis, matchMedia: noMedia });
const { Route: rootRoute } = await import('../__root');
const { Route: appRoute } = await import('../app');
const routeTree = rootRoute.addChildren([appRoute.update({ id: '/app', path: '/app', getParentRoute: () => rootRoute } as never)]);

async function render(state: FirstScreenEntry[], timeZone: string, locale: Locale): Promise<{ html: string; unanswered: string[] }> {
  setRenderTimeZone(timeZone);
  await setLocale(locale);
  const queryClient = new QueryClient();
  for (const [key, data] of state) queryClient.setQueryData(key, data);
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: ['/app'] }), isServer: true });
  await router.load();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  forgetLocalStores();
  // A query the screen asked for that the page does not answer (src/shared/rider-first-screen.ts is behind it).
  const unanswered = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.data === undefined)
    .map((q) => q.queryHash);
  return { html, unanswered };
}

let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<{ id: number; state: FirstScreenEntry[]; timeZone: string; locale: Locale }>) => {
  const { id, state, timeZone, locale } = event.data;
  queue = queue.then(() =>
    render(state, timeZone, locale).then(
      ({ html, unanswered }) => postMessage({ id, html, unanswered }),
      (err: unknown) => postMessage({ id, error: String(err) }),
    ),
  );
};
postMessage({ ready: true });
