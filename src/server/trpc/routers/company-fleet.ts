import type { TRPCRouterRecord } from '@trpc/server';
import { byId } from '../../../shared/schemas/oversight';
import { acceptInviteInput, companyRiderUpdateInput, newRiderInput, riderStatusInput } from '../../../shared/schemas/company-riders';
import { acceptRiderInvitation, addCompanyRider, inviteCompanyRider, setCompanyRiderStatus, updateCompanyRider } from '../../services/directory';
import { acceptManagerInvitation, withSecretToken } from '../../services/identity';
import { companyProcedure, publicProcedure, requiring } from '../init';
import { setSignInCookies } from '../sign-in-cookies';
import { onTheWire } from '../../../shared/money-wire';

/** Fleet management for a company manager: always the caller's own company's riders. */
export const companyFleetProcedures = {
  addRider: companyProcedure.use(requiring('manage-users')).input(newRiderInput).mutation(async ({ ctx, input }) => onTheWire(await addCompanyRider(ctx.db, ctx.user.id, ctx.companyId, input))),
  updateRider: companyProcedure
    .use(requiring('manage-users'))
    .input(companyRiderUpdateInput)
    .mutation(({ ctx, input }) => updateCompanyRider(ctx.db, ctx.user.id, ctx.companyId, input)),
  setRiderStatus: companyProcedure
    .use(requiring('manage-users'))
    .input(riderStatusInput)
    .mutation(({ ctx, input }) => setCompanyRiderStatus(ctx.db, ctx.user.id, ctx.companyId, input.id, input.status)),
  /**
   * An invitation link (in this answer only; the server keeps just its hash) for a rider who never signed up;
   * for one who did, a reset e-mailed to the rider, and the answer says only whether it was sent.
   */
  inviteRider: companyProcedure
    .use(requiring('manage-users'))
    .input(byId)
    .mutation(({ ctx, input }) => inviteCompanyRider(ctx.db, { origin: ctx.origin, config: ctx.config }, ctx.user.id, ctx.companyId, input.id)),
} satisfies TRPCRouterRecord;

/** auth.acceptInvite: a rider sets a password from an invitation link and is signed in, as auth.login does. */
export const acceptInviteProcedure = publicProcedure.input(acceptInviteInput).mutation(async ({ ctx, input }) => {
  const { user, session } = await withSecretToken(ctx.db, 'inviteAccept', ctx.ip, () => acceptRiderInvitation(ctx.db, input.token, input.password));
  setSignInCookies(ctx, session, user.id);
  return { success: true as const, message: 'Password set', user };
});

/** auth.acceptManagerInvite: a company manager sets a password from the admin's invitation and is signed in. */
export const acceptManagerInviteProcedure = publicProcedure.input(acceptInviteInput).mutation(async ({ ctx, input }) => {
  const { user, session } = await withSecretToken(ctx.db, 'inviteAccept', ctx.ip, () => acceptManagerInvitation(ctx.db, input.token, input.password));
  setSignInCookies(ctx, session, user.id);
  return { success: true as const, message: 'Password set', user };
});
