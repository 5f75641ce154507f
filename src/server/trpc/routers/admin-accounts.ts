import type { TRPCRouterRecord } from '@trpc/server';
import { accountListInput, issueResetLinkInput } from '../../../shared/schemas/accounts';
import { listAccounts, issueResetLink } from '../../services/identity';
import { adminProcedure, requiring } from '../init';

/** The admin's Accounts tab: every sign-in account, and one-time password reset links. Admins only. */
export const adminAccountProcedures = {
  accounts: adminProcedure.input(accountListInput).query(({ ctx, input }) => listAccounts(ctx.db, input)),
  /** The link is in this answer only; the server keeps just its hash. */
  issueResetLink: adminProcedure.use(requiring('manage-users')).input(issueResetLinkInput).mutation(({ ctx, input }) => issueResetLink(ctx.db, ctx.user.id, input.userId)),
} satisfies TRPCRouterRecord;
