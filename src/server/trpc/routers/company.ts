import type { TRPCRouterRecord } from '@trpc/server';
import { companyOverview, companyProfile } from '../../services/company-overview';
import { listCompanyRiders } from '../../services/company-riders';
import { companyProcedure } from '../init';

export const companyRouter = {
  /** The caller's own company. */
  profile: companyProcedure.query(({ ctx }) => companyProfile(ctx.db, ctx.companyId)),
  overview: companyProcedure.query(({ ctx }) => companyOverview(ctx.db, ctx.companyId)),
  /** Only the caller's own company's riders. */
  riders: companyProcedure.query(({ ctx }) => listCompanyRiders(ctx.db, ctx.companyId)),
} satisfies TRPCRouterRecord;
