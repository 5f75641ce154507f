import type { TRPCRouterRecord } from '@trpc/server';
import { companyRulesToday } from '../../services/compliance';
import { companyProcedure } from '../init';

/** Issue 9: the company's region's working rules, read-only, with today's state (compliance tab). */
export const companyRuleProcedures = {
  rulesToday: companyProcedure.query(({ ctx }) => companyRulesToday(ctx.db, ctx.companyId)),
} satisfies TRPCRouterRecord;
