/**
 * Initial JavaScript of a route: every script a fresh browser downloads while it opens the page, up to the load
 * event, the route's content on screen, and then network idle (no request for 500 ms). Each script's size is its body gzipped by us at zlib level 9,
 * so the figure does not depend on the server's compression settings; the bytes on the wire (what the server sent,
 * compressed by hono/compress) are recorded beside it.
 *
 * Service workers are blocked: the PWA's precache downloads every chunk in the background after the page is
 * interactive, which is not what the page needs. Each route gets a new context, so the HTTP cache is cold.
 *
 * Used by bench/web.ts (the figures) and tests/e2e/bundle-budget.e2e.ts (the CI gate), so both measure alike.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { markOnboarded } from '../../tests/e2e/fixtures';

/** The budgets, in KB (1 KB = 1000 bytes, as Vite and Lighthouse print them) of gzip per route. */
export const BUDGETS_KB = { '/': 120, '/login': 120, '/app': 170 } as const;
export type BudgetRoute = keyof typeof BUDGETS_KB;

export const RIDER = { email: 'rider@example.com', password: 'Demo1234!' };

/** What shows once a route has rendered: the count starts only from there (a busy CPU can leave the network idle for 500 ms before the route's own chunks are even asked for). */
const READY: Record<string, string> = { '/': '[data-testid="landing-hub"]', '/login': 'form #password', '/app': '[data-testid="rider-app"]' };

export interface ScriptSize {
  /** Path of the script ('/assets/index-abc.js'). */
  path: string;
  raw: number;
  gzip: number;
  /** Bytes of the body as sent (content-encoding applied), when the browser reports them. */
  wire: number | null;
}
export interface RouteJs {
  route: string;
  scripts: ScriptSize[];
  raw: number;
  gzip: number;
  wire: number;
}

export const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** A fresh context (cold cache, no service worker); signed in as the rider when asked. */
export async function freshContext(browser: Browser, baseURL: string, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait' });
  if (!signedIn) return context;
  const res = await context.request.post('/api/auth/login', { data: RIDER });
  if (res.status() !== 200) throw new Error(`rider login answered ${res.status()}`);
  // A returning rider: onboarding done, so its modal (and its chunk) is not part of the page.
  await markOnboarded(context, ((await res.json()) as { user: { id: string; role: 'rider' } }).user);
  return context;
}

/** Opens `route` in a new context and sums the scripts it downloaded before load + network idle. */
export async function measureRoute(browser: Browser, baseURL: string, route: string, signedIn = route === '/app'): Promise<RouteJs> {
  const context = await freshContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptSize | null>[] = [];
    // A page that failed would measure less than it should.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return null;
          const sizes = await response.request().sizes().catch(() => null);
          return { path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body), wire: sizes ? sizes.responseBodySize : null };
        })(),
      );
    });
    const res = await page.goto(route, { waitUntil: 'load' });
    if (!res?.ok()) throw new Error(`${route} answered ${res?.status()}`);
    if (READY[route]) await page.locator(READY[route]).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // networkidle may have been reached before the ready element: wait out one more quiet 500 ms.
    await page.waitForTimeout(600);
    await page.waitForLoadState('networkidle');
    // A guard that bounced the page elsewhere (signed out, wrong role) would measure the wrong screen.
    if (new URL(page.url()).pathname !== new URL(route, baseURL).pathname) throw new Error(`${route} ended on ${page.url()}`);
    if (errors.length) throw new Error(`${route}: errors in the page:\n${errors.join('\n')}`);
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
    const sum = (f: (s: ScriptSize) => number) => scripts.reduce((a, s) => a + f(s), 0);
    return { route, scripts, raw: sum((s) => s.raw), gzip: sum((s) => s.gzip), wire: sum((s) => s.wire ?? 0) };
  } finally {
    await context.close();
  }
}

/** A table per route: each script, the total and the budget. */
export function formatRoute(r: RouteJs, budgetKb?: number): string {
  const rows = [...r.scripts].sort((a, b) => b.gzip - a.gzip).map((s) => `| ${s.path} | ${kb(s.raw)} | ${kb(s.gzip)} | ${s.wire === null ? '' : kb(s.wire)} |`);
  const verdict = budgetKb === undefined ? '' : ` — budget ${budgetKb} KB: ${r.gzip / 1000 <= budgetKb ? 'met' : 'MISSED'}`;
  return [
    `### ${r.route}: ${kb(r.gzip)} KB gzip in ${r.scripts.length} scripts${verdict}`,
    '',
    '| script | raw KB | gzip -9 KB | wire KB |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    `| **total** | **${kb(r.raw)}** | **${kb(r.gzip)}** | **${kb(r.wire)}** |`,
  ].join('\n');
}
