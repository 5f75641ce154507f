import type { TRPCRouterRecord } from '@trpc/server';
import { regionRulesInput } from '../../../shared/schemas/region-rules';
import { listRegionRules, updateRegionRules } from '../../services/compliance';
import { adminProcedure } from '../init';

/** Issue 9: the working rules of each region (docs/compliance.md), edited by admins only. */
export const adminRuleProcedures = {
  regionRules: adminProcedure.query(({ ctx }) => listRegionRules(ctx.db)),
  regionRulesUpdate: adminProcedure.input(regionRulesInput).mutation(({ ctx, input }) => updateRegionRules(ctx.db, ctx.user.id, input)),
} satisfies TRPCRouterRecord;
