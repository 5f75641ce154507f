import type { TRPCRouterRecord } from '@trpc/server';
import { companyOverview, companyProfile, setCompanyWeekend, listCompanyRiders } from '../../services/directory';
import { setWeekendInput } from '../../../shared/weekend';
import { companyProcedure } from '../init';
import { companyWebhookProcedures } from './company-webhooks';
import { companyFleetProcedures } from './company-fleet';
import { companyOrders } from './company-orders';
import { companyReportProcedures } from './company-reports';
import { companyCashProcedures } from './company-cash';
import { companyReconcileProcedures } from './company-reconcile';
import { companyDocumentProcedures } from './company-documents';
import { companyRuleProcedures } from './company-rules';
import { companyFlagProcedures } from './company-flags';
import { companyDispatchProcedures } from './company-dispatch';

export const companyRouter = {
  /** The caller's own company. */
  profile: companyProcedure.query(({ ctx }) => companyProfile(ctx.db, ctx.companyId)),
  overview: companyProcedure.query(({ ctx }) => companyOverview(ctx.db, ctx.companyId)),
  /** The caller's own company's weekend (issue 8); null returns to the region's default. */
  setWeekend: companyProcedure.input(setWeekendInput).mutation(({ ctx, input }) => setCompanyWeekend(ctx.db, ctx.companyId, input.weekend)),
  /** Only the caller's own company's riders. */
  riders: companyProcedure.query(({ ctx }) => listCompanyRiders(ctx.db, ctx.companyId)),
  ...companyFleetProcedures,
  ...companyOrders,
  ...companyWebhookProcedures,
  ...companyReportProcedures,
  ...companyCashProcedures,
  ...companyReconcileProcedures,
  ...companyDocumentProcedures,
  ...companyRuleProcedures,
  ...companyFlagProcedures,
  ...companyDispatchProcedures,
} satisfies TRPCRouterRecord;
