import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { LOGIN_ERROR_OAUTH, LOGIN_ERROR_TOO_MANY } from '../../shared/login-errors';
import { loginSearch } from '../../shared/schemas/auth';
import { postLoginPath } from '../../shared/permissions';
import { sessionCookie } from '../http/cookies';
import { refusal } from '../http/refusal';
import { isOwnNavigation } from '../http/own-navigation';
import { originOptions, requestOrigin } from '../http/security';
import { limitAuth, finishGoogleLogin, startGoogleLogin, type GoogleConfig } from '../services/identity';
import { createCaller } from '../trpc/root';
import { contextFromVars, type AppVariables } from '../trpc/context';

type C = Context<{ Variables: AppVariables }>;

const originOf = (c: C) => requestOrigin(c.req, originOptions(c.var.config));

function googleConfig(c: C): GoogleConfig | null {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = c.var.config;
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET) return null;
  return { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, redirectUri: `${originOf(c)}/api/login/google/callback` };
}

const loginPage = (redirect?: string, error?: string) => {
  const q = new URLSearchParams();
  if (redirect) q.set('redirect', redirect);
  if (error) q.set('error', error);
  const s = q.toString();
  return s ? `/login?${s}` : '/login';
};

/**
 * The spec's logout navigation. It signs out only for our own links (or a typed address); another site
 * linking here lands on / still signed in (own-navigation.ts). The POST does the work either way.
 */
async function logout(c: C) {
  if (!isOwnNavigation({ secFetchSite: c.req.header('sec-fetch-site'), referer: c.req.header('referer') }, originOf(c))) return c.redirect('/', 302);
  const resHeaders = new Headers();
  await createCaller(contextFromVars(c.var, resHeaders)).auth.logout();
  const res = c.redirect('/', 302);
  resHeaders.forEach((v, k) => res.headers.append(k, v));
  return res;
}

/** Browser navigations of the spec: /api/login, /api/logout, /api/auth/logout. */
export function navigationRoutes() {
  const nav = new Hono<{ Variables: AppVariables }>();
  nav.get('/logout', logout);
  nav.get('/auth/logout', logout);

  nav.get('/login', (c) => {
    const { redirect } = loginSearch.parse({ redirect: c.req.query('redirect') });
    const cfg = googleConfig(c);
    if (!cfg) return c.redirect(loginPage(redirect), 302);
    const { url, state, codeVerifier } = startGoogleLogin(cfg);
    const opts = { httpOnly: true, sameSite: 'Lax', secure: c.var.secureCookies, path: '/', maxAge: 600 } as const;
    setCookie(c, 'google_oauth_state', state, opts);
    setCookie(c, 'google_code_verifier', codeVerifier, opts);
    if (redirect) setCookie(c, 'login_redirect', redirect, opts);
    return c.redirect(url.toString(), 302);
  });

  nav.get('/login/google/callback', async (c) => {
    const cfg = googleConfig(c);
    const state = getCookie(c, 'google_oauth_state');
    const verifier = getCookie(c, 'google_code_verifier');
    const redirect = loginSearch.parse({ redirect: getCookie(c, 'login_redirect') }).redirect;
    for (const name of ['google_oauth_state', 'google_code_verifier', 'login_redirect']) deleteCookie(c, name, { path: '/' });
    // A browser navigation: once an IP calls back too often, back to the login page, which says so
    // (Retry-After is kept on the redirect).
    const refused = await refusal(c, () => limitAuth(c.var.db, 'googleCallback', c.var.ip));
    if (refused) return c.redirect(loginPage(redirect, LOGIN_ERROR_TOO_MANY), 302);
    const code = c.req.query('code');
    if (!cfg || !code || !state || !verifier || c.req.query('state') !== state) {
      return c.redirect(loginPage(redirect, LOGIN_ERROR_OAUTH), 302);
    }
    try {
      const { user, session } = await finishGoogleLogin(c.var.db, cfg, code, verifier);
      c.header('Set-Cookie', sessionCookie(session.token, session.expiresAt, c.var.secureCookies), { append: true });
      return c.redirect(postLoginPath(user.role, redirect), 302);
    } catch {
      return c.redirect(loginPage(redirect, LOGIN_ERROR_OAUTH), 302);
    }
  });
  return nav;
}
