import type { TRPCRouterRecord } from '@trpc/server';
import { weeklyReportInput } from '../../../shared/schemas/reports';
import { weeklyReport } from '../../services/reports';
import { companyProcedure } from '../init';

/** The company's own reports; always ctx.companyId, whatever the input names. */
export const companyReportProcedures = {
  /** The working week day by day (issue 8): starts after the company's weekend, in its region's zone. */
  weeklyReport: companyProcedure.input(weeklyReportInput).query(({ ctx, input }) => weeklyReport(ctx.db, ctx.companyId, { weekStart: input?.weekStart })),
} satisfies TRPCRouterRecord;
