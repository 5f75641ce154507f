import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTileLayer } from './useTileLayer';
import { useLeafletMap } from './useLeafletMap';
import { markerHtml, markerState, type FleetRider } from './markers';

interface Props {
  tileUrl: string | undefined;
  attribution: string | undefined;
  riders: readonly FleetRider[];
  now: number;
  selected: string | null;
  onSelect: (riderId: string) => void;
  /** The selected rider's day, oldest first. */
  route: readonly { lat: number; lng: number }[] | null;
  label: string;
  /** Changes when the set of riders changes (another company): the view fits them again. */
  fitKey: string;
}

/**
 * Leaflet, driven imperatively from props. Pins are divIcons (HTML, no images),
 * so the map shows every rider even when no tile can load.
 */
export function LeafletMap({ tileUrl, attribution, riders, now, selected, onSelect, route, label, fitKey }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const line = useRef<L.Polyline | null>(null);
  const fitted = useRef<string | null>(null);
  const { map, layer: pins } = useLeafletMap(el, () => (fitted.current = null));
  const select = useRef(onSelect);
  select.current = onSelect;

  useTileLayer(map, tileUrl, attribution);

  useEffect(() => {
    const group = pins.current;
    const m = map.current;
    if (!group || !m) return;
    group.clearLayers();
    const placed = riders.filter((r) => r.lat !== null && r.lng !== null);
    for (const r of placed) {
      const state = markerState(r, now);
      const icon = L.divIcon({ html: markerHtml(r, state, r.id === selected), className: 'fleet-pin', iconSize: [36, 36], iconAnchor: [18, 18] });
      L.marker([r.lat!, r.lng!], { icon, title: r.name, alt: r.name, keyboard: true, riseOnHover: true, zIndexOffset: r.id === selected ? 1000 : state === 'stale' ? -100 : 0 })
        .on('click', () => select.current(r.id))
        .addTo(group);
    }
    if (placed.length && fitted.current !== fitKey) {
      fitted.current = fitKey;
      m.fitBounds(L.latLngBounds(placed.map((r) => [r.lat!, r.lng!] as [number, number])), { padding: [40, 40], maxZoom: 14 });
    }
  }, [map, pins, riders, now, selected, fitKey]);

  useEffect(() => {
    const m = map.current;
    line.current?.remove();
    line.current = null;
    if (!m || !route || route.length < 1) return;
    const latlngs = route.map((p) => [p.lat, p.lng] as [number, number]);
    // The class (stroke-primary) beats the attribute colour, so the line follows the theme.
    line.current = L.polyline(latlngs, { color: '#4f46e5', className: 'stroke-primary', weight: 4, opacity: 0.85 }).addTo(m);
    if (latlngs.length > 1) m.fitBounds(line.current.getBounds(), { padding: [40, 40], maxZoom: 15 });
  }, [map, route]);

  // Leaflet positions tiles and controls with physical left/top: keep its box left-to-right in Arabic.
  return <div ref={el} dir="ltr" role="region" aria-label={label} className="h-80 w-full rounded-box bg-base-200 sm:h-[28rem]" data-testid="fleet-map-canvas" />;
}
