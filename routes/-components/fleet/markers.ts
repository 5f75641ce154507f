import type { RouterOutputs } from '../../../src/server/trpc/root';
import type { Currency } from '../../../src/shared/money';
import { regionOfCurrency } from '../../../src/shared/regions';
import { isStale } from '../../../src/shared/schemas/fleet';

export type FleetRider = RouterOutputs['tracking']['fleet'][number];
export type MarkerState = 'onDuty' | 'offDuty' | 'stale';

/** Stale (not seen for 10 minutes) wins over duty: a grey pin says "this position is old". */
export function markerState(r: Pick<FleetRider, 'onDuty' | 'lastSeenAt'>, now: number): MarkerState {
  if (isStale(r.lastSeenAt, now)) return 'stale';
  return r.onDuty ? 'onDuty' : 'offDuty';
}

/** Full class names, so Tailwind's scanner sees them. */
export const PIN_CLASS: Record<MarkerState, string> = {
  onDuty: 'bg-success text-success-content',
  offDuty: 'bg-info text-info-content',
  stale: 'bg-base-300 text-base-content/70 opacity-80 grayscale',
};
export const DOT_CLASS: Record<MarkerState, string> = { onDuty: 'bg-success', offDuty: 'bg-info', stale: 'bg-base-300' };

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A rider's pin as HTML for a Leaflet divIcon: no image, so it draws without any network. */
export function markerHtml(r: Pick<FleetRider, 'id' | 'name' | 'lat' | 'lng'>, state: MarkerState, selected: boolean): string {
  const ring = selected ? ' ring-4 ring-primary ring-offset-2 ring-offset-base-100' : '';
  return `<span data-testid="fleet-marker" data-rider="${escapeHtml(r.id)}" data-state="${state}" data-lat="${Number(r.lat)}" data-lng="${Number(r.lng)}" class="flex size-9 items-center justify-center rounded-full border-2 border-white text-xs font-bold shadow-md ${PIN_CLASS[state]}${ring}">${escapeHtml(initials(r.name))}</span>`;
}

/** Today's date (YYYY-MM-DD) where the rider works: Kuwait or Dubai. */
export function localDate(region: Currency, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: regionOfCurrency(region).timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
