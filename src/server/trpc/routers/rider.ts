import type { TRPCRouterRecord } from '@trpc/server';
import { riderDashboard } from '../../services/rider-day';
import { riderProcedure } from '../init';
import { riderAppProcedures } from './rider-app';

export const riderRouter = {
  dashboard: riderProcedure.query(({ ctx }) => riderDashboard(ctx.db, ctx.riderId)),
  ...riderAppProcedures,
} satisfies TRPCRouterRecord;
