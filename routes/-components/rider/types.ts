import type { RouterOutputs } from '../../../src/server/trpc/root';

export type RiderDashboardData = RouterOutputs['rider']['dashboard'];
export type TrackingTodayData = RouterOutputs['tracking']['today'];

/** Who may write from this view: the rider themself; an admin looks on read-only (null). */
export interface RiderActor {
  userId: string;
  riderId: string;
}
