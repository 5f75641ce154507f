import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOutbox } from '../../../src/client/outbox/hooks';
import { trpc } from '../../../src/client/trpc';
import type { Currency } from '../../../src/shared/money';
import type { PerformanceMetrics } from '../../../src/shared/performance';
import { unseenWrites } from './overlay';
import { useRider } from './RiderContext';
import { todayFigures, unsentOf } from './today';

/**
 * The performance panel's figures at `now`: the server's of today (the answer /rider shows, from the persisted cache
 * when offline) with the deliveries the server has not seen yet.
 */
export function useTodayFigures(now: number): { metrics: PerformanceMetrics; currency: Currency } {
  const { duty, dash } = useRider();
  const q = useQuery(trpc.tracking.today.queryOptions());
  const { pending, done } = useOutbox();
  const unsent = useMemo(() => unsentOf(unseenWrites(pending, done, q.dataUpdatedAt)), [pending, done, q.dataUpdatedAt]);
  const currency = q.data?.currency ?? dash?.currency ?? 'KWD';
  return { metrics: todayFigures(q.data, { duty, unsent, currency }, now), currency };
}
