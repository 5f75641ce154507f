import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from 'hono/bun';
import type { Db } from '../../../db/client';
import type { Env } from '../env';
import { sessionCache } from '../services/identity';
import type { AppVariables } from '../trpc/context';
import { DEVICE_COOKIE } from '../auth/device-cookie';
import { clearSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from './cookies';
import { forwardedClient } from './client-ip';
import { originOptions, requestOrigin } from './security';

/** The caller's address: the address our trusted proxy forwarded (client-ip.ts), else the socket's. */
export function clientIp(c: Parameters<MiddlewareHandler>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The session token a request carries (its kwt_session cookie): the one reading of both paths, the pipeline's and the fast lane's. */
export const sessionToken = (req: { header(name: string): string | undefined }): string | undefined => readCookie(req.header('cookie'), SESSION_COOKIE);

/** Resolve the cookie to a user once per request; renew and re-set the cookie when due. */
export const sessionMiddleware =
  (db: Db, env: Env): MiddlewareHandler<{ Variables: AppVariables }> =>
  async (c, next) => {
    const origin = requestOrigin(c.req, originOptions(env));
    const secureCookies = origin.startsWith('https:');
    c.set('db', db);
    c.set('config', env);
    c.set('ip', clientIp(c, env.TRUST_PROXY));
    c.set('deviceCookie', readCookie(c.req.header('cookie'), DEVICE_COOKIE));
    c.set('secureCookies', secureCookies);
    c.set('origin', origin);
    c.set('user', null);
    c.set('actor', null);
    c.set('sessionId', null);

    let extraCookie: string | undefined;
    const token = sessionToken(c.req);
    if (token) {
      const found = await sessionCache(db).lookup(token);
      if (found) {
        const { session, user, actor } = found;
        c.set('user', user);
        c.set('actor', actor);
        c.set('sessionId', session.sessionId);
        if (session.renewed) extraCookie = sessionCookie(token, session.expiresAt, secureCookies);
      } else {
        extraCookie = clearSessionCookie(secureCookies);
      }
    }
    await next();
    if (extraCookie && !c.res.headers.get('set-cookie')?.includes(`${SESSION_COOKIE}=`)) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append('Set-Cookie', extraCookie);
    }
  };
