import type { TRPCRouterRecord } from '@trpc/server';
import { riderDashboard } from '../../services/rider';
import { riderProcedure } from '../init';
import { riderAppProcedures } from './rider-app';
import { riderHandoverProcedures } from './rider-handover';
import { riderNoticeProcedures } from './rider-notices';
import { riderDocumentProcedures } from './rider-documents';
import { riderRuleProcedures } from './rider-rules';
import { riderOfferProcedures } from './rider-offers';

export const riderRouter = {
  dashboard: riderProcedure.query(({ ctx }) => riderDashboard(ctx.db, ctx.riderId)),
  ...riderAppProcedures,
  ...riderHandoverProcedures,
  ...riderNoticeProcedures,
  ...riderDocumentProcedures,
  ...riderRuleProcedures,
  ...riderOfferProcedures,
} satisfies TRPCRouterRecord;
