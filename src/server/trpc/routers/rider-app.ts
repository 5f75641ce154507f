import type { TRPCRouterRecord } from '@trpc/server';
import {
  dutyBreakInput,
  dutyEndInput,
  dutyStartInput,
  performanceSyncInput,
  riderOrderStatusInput,
  riderRegionInput,
} from '../../../shared/schemas/rider-app';
import { currentDuty, endBreak, endDuty, startBreak, startDuty, onceFlagged, setRiderRegion, syncPerformance } from '../../services/rider';
import { once } from '../../lib/idempotency';
import { riderOrders, riderOrderStatusOnce } from '../../services/orders';
import { riderProcedure } from '../init';
import { onTheWire } from '../../../shared/money-wire';

const who = (ctx: { user: { id: string }; riderId: string }) => ({ userId: ctx.user.id, riderId: ctx.riderId });

/** The rider app's writes: each applied once per idempotency key; offline conflicts resolved and flagged (issue 20). */
export const riderAppProcedures = {
  duty: riderProcedure.query(({ ctx }) => currentDuty(ctx.db, ctx.riderId)),
  dutyStart: riderProcedure
    .input(dutyStartInput)
    .mutation(({ ctx, input }) => onceFlagged(ctx.db, who(ctx), 'duty.start', input, (tx) => startDuty(tx, ctx.riderId, input))),
  dutyEnd: riderProcedure
    .input(dutyEndInput)
    .mutation(({ ctx, input }) => onceFlagged(ctx.db, who(ctx), 'duty.end', input, (tx, flags) => endDuty(tx, ctx.riderId, input, new Date(), flags))),
  breakStart: riderProcedure
    .input(dutyBreakInput)
    .mutation(({ ctx, input }) => onceFlagged(ctx.db, who(ctx), 'break.start', input, (tx) => startBreak(tx, ctx.riderId, input.at, new Date(), input.outbox))),
  breakEnd: riderProcedure
    .input(dutyBreakInput)
    .mutation(({ ctx, input }) => onceFlagged(ctx.db, who(ctx), 'break.end', input, (tx) => endBreak(tx, ctx.riderId, input.at, new Date(), input.outbox))),
  // submitCash: rider-handover.ts (issue 9, the verified hand-over).
  syncPerformance: riderProcedure
    .input(performanceSyncInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'performance.sync', input.idempotencyKey, (tx) => syncPerformance(tx, ctx.riderId, input))),
  setRegion: riderProcedure
    .input(riderRegionInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'rider.region', input.idempotencyKey, (tx) => setRiderRegion(tx, ctx.riderId, input.region))),
  orders: riderProcedure.query(async ({ ctx }) => onTheWire(await riderOrders(ctx.db, ctx.riderId))),
  setOrderStatus: riderProcedure
    .input(riderOrderStatusInput)
    .mutation(({ ctx, input }) => riderOrderStatusOnce(ctx.db, who(ctx), input)),
} satisfies TRPCRouterRecord;
