import { CashCard } from './CashCard';
import { LocationCard } from './LocationCard';
import { ProgressCard } from './ProgressCard';
import { RouteCard } from './RouteCard';
import { StatsCards } from './StatsCards';
import type { RiderActor, RiderDashboardData, TrackingTodayData } from './types';

/** The rider's day: the same cards for the rider (who may write) and for an admin looking on (actor null). */
export function RiderDashboard({ d, k, actor, onWritten }: { d: RiderDashboardData; k: TrackingTodayData; actor: RiderActor | null; onWritten: () => void }) {
  return (
    <div className="space-y-4" data-testid="rider-dashboard" data-readonly={actor ? undefined : 'true'}>
      <StatsCards d={d} />
      <div className="grid gap-4 md:grid-cols-2">
        <CashCard d={d} actor={actor} onWritten={onWritten} />
        <LocationCard k={k} actor={actor} onWritten={onWritten} />
        <RouteCard k={k} />
        <ProgressCard k={k} />
      </div>
    </div>
  );
}

export function DashboardSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton h-24" />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton h-40" />
        ))}
      </div>
    </div>
  );
}
