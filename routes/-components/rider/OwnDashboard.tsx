import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { onOutboxSettled, startOutbox } from '../../../src/client/outbox';
import { trpc } from '../../../src/client/trpc';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { DashboardSkeleton, RiderDashboard } from './RiderDashboard';
import { useWarmRiderQueries } from './warm';

/** A rider's own /rider: their figures, and the writes (cash, location) through the outbox. */
export function OwnDashboard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const dash = useQuery(trpc.rider.dashboard.queryOptions());
  const track = useQuery(trpc.tracking.today.queryOptions());
  useWarmRiderQueries(queryClient);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.rider.dashboard.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.tracking.today.queryKey() });
  }, [queryClient]);
  useEffect(() => {
    // Writes kept while offline are replayed from here too; refetch when one lands.
    void startOutbox(user.id);
    return onOutboxSettled(refresh);
  }, [user.id, refresh]);
  if (dash.isPending || track.isPending) return <DashboardSkeleton />;
  if (!dash.data || !track.data) return null;
  return <RiderDashboard d={dash.data} k={track.data} actor={{ userId: user.id, riderId: dash.data.riderId }} onWritten={refresh} />;
}
