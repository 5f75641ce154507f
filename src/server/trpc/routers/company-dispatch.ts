import type { TRPCRouterRecord } from '@trpc/server';
import { dispatchSettingsInput } from '../../../shared/schemas/dispatch';
import { acceptanceRates, dispatchSettingsOf, needsRider, saveDispatchSettings } from '../../services/dispatch';
import { companyProcedure } from '../init';

/** Issue 25: the company's dispatch settings, its orders that need a rider and its riders' acceptance rates; spread into companyRouter. */
export const companyDispatchProcedures = {
  dispatchSettings: companyProcedure.query(({ ctx }) => dispatchSettingsOf(ctx.db, ctx.companyId)),
  saveDispatchSettings: companyProcedure.input(dispatchSettingsInput).mutation(({ ctx, input }) => saveDispatchSettings(ctx.db, ctx.companyId, ctx.user.id, input)),
  needsRider: companyProcedure.query(({ ctx }) => needsRider(ctx.db, ctx.companyId)),
  acceptanceRates: companyProcedure.query(({ ctx }) => acceptanceRates(ctx.db, ctx.companyId)),
} satisfies TRPCRouterRecord;
