import type { TRPCRouterRecord } from '@trpc/server';
import { riderRulesNow } from '../../services/compliance';
import { riderProcedure } from '../init';

/** Issue 9: why the rider cannot take orders now (summer midday pauses, iftar), and today's hours. */
export const riderRuleProcedures = {
  /** The signed-in rider's own restrictions only; reading it in the hours warning window posts the notice. */
  rulesNow: riderProcedure.query(({ ctx }) => riderRulesNow(ctx.db, ctx.riderId)),
} satisfies TRPCRouterRecord;
