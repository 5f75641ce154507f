import type { TRPCRouterRecord } from '@trpc/server';
import { locationInput, riderIdParam } from '../../../shared/schemas/tracking';
import { recordLocation } from '../../services/locations';
import { assertActsForRider } from '../../services/riders-access';
import { trackingToday } from '../../services/rider-day';
import { permittedProcedure, riderProcedure } from '../init';

export const trackingRouter = {
  today: riderProcedure.query(({ ctx }) => trackingToday(ctx.db, ctx.riderId)),
  location: permittedProcedure('track-location')
    .input(riderIdParam.extend(locationInput.shape))
    .mutation(({ ctx, input: { id, ...location } }) => {
      assertActsForRider(ctx.user, id);
      return recordLocation(ctx.db, id, location);
    }),
} satisfies TRPCRouterRecord;
