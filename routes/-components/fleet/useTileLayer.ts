import L from 'leaflet';
import { useEffect, type RefObject } from 'react';

/**
 * The configured tile layer on a Leaflet map (MAP_TILE_URL, its attribution); none when no tile URL
 * is known yet. Call it after the effect that creates the map, so the map exists when this runs.
 */
export function useTileLayer(map: RefObject<L.Map | null>, tileUrl: string | undefined, attribution: string | undefined) {
  useEffect(() => {
    const m = map.current;
    if (!m || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: 19, crossOrigin: false }).addTo(m);
    return () => void layer.remove();
  }, [map, tileUrl, attribution]);
}
