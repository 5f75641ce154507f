import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { KUWAIT_CENTRE } from './centre';

/**
 * A Leaflet map in `el` centred on Kuwait (no scroll-wheel zoom, attribution without Leaflet's prefix), with one
 * layer group for what the screen draws, resized with its box, removed on unmount. `onRemove` resets what the
 * screen kept about the map (e.g. whether it has been fitted to its points).
 */
export function useLeafletMap(el: RefObject<HTMLDivElement | null>, onRemove: () => void = () => undefined) {
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const removed = useRef(onRemove);
  removed.current = onRemove;
  useEffect(() => {
    const m = L.map(el.current!, { center: [KUWAIT_CENTRE.lat, KUWAIT_CENTRE.lng], zoom: 11, scrollWheelZoom: false, attributionControl: true });
    m.attributionControl.setPrefix(false);
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(el.current!);
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
      removed.current();
    };
  }, [el]);
  return { map, layer };
}
