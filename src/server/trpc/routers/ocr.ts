import type { TRPCRouterRecord } from '@trpc/server';
import { captureSubmitInput } from '../../../shared/schemas/captures';
import { ocrRoi } from '../../../shared/schemas/ocr';
import { recentCaptures, storeCapture, processImage } from '../../services/captures';
import { once } from '../../lib/idempotency';
import { z } from 'zod';
import { permittedProcedure, requiring, riderProcedure } from '../init';
import { riderReach } from '../../services/access';

export const ocrRouter = {
  /** Scans the caller may see: a rider's own, all for an admin. Companies have no OCR. */
  captures: permittedProcedure('ocr').query(({ ctx }) => recentCaptures(ctx.db, riderReach(ctx.actor, 'ocr'))),
  /** Read an uploaded image (the multipart route passes its bytes); riders and admins. */
  process: permittedProcedure('ocr')
    .input(z.object({ bytes: z.instanceof(Uint8Array), declaredType: z.string().max(200).optional(), imageType: z.unknown(), roi: ocrRoi.optional() }))
    .mutation(({ ctx, input }) => processImage(ctx.db, ctx.actor.riderId, input)),
  /** A rider's confirmed scan: the photo kept on disk, its record (and later its reading) in the database. */
  submit: riderProcedure
    .use(requiring('ocr'))
    .input(captureSubmitInput)
    .mutation(({ ctx, input }) =>
      once(ctx.db, ctx.user.id, 'capture.submit', input.idempotencyKey, (tx) => storeCapture(tx, ctx.riderId, input, ctx.config.CAPTURES_DIR)),
    ),
} satisfies TRPCRouterRecord;
