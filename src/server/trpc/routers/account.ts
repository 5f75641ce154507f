import type { TRPCRouterRecord } from '@trpc/server';
import { changePasswordInput, resetPasswordInput } from '../../../shared/schemas/auth';
import { clearSessionCookie, sessionCookie } from '../../http/cookies';
import { signOutEverywhere, changePassword, resetPassword, withSecretToken } from '../../services/identity';
import { authedProcedure, publicProcedure } from '../init';
import { setSignInCookies } from '../sign-in-cookies';

/** Account security for every signed-in role, and the public reset-link page (mounted under auth.*). */
export const accountProcedures = {
  /** The current password and a new one (policy applies): every other session ends, this one is re-issued. */
  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { user, session } = await changePassword(ctx.db, ctx.user.id, input);
    ctx.resHeaders.append('Set-Cookie', sessionCookie(session.token, session.expiresAt, ctx.secureCookies));
    return { success: true as const, user };
  }),
  /** Every session of the user ends, this one too; the cookie is cleared. */
  signOutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    const result = await signOutEverywhere(ctx.db, ctx.user.id);
    ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.secureCookies));
    return result;
  }),
  /** An admin-issued reset link: set a new password (policy applies) and be signed in, as acceptInvite does. */
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const { user, session } = await withSecretToken(ctx.db, 'resetUse', ctx.ip, () => resetPassword(ctx.db, input.token, input.password));
    setSignInCookies(ctx, session, user.id);
    return { success: true as const, user };
  }),
} satisfies TRPCRouterRecord;
