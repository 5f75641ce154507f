import type { TRPCRouterRecord } from '@trpc/server';
import {
  dutyBreakInput,
  dutyEndInput,
  dutyStartInput,
  performanceSyncInput,
  riderOrderStatusInput,
  riderRegionInput,
} from '../../../shared/schemas/rider-app';
import { currentDuty, endBreak, endDuty, startBreak, startDuty } from '../../services/duty';
import { once } from '../../services/idempotency';
import { riderOrders, riderSetOrderStatus } from '../../services/rider-orders';
import { setRiderRegion, syncPerformance } from '../../services/rider-settings';
import { riderProcedure } from '../init';

/** The rider app's writes: each applied once per idempotency key. */
export const riderAppProcedures = {
  duty: riderProcedure.query(({ ctx }) => currentDuty(ctx.db, ctx.riderId)),
  dutyStart: riderProcedure
    .input(dutyStartInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'duty.start', input.idempotencyKey, (tx) => startDuty(tx, ctx.riderId, input))),
  dutyEnd: riderProcedure
    .input(dutyEndInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'duty.end', input.idempotencyKey, (tx) => endDuty(tx, ctx.riderId, input))),
  breakStart: riderProcedure
    .input(dutyBreakInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'break.start', input.idempotencyKey, (tx) => startBreak(tx, ctx.riderId, input.at))),
  breakEnd: riderProcedure
    .input(dutyBreakInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'break.end', input.idempotencyKey, (tx) => endBreak(tx, ctx.riderId, input.at))),
  // submitCash: rider-handover.ts (issue 9, the verified hand-over).
  syncPerformance: riderProcedure
    .input(performanceSyncInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'performance.sync', input.idempotencyKey, (tx) => syncPerformance(tx, ctx.riderId, input))),
  setRegion: riderProcedure
    .input(riderRegionInput)
    .mutation(({ ctx, input }) => once(ctx.db, ctx.user.id, 'rider.region', input.idempotencyKey, (tx) => setRiderRegion(tx, ctx.riderId, input.region))),
  orders: riderProcedure.query(({ ctx }) => riderOrders(ctx.db, ctx.riderId)),
  setOrderStatus: riderProcedure
    .input(riderOrderStatusInput)
    .mutation(({ ctx, input }) =>
      once(ctx.db, ctx.user.id, `order.${input.status}`, input.idempotencyKey, (tx) => riderSetOrderStatus(tx, ctx.riderId, ctx.user.id, input)),
    ),
} satisfies TRPCRouterRecord;
