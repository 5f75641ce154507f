import type { TRPCRouterRecord } from '@trpc/server';
import { listLeads } from '../../services/leads';
import { adminProcedure } from '../init';

export const aiRouter = {
  /** Leads the sales assistant collected: admins only. */
  leads: adminProcedure.query(({ ctx }) => listLeads(ctx.db)),
} satisfies TRPCRouterRecord;
