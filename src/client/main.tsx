import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { routeTree } from '../routeTree.gen';
import { localeReady, startLocale } from './i18n';
import { LazyNotFound } from './shell/LazyNotFound';
import './styles.css';
import { queryClient } from './query';
import { sessionQuery } from './session';
import { seedFirstScreen, serverRendered } from './first-screen';
import { cacheOwner, isRiderPortal } from './persist/owner';

/** A slow session check stops holding the first render back after this long (the page shows its loader). */
const SESSION_WAIT_MS = 2000;
/** Reading the rider's kept cache from IndexedDB takes milliseconds; past this the app starts without it. */
const RESTORE_WAIT_MS = 1000;

// lang/dir before anything renders (the CSP forbids an inline script in index.html).
startLocale();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: LazyNotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Before the first render: the catalog of an Arabic page (not part of the English first download), the session
// (asked for by index.html's preload, so usually in already) and the route's code. The first render is then the
// page itself, the same markup as index.html's pre-rendered one (scripts/vite-shell.ts), instead of a loader that
// a second, synchronous render replaces. That render is a transition: React renders it in slices that yield to
// the browser instead of one long task that blocks input (Lighthouse's Total Blocking Time on a slow phone).
// A signed-in rider's `/app` carries its first screen's answers, the session among them (src/client/first-screen.ts).
// A rider portal opened in a browser that keeps a rider's answers (src/client/persist): the session is asked
// first, so a cache of another user (or of a session that has ended) is wiped before it could be restored; then
// the kept answers go into the cache, so an offline start (the check failed) renders the rider's app from them.
// Other pages never load that code.
// The persistence code is fetched while the session is asked (not after: on an offline cold start the check fails
// at once and the restore would wait for the chunk; bench/offline.ts); it is used only once the check has answered.
const wait = <T,>(p: Promise<T>, ms: number) => Promise.race([p, new Promise((r) => setTimeout(r, ms))]);
const askSession = () => wait(queryClient.prefetchQuery(sessionQuery()), SESSION_WAIT_MS);
const restoreRider = (code: Promise<typeof import('./persist/rider-cache')>) => () =>
  cacheOwner() === null ? undefined : wait(code.then((m) => m.restoreRiderCache(queryClient)), RESTORE_WAIT_MS).catch(() => undefined);
const startRiderPortal = () => {
  const code = import('./persist/rider-cache');
  code.catch(() => undefined);
  return askSession().then(restoreRider(code));
};
const session = seedFirstScreen(queryClient)
  ? Promise.resolve()
  : isRiderPortal(location.pathname) && cacheOwner() !== null
    ? startRiderPortal()
    : askSession();
void Promise.all([localeReady(), session])
  .then(() => router.load())
  .catch(() => undefined)
  .then(() => {
    const container = document.getElementById('app')!;
    const app = (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>
    );
    const served = serverRendered(container);
    if (served) {
      // The server's rendering of this very screen (src/server/ssr): React takes over its DOM (hydrates it), in
      // slices, instead of building and laying out the screen a second time. As TanStack's SSR client does
      // (router-core's hydrate), the router renders without its client-only Suspense boundary, as on the server.
      served.removeAttribute('inert');
      (router as unknown as { ssr?: object }).ssr = { manifest: undefined };
      startTransition(() => void hydrateRoot(container, app));
      return;
    }
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
