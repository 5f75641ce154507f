import type { TRPCRouterRecord } from '@trpc/server';
import { loginInput, setLocaleInput } from '../../../shared/schemas/auth';
import { setUserLocale, login, invalidateSession } from '../../services/identity';
import { clearSessionCookie } from '../../http/cookies';
import { authedProcedure, publicProcedure } from '../init';
import { setSignInCookies } from '../sign-in-cookies';
import { accountProcedures } from './account';
import { apiTokenProcedures } from './api-tokens';
import { acceptInviteProcedure, acceptManagerInviteProcedure } from './company-fleet';

export const authRouter = {
  /** The signed-in user, or null when signed out. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  /** The signed-in user; UNAUTHORIZED (401 on REST) when signed out. */
  user: authedProcedure.query(({ ctx }) => ctx.user),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, session } = await login(ctx.db, ctx.config, input, ctx.ip, ctx.deviceCookie);
    setSignInCookies(ctx, session, user.id);
    return { success: true as const, message: 'Login successful', user };
  }),
  /** The language switch, remembered on the account; the next sign-in starts in it. */
  setLocale: authedProcedure.input(setLocaleInput).mutation(async ({ ctx, input }) => {
    await setUserLocale(ctx.db, ctx.user.id, input.locale);
    return { locale: input.locale };
  }),
  /** A rider's invitation link: set a password and be signed in, as login does. */
  acceptInvite: acceptInviteProcedure,
  /** A company manager's invitation link (from the admin): set a password and be signed in. */
  acceptManagerInvite: acceptManagerInviteProcedure,

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
    ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.secureCookies));
    return { success: true as const };
  }),
  /** The user's API tokens for the MCP endpoint (/mcp). */
  ...apiTokenProcedures,
  /** Password change, sign out everywhere, reset links. */
  ...accountProcedures,
} satisfies TRPCRouterRecord;
