import type { TRPCRouterRecord } from '@trpc/server';
import { captureSubmitInput } from '../../../shared/schemas/captures';
import { recentCaptures } from '../../services/captures';
import { storeCapture } from '../../services/capture-store';
import { once } from '../../services/idempotency';
import { permittedProcedure, riderProcedure } from '../init';

export const ocrRouter = {
  /** Scans the caller may see: a rider's own, all for an admin. Companies have no OCR. */
  captures: permittedProcedure('ocr').query(({ ctx }) =>
    recentCaptures(ctx.db, ctx.user.role === 'admin' ? null : (ctx.user.roleData.id ?? '')),
  ),
  /** A rider's confirmed scan: the photo kept on disk, its record (and later its reading) in the database. */
  submit: riderProcedure
    .input(captureSubmitInput)
    .mutation(({ ctx, input }) =>
      once(ctx.db, ctx.user.id, 'capture.submit', input.idempotencyKey, (tx) => storeCapture(tx, ctx.riderId, input, ctx.config.CAPTURES_DIR)),
    ),
} satisfies TRPCRouterRecord;
