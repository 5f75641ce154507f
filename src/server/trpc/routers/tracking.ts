import type { TRPCRouterRecord } from '@trpc/server';
import type { Permission } from '../../../shared/permissions';
import { locationInput, riderIdParam } from '../../../shared/schemas/tracking';
import { recordLocation } from '../../services/location';
import { assertActsForRider } from '../../services/identity';
import { trackingToday } from '../../services/rider';
import { publicTracking } from '../../services/orders';
import { trackingCodeInput } from '../../../shared/schemas/track';
import { permittedProcedure, publicProcedure, riderProcedure } from '../init';
import { trackingFleetProcedures } from './tracking-fleet';
import { onTheWire } from '../../../shared/money-wire';

/** The permission of a rider's location ping, for both doors that take one: tracking.location (and its REST shim) and the fast lane (http/fast-lane.ts). */
export const LOCATION_PERMISSION = 'track-location' satisfies Permission;

export const trackingRouter = {
  today: riderProcedure.query(async ({ ctx }) => onTheWire(await trackingToday(ctx.db, ctx.riderId))),
  location: permittedProcedure(LOCATION_PERMISSION)
    .input(riderIdParam.extend(locationInput.shape))
    .mutation(({ ctx, input: { id, ...location } }) => {
      assertActsForRider(ctx.user, id);
      // Group-committed with other riders' pings; the Idempotency-Key is checked and kept in the same transaction.
      return recordLocation(ctx.db, id, location, { userId: ctx.user.id });
    }),
  /** The customer's tracking link: no sign-in, only the fields of PublicTracking. */
  publicOrder: publicProcedure.input(trackingCodeInput).query(({ ctx, input }) => publicTracking(ctx.db, input.code)),
  ...trackingFleetProcedures,
} satisfies TRPCRouterRecord;
