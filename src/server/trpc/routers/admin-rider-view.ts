import type { TRPCRouterRecord } from '@trpc/server';
import { riderDayInput, riderPickInput } from '../../../shared/schemas/fleet';
import { riderDayFor, searchRiders } from '../../services/directory';
import { adminProcedure } from '../init';
import { onTheWire } from '../../../shared/money-wire';

/** An admin on /rider (spec section 6) picks which rider to look at, read-only. */
export const adminRiderView = {
  riderPick: adminProcedure.input(riderPickInput).query(({ ctx, input }) => searchRiders(ctx.db, input?.q)),
  riderDay: adminProcedure.input(riderDayInput).query(async ({ ctx, input }) => onTheWire(await riderDayFor(ctx.db, input.riderId))),
} satisfies TRPCRouterRecord;
