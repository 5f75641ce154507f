import { deviceCookieAfterSignIn } from '../auth/device-cookie';
import { sessionCookie } from '../http/cookies';
import type { IssuedSession } from '../services/identity';
import type { AppContext } from './context';

/**
 * The cookies of a sign-in (password, invitation or reset link): the session, and the device cookie that
 * makes this browser a trusted device for the account (docs/decisions/007-device-cookies.md); signing out ends only the session.
 */
export function setSignInCookies(ctx: AppContext, session: IssuedSession, userId: string) {
  ctx.resHeaders.append('Set-Cookie', sessionCookie(session.token, session.expiresAt, ctx.secureCookies));
  ctx.resHeaders.append('Set-Cookie', deviceCookieAfterSignIn(ctx.config, ctx.deviceCookie, userId, ctx.secureCookies));
}
