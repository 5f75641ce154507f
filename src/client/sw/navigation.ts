import { matchPrecache } from 'workbox-precaching';

/** How long an online navigation may wait for the server before the precached shell is shown (issue 20, item 2). */
export const NAVIGATION_TIMEOUT_MS = 3_000;
const SHELL = '/index.html';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * A page navigation (every SPA route: /app, /rider, /company, …): the server first, so an online /app still gets
 * its server-rendered first screen (src/server/http/first-screen.ts); the precached app shell when the network
 * fails, the server does not answer within NAVIGATION_TIMEOUT_MS, or it answers with a 5xx. Nothing of a
 * navigation's answer is cached: a signed-in rider's /app carries their data.
 */
export async function navigate(request: Request, timeoutMs = NAVIGATION_TIMEOUT_MS): Promise<Response> {
  try {
    const res = await withTimeout(fetch(request), timeoutMs);
    if (res.status < 500) return res;
    return (await matchPrecache(SHELL)) ?? res;
  } catch (err) {
    const shell = await matchPrecache(SHELL);
    if (shell) return shell;
    throw err;
  }
}

/**
 * `/api/login?redirect=…` is a browser navigation to the server (it starts Google sign-in or sends the browser on
 * to /login). Offline, the browser would show its "This site can't be reached" page: this was what `/rider` showed
 * offline, as its guard sends a visitor it cannot confirm there. Without network the sign-in page of the shell
 * answers instead, with the same query.
 */
export async function loginNavigation(request: Request, timeoutMs = NAVIGATION_TIMEOUT_MS): Promise<Response> {
  try {
    return await withTimeout(fetch(request), timeoutMs);
  } catch {
    const url = new URL(request.url);
    return Response.redirect(new URL(`/login${url.search}`, url.origin).href, 302);
  }
}
