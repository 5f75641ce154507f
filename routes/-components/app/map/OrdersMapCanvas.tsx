import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from '../../fleet/useLeafletMap';
import { useTileLayer } from '../../fleet/useTileLayer';
import type { MapStop } from './stops';

type LatLng = { lat: number; lng: number };

interface Props {
  stops: readonly MapStop[];
  me: LatLng | null;
  trail: readonly LatLng[];
  tileUrl: string | undefined;
  attribution: string | undefined;
  label: string;
  stopTitle: (s: MapStop) => string;
  meTitle: string;
  onPick: (orderId: string) => void;
}

/** A numbered pin: the pickup hollow, the delivery filled. HTML, no image, so it draws with no tile at all. */
function stopIcon(s: MapStop) {
  const look = s.kind === 'pickup' ? 'border-primary bg-base-100 text-primary' : 'border-base-100 bg-primary text-primary-content';
  return L.divIcon({
    html: `<span class="flex size-8 items-center justify-center rounded-full border-[3px] text-sm font-bold shadow-md ${look}">${s.n}</span>`,
    className: 'rider-stop',
    iconSize: [32, 32],
    iconAnchor: [16, 16],
  });
}

const meIcon = L.divIcon({ html: '<span class="block size-5 rounded-full border-4 border-base-100 bg-info shadow-md ring-4 ring-info/30"></span>', className: 'rider-me', iconSize: [20, 20], iconAnchor: [10, 10] });

/**
 * Leaflet for the rider: today's stops, the rider's last known place and this duty's route. Always left-to-right
 * (Leaflet places tiles and controls with physical left/top); the plain background shows where no tile is cached.
 */
export function OrdersMapCanvas({ stops, me, trail, tileUrl, attribution, label, stopTitle, meTitle, onPick }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);
  const { map, layer } = useLeafletMap(el, () => (fitted.current = false));
  const pick = useRef(onPick);
  pick.current = onPick;

  useTileLayer(map, tileUrl, attribution);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    if (trail.length > 1) {
      L.polyline(
        trail.map((p) => [p.lat, p.lng] as [number, number]),
        { color: '#4f46e5', className: 'stroke-info', weight: 4, opacity: 0.8, interactive: false },
      ).addTo(group);
    }
    if (me) L.marker([me.lat, me.lng], { icon: meIcon, title: meTitle, alt: meTitle, keyboard: false, zIndexOffset: -100 }).addTo(group);
    for (const s of stops) {
      // Set as DOM properties and attributes, never as HTML: no escaping needed.
      const title = stopTitle(s);
      const marker = L.marker([s.lat, s.lng], { icon: stopIcon(s), title, alt: title, keyboard: true, riseOnHover: true, zIndexOffset: s.kind === 'delivery' ? 100 : 0 })
        .on('click', () => pick.current(s.orderId))
        .addTo(group);
      // Leaflet makes the pin a button named by its text (the number): the whole title names it for a screen reader.
      marker.getElement()?.setAttribute('aria-label', title);
    }
    // Fitted once per opening: a new ping must not pull the view away from where the rider moved it.
    const points = [...stops, ...(me ? [me] : [])].map((p) => [p.lat, p.lng] as [number, number]);
    if (points.length && !fitted.current) {
      fitted.current = true;
      m.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    }
  }, [map, layer, stops, me, trail, stopTitle, meTitle]);

  return <div ref={el} dir="ltr" role="region" aria-label={label} className="h-72 w-full rounded-box bg-base-200 sm:h-96" data-testid="rider-map-canvas" />;
}
