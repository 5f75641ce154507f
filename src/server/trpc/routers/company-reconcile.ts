import type { TRPCRouterRecord } from '@trpc/server';
import { noticeIdInput, reconciliationInput, setCashLimitsInput } from '../../../shared/schemas/cash-limits';
import { checkCompanyCashLimits, companyCashLimits, setCompanyCashLimits, dailyReconciliation } from '../../services/cash';
import { companyNoticeFeed, readAllCompanyNotices, readNotice } from '../../services/compliance';
import { companyProcedure } from '../init';

/** Issue 9: cash limits, the daily reconciliation and the company's notices; always ctx.companyId. */
export const companyReconcileProcedures = {
  /** The limits in force, what the company set (null: default) and the defaults. */
  cashLimits: companyProcedure.query(({ ctx }) => companyCashLimits(ctx.db, ctx.companyId)),
  /** Sets the limits (null returns a value to its default); audited. */
  setCashLimits: companyProcedure
    .input(setCashLimitsInput)
    .mutation(({ ctx, input }) => setCompanyCashLimits(ctx.db, ctx.user.id, ctx.companyId, input)),
  /** Riders over a limit now (checked, with notices, as they are read). */
  cashLimitRiders: companyProcedure.query(({ ctx }) => checkCompanyCashLimits(ctx.db, ctx.companyId)),
  /** One day's cash per rider and currency, from the ledger. */
  reconciliation: companyProcedure.input(reconciliationInput).query(({ ctx, input }) => dailyReconciliation(ctx.db, ctx.companyId, input?.date)),
  /** The company's notices, newest first. */
  notices: companyProcedure.query(({ ctx }) => companyNoticeFeed(ctx.db, ctx.companyId)),
  markNoticeRead: companyProcedure.input(noticeIdInput).mutation(({ ctx, input }) => readNotice(ctx.db, input.id, ctx.actor)),
  markAllNoticesRead: companyProcedure.mutation(({ ctx }) => readAllCompanyNotices(ctx.db, ctx.companyId)),
} satisfies TRPCRouterRecord;
