import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { routeTree } from '../routeTree.gen';
import { localeReady, startLocale } from './i18n';
import { NotFound } from './shell/NotFound';
import './styles.css';
import { queryClient } from './query';
import { sessionQuery } from './session';
import { seedFirstScreen, serverRendered } from './first-screen';

/** A slow session check stops holding the first render back after this long (the page shows its loader). */
const SESSION_WAIT_MS = 2000;

// lang/dir before anything renders (the CSP forbids an inline script in index.html).
startLocale();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
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
const session = seedFirstScreen(queryClient)
  ? Promise.resolve()
  : Promise.race([queryClient.prefetchQuery(sessionQuery()), new Promise((r) => setTimeout(r, SESSION_WAIT_MS))]);
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
