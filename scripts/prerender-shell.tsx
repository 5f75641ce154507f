/**
 * The first paint of `/` and `/login` as static HTML (issue 10, item 5; docs/decisions/004-front-end-budgets.md):
 * the real root layout and route components rendered to a string for a signed-out English visitor in the light
 * theme, in a router of their own (the two routes as routeTree.gen.ts builds them). scripts/vite-shell.ts puts the
 * result in index.html, where boot.js shows the one the address names until React renders the same thing over it.
 *
 * Run by Bun (it imports the .tsx route files as they are): `bun scripts/prerender-shell.tsx` prints JSON
 * `{ "/": html, "/login": html }`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';

// What the render reads of the browser: nothing stored (English, light theme), no dark preference.
const memory = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
Object.assign(globalThis, { localStorage: memory, sessionStorage: memory });
Object.assign(globalThis, { window: { matchMedia: () => ({ matches: false }) } });

const { Route: rootRoute } = await import('../routes/__root');
const { Route: indexRoute } = await import('../routes/index');
const { Route: loginRoute } = await import('../routes/login');
const { SESSION_QUERY_KEY } = await import('../src/client/session');

const SHELL_ROUTES = ['/', '/login'] as const;

async function render(path: string): Promise<string> {
  const routeTree = rootRoute.addChildren([
    indexRoute.update({ id: '/', path: '/', getParentRoute: () => rootRoute } as never),
    loginRoute.update({ id: '/login', path: '/login', getParentRoute: () => rootRoute } as never),
  ]);
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY as unknown as readonly unknown[], null);
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  await router.load();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const out: Record<string, string> = {};
for (const path of SHELL_ROUTES) out[path] = await render(path);
console.log(JSON.stringify(out));
