import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeTree } from '../routeTree.gen';
import { localeReady, startLocale } from './i18n';
import { NotFound } from './shell/NotFound';
import './styles.css';
import { queryClient } from './query';

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

// An Arabic page waits for its catalog (not part of the English first download) rather than flash English.
// The first render is a transition: React renders it in slices that yield to the browser, instead of one long
// task that blocks input (Lighthouse's Total Blocking Time on a slow phone).
void localeReady().then(() => {
  const root = createRoot(document.getElementById('app')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});
