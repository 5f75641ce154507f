import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { noticeIdInput } from '../../../shared/schemas/cash-limits';
import { checkCashLimit } from '../../services/cash';
import { readNotice, riderNoticeFeed } from '../../services/compliance';
import { riderProcedure } from '../init';

/** Issue 9: the rider's own notices and cash-limit state. */
export const riderNoticeProcedures = {
  /** { overLimit, reason, handMinor, limitMinor, since, holdHours, … } now; posts the limit notices when over. */
  cashLimit: riderProcedure.query(async ({ ctx }) => {
    const { riderId: _r, companyId: _c, riderName: _n, ...state } = await checkCashLimit(ctx.db, ctx.riderId);
    return state;
  }),
  notices: riderProcedure
    .input(z.object({ unreadOnly: z.boolean().optional() }).optional())
    .query(({ ctx, input }) => riderNoticeFeed(ctx.db, ctx.riderId, { unreadOnly: input?.unreadOnly })),
  markNoticeRead: riderProcedure.input(noticeIdInput).mutation(({ ctx, input }) => readNotice(ctx.db, input.id, ctx.actor)),
} satisfies TRPCRouterRecord;
