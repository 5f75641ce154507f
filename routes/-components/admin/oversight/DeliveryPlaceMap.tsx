import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from '../../fleet/useLeafletMap';
import { useTileLayer } from '../../fleet/useTileLayer';

const pinIcon = L.divIcon({ html: '<span class="block size-5 rounded-full border-4 border-base-100 bg-primary shadow-md ring-4 ring-primary/30"></span>', className: 'delivery-place', iconSize: [20, 20], iconAnchor: [10, 10] });

/** A small map with one pin where the order was delivered; loaded only when a delivered order with a place is opened. */
export function DeliveryPlaceMap({ lat, lng, tileUrl, attribution, label }: { lat: number; lng: number; tileUrl: string | undefined; attribution: string | undefined; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const { map, layer } = useLeafletMap(el);
  useTileLayer(map, tileUrl, attribution);
  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    L.marker([lat, lng], { icon: pinIcon, keyboard: false, interactive: false }).addTo(group);
    m.setView([lat, lng], 16);
  }, [map, layer, lat, lng]);
  // Leaflet lays out with physical left/top: left-to-right in Arabic too.
  return <div ref={el} dir="ltr" role="region" aria-label={label} className="h-44 w-full rounded-box bg-base-200" data-testid="proof-map" />;
}
