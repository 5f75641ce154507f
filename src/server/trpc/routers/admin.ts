import type { TRPCRouterRecord } from '@trpc/server';
import { adminRiderInput, companyInput, orderInput } from '../../../shared/schemas/admin';
import { createCompany, createOrder, createRiderByAdmin } from '../../services/admin-create';
import { adminStats } from '../../services/admin-stats';
import { listCompanies } from '../../services/companies';
import { changeTicks } from '../../services/events';
import { adminProcedure, permittedProcedure } from '../init';

export const adminRouter = {
  /** System-wide figures: admins only. */
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db, ctx.config.AED_TO_KWD_RATE)),
  /** The same figures, pushed again whenever an order, rider, company, duty or location changes. */
  statsLive: adminProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changeTicks(['orders', 'riders', 'companies', 'duty', 'locations'], signal)) {
      yield await adminStats(ctx.db, ctx.config.AED_TO_KWD_RATE);
    }
  }),
  companies: adminProcedure.query(({ ctx }) => listCompanies(ctx.db)),
  createCompany: permittedProcedure('manage-companies')
    .input(companyInput)
    .mutation(({ ctx, input }) => createCompany(ctx.db, ctx.user.id, input)),
  createRider: adminProcedure.input(adminRiderInput).mutation(({ ctx, input }) => createRiderByAdmin(ctx.db, ctx.user.id, input)),
  createOrder: adminProcedure.input(orderInput).mutation(({ ctx, input }) => createOrder(ctx.db, ctx.user.id, input.companyId, input)),
} satisfies TRPCRouterRecord;
