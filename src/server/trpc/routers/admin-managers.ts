import type { TRPCRouterRecord } from '@trpc/server';
import { managerIdInput, managerStatusInput, newManagerInput } from '../../../shared/schemas/managers';
import { addCompanyManager, reissueManagerInvitation, setManagerSuspended } from '../../services/directory';
import type { AppContext } from '../context';
import { adminProcedure, requiring } from '../init';

const door = (ctx: AppContext) => ({ origin: ctx.origin ?? ctx.config.APP_URL, config: ctx.config });

/** Company managers' accounts on the admin's Accounts tab. Admins only; each answer's link is shown once. */
export const adminManagerProcedures = {
  addManager: adminProcedure.use(requiring('manage-users')).input(newManagerInput).mutation(({ ctx, input }) => addCompanyManager(ctx.db, door(ctx), ctx.user.id, input)),
  reissueInvitation: adminProcedure.use(requiring('manage-users')).input(managerIdInput).mutation(({ ctx, input }) => reissueManagerInvitation(ctx.db, door(ctx), ctx.user.id, input.userId)),
  setManagerStatus: adminProcedure.use(requiring('manage-users')).input(managerStatusInput).mutation(({ ctx, input }) => setManagerSuspended(ctx.db, ctx.user.id, input.userId, input.suspended)),
} satisfies TRPCRouterRecord;
