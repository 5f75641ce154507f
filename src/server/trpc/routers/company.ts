import type { TRPCRouterRecord } from '@trpc/server';
import { listCompanyRiders } from '../../services/company-riders';
import { companyProcedure } from '../init';

export const companyRouter = {
  /** Only the caller's own company's riders. */
  riders: companyProcedure.query(({ ctx }) => listCompanyRiders(ctx.db, ctx.companyId)),
} satisfies TRPCRouterRecord;
