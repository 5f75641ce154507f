import type { TRPCRouterRecord } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import type { SessionUser } from '../../../shared/schemas/auth';
import { fleetInput, historyInput } from '../../../shared/schemas/fleet';
import { changeTicks } from '../../lib/events';
import { fleetPositions, riderHistory, type FleetScope } from '../../services/location';
import { deniedMessage, permittedProcedure, publicProcedure } from '../init';

/** A manager sees their own company's riders whatever they ask for; an admin all, or one company. */
function scopeOf(user: SessionUser, companyId: string | undefined): FleetScope {
  if (user.role === 'admin') return { companyId: companyId ?? null };
  const own = user.role === 'company' ? user.roleData.id : null;
  if (!own) throw new TRPCError({ code: 'FORBIDDEN', message: deniedMessage('view-analytics') });
  return { companyId: own };
}

/** Riders have no fleet view: the map is for those who manage riders (companies and admins). */
const fleetProcedure = permittedProcedure('view-analytics');

/** The live fleet map: positions, live updates, a rider's day as a line, and the tile server. */
export const trackingFleetProcedures = {
  fleet: fleetProcedure.input(fleetInput).query(({ ctx, input }) => fleetPositions(ctx.db, scopeOf(ctx.user, input?.companyId))),
  /** The same list, sent again whenever a rider moves, goes on or off duty, or a rider changes. */
  fleetLive: fleetProcedure.input(fleetInput).subscription(async function* ({ ctx, input, signal }) {
    const scope = scopeOf(ctx.user, input?.companyId);
    for await (const _ of changeTicks(['locations', 'duty', 'riders'], signal)) yield await fleetPositions(ctx.db, scope);
  }),
  history: fleetProcedure.input(historyInput).query(({ ctx, input }) => riderHistory(ctx.db, scopeOf(ctx.user, undefined), input.riderId, input.date)),
  /** Public: the client needs the tile URL before anyone signs in to draw a map. */
  mapConfig: publicProcedure.query(({ ctx }) => ({ tileUrl: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_ATTRIBUTION })),
} satisfies TRPCRouterRecord;
