import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTileLayer } from '../fleet/useTileLayer';
import type { AddressCountry } from '../../../src/shared/gulf/areas';

const CENTRES: Record<AddressCountry, [number, number]> = { KW: [29.3375, 48.0], AE: [25.2048, 55.2708] };

/** A small Leaflet map: a tap drops (or moves) the pin. Always left-to-right, whatever the page's direction. */
export function PinMap({
  country,
  pin,
  onPin,
  tileUrl,
  attribution,
  label,
}: {
  country: AddressCountry;
  pin: { lat: number; lng: number } | null;
  onPin: (pin: { lat: number; lng: number }) => void;
  tileUrl: string | undefined;
  attribution: string | undefined;
  label: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onPinRef = useRef(onPin);
  onPinRef.current = onPin;

  // The map is made once per country, starting on the pin it has then; the effect below moves the pin.
  const startPin = useEffectEvent(() => pin);
  useEffect(() => {
    const at = startPin();
    const m = L.map(el.current!, { center: at ? [at.lat, at.lng] : CENTRES[country], zoom: at ? 15 : 10, scrollWheelZoom: false });
    m.attributionControl.setPrefix(false);
    m.on('click', (e: L.LeafletMouseEvent) => onPinRef.current({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }));
    map.current = m;
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(el.current!);
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, [country]);

  useTileLayer(map, tileUrl, attribution);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const icon = L.divIcon({ html: '<span class="block size-6 rounded-full border-4 border-white bg-primary shadow-md" aria-hidden="true"></span>', className: 'address-pin-wrap', iconSize: [24, 24], iconAnchor: [12, 12] });
    if (marker.current) marker.current.setLatLng([pin.lat, pin.lng]);
    else marker.current = L.marker([pin.lat, pin.lng], { icon, keyboard: false }).addTo(m);
  }, [pin]);

  return <div ref={el} dir="ltr" role="application" aria-label={label} className="h-56 w-full overflow-hidden rounded-box border border-base-300" data-testid="address-pin-map" />;
}
