import type { TRPCRouterRecord } from '@trpc/server';
import { recentCaptures } from '../../services/captures';
import { permittedProcedure } from '../init';

export const ocrRouter = {
  /** Scans the caller may see: a rider's own, all for an admin. Companies have no OCR. */
  captures: permittedProcedure('ocr').query(({ ctx }) =>
    recentCaptures(ctx.db, ctx.user.role === 'admin' ? null : (ctx.user.roleData.id ?? '')),
  ),
} satisfies TRPCRouterRecord;
