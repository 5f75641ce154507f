import type { TRPCRouterRecord } from '@trpc/server';
import { adminStats } from '../../services/admin-stats';
import { listCompanies } from '../../services/companies';
import { adminProcedure } from '../init';

export const adminRouter = {
  /** System-wide figures: admins only. */
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db, ctx.config.AED_TO_KWD_RATE)),
  companies: adminProcedure.query(({ ctx }) => listCompanies(ctx.db)),
} satisfies TRPCRouterRecord;
