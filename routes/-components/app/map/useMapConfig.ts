import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../../../src/client/trpc';
import { local } from '../local';

type MapConfig = { tileUrl: string; attribution: string };

/** The tile server's address as last answered: public, the same for every rider on the phone. */
const lastConfig = local<MapConfig | null>('rider-app:map-config', null);

/**
 * The tile URL and its credit, kept on the phone: opened offline, the map still asks for the tiles it showed before
 * (the service worker answers them from its cache, src/client/sw/tiles.ts) instead of drawing no tile layer at all.
 */
export function useMapConfig(): MapConfig | undefined {
  const kept = lastConfig.get();
  const q = useQuery({ ...trpc.tracking.mapConfig.queryOptions(), staleTime: 3_600_000, ...(kept ? { initialData: kept, initialDataUpdatedAt: 0 } : {}) });
  useEffect(() => {
    if (q.data && q.dataUpdatedAt > 0) lastConfig.set({ tileUrl: q.data.tileUrl, attribution: q.data.attribution });
  }, [q.data, q.dataUpdatedAt]);
  return q.data;
}
