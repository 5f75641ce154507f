import type { TRPCRouterRecord } from '@trpc/server';
import { fleetInput, historyInput } from '../../../shared/schemas/fleet';
import { changeTicks } from '../../lib/events';
import { fleetPositions, riderHistory } from '../../services/location';
import { permittedProcedure, publicProcedure } from '../init';

/** Riders have no fleet view: the map is for those who manage riders (companies and admins). */
const fleetProcedure = permittedProcedure('view-analytics');

/** The live fleet map: positions, live updates, a rider's day as a line, and the tile server. */
export const trackingFleetProcedures = {
  fleet: fleetProcedure.input(fleetInput).query(({ ctx, input }) => fleetPositions(ctx.db, ctx.actor, { companyId: input?.companyId })),
  /** The same list, sent again whenever a rider moves, goes on or off duty, or a rider changes. */
  fleetLive: fleetProcedure.input(fleetInput).subscription(async function* ({ ctx, input, signal }) {
    // The first tick comes at once: a refused caller gets the refusal before any event, as before.
    for await (const _ of changeTicks(['locations', 'duty', 'riders'], signal)) yield await fleetPositions(ctx.db, ctx.actor, { companyId: input?.companyId });
  }),
  history: fleetProcedure.input(historyInput).query(({ ctx, input }) => riderHistory(ctx.db, ctx.actor, input.riderId, input.date)),
  /** Public: the client needs the tile URL before anyone signs in to draw a map. */
  mapConfig: publicProcedure.query(({ ctx }) => ({ tileUrl: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_ATTRIBUTION })),
} satisfies TRPCRouterRecord;
