import type { TRPCRouterRecord } from '@trpc/server';
import { byId } from '../../../shared/schemas/oversight';
import { flagListInput } from '../../../shared/schemas/conflicts';
import { listFlags, markFlagReviewed, endDutyByCompany } from '../../services/rider';
import { companyProcedure } from '../init';

/** Issue 20: the company's flagged offline records (its own riders only), their review, and ending a rider's duty. */
export const companyFlagProcedures = {
  flagged: companyProcedure.input(flagListInput).query(({ ctx, input }) => listFlags(ctx.db, ctx.companyId, input ?? {})),
  markFlagReviewed: companyProcedure.input(byId).mutation(({ ctx, input }) => markFlagReviewed(ctx.db, ctx.companyId, ctx.user.id, input.id)),
  endRiderDuty: companyProcedure.input(byId).mutation(({ ctx, input }) => endDutyByCompany(ctx.db, ctx.user.id, ctx.companyId, input.id)),
} satisfies TRPCRouterRecord;
