import type { TRPCRouterRecord } from '@trpc/server';
import { cashSubmitRequest, handoverId } from '../../../shared/cash/handover';
import { submitCashOnce, cancelHandover, refreshHandoverCode, riderHandovers } from '../../services/cash';
import { assertActsForRider } from '../../services/identity';
import { requiring, riderProcedure } from '../init';

/** The rider's cash desk: the 'manage-cash' permission of the table, on top of acting as the rider. */
const cashProcedure = riderProcedure.use(requiring('manage-cash'));
import { onTheWire } from '../../../shared/money-wire';

/** Issue 9: the rider's side of the verified hand-over: submit, the code and QR, withdraw, follow. */
export const riderHandoverProcedures = {
  /** POST /api/riders/{id}/cash/submit: hand → transit, a one-time code back once (see submitCashOnce). */
  submitCash: cashProcedure.input(cashSubmitRequest).mutation(async ({ ctx, input }) => {
    assertActsForRider(ctx.user, input.id);
    return onTheWire(await submitCashOnce(ctx.db, ctx.user.id, ctx.riderId, input));
  }),
  /** The rider's hand-overs, pending first, with how each was counted or settled. */
  handovers: cashProcedure.query(async ({ ctx }) => onTheWire(await riderHandovers(ctx.db, ctx.riderId))),
  /** A new one-time code for a pending hand-over (the old one stops working). */
  handoverCode: cashProcedure.input(handoverId).mutation(({ ctx, input }) => refreshHandoverCode(ctx.db, ctx.riderId, input.id)),
  /** Withdraw a pending hand-over: the cash is back on hand. */
  handoverCancel: cashProcedure.input(handoverId).mutation(({ ctx, input }) => cancelHandover(ctx.db, ctx.riderId, ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;
