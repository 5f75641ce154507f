import type { TRPCRouterRecord } from '@trpc/server';
import { offerAnswerInput, type RiderOfferView } from '../../../shared/schemas/dispatch';
import { onTheWire } from '../../../shared/money-wire';
import { answerOffer, offerState, resumeOffers, riderOffers } from '../../services/dispatch';
import { riderProcedure } from '../init';

/** Issue 25: the rider's own offers and answers (another rider's offer is not found); spread into riderRouter. */
export const riderOfferProcedures = {
  offers: riderProcedure.query(async ({ ctx }): Promise<RiderOfferView[]> => onTheWire(await riderOffers(ctx.db, ctx.riderId))),
  acceptOffer: riderProcedure.input(offerAnswerInput).mutation(({ ctx, input }) => answerOffer(ctx.db, ctx.riderId, input.offerId, 'accept')),
  declineOffer: riderProcedure.input(offerAnswerInput).mutation(({ ctx, input }) => answerOffer(ctx.db, ctx.riderId, input.offerId, 'decline')),
  resumeOffers: riderProcedure.mutation(({ ctx }) => resumeOffers(ctx.db, ctx.riderId)),
  offerState: riderProcedure.query(async ({ ctx }) => {
    const { paused, missed } = await offerState(ctx.db, ctx.riderId);
    return { paused, missed };
  }),
} satisfies TRPCRouterRecord;
