import type { LatLng } from '../../../shared/geo';
import { distanceKm } from '../../../shared/geo';
import type { VEHICLE_TYPES } from '../../../shared/schemas/fields';

/**
 * Issue 25: travel time without any outside service: straight-line km x a detour factor, at a speed per
 * vehicle type and local hour. A company without history gets these defaults; its learned model
 * (eta_model rows) replaces them vehicle by vehicle and hour by hour.
 */
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface TravelModel {
  /** km/h by vehicle type, then by local hour 0-23. */
  speedKmh: Record<VehicleType, readonly number[]>;
  detourFactor: Record<VehicleType, number>;
}

const flat = (kmh: number) => Array.from({ length: 24 }, () => kmh);

export const DEFAULT_TRAVEL_MODEL: TravelModel = {
  speedKmh: { motorcycle: flat(28), car: flat(26), van: flat(24), bicycle: flat(14) },
  detourFactor: { motorcycle: 1.35, car: 1.35, van: 1.35, bicycle: 1.3 },
};

/** Minutes from `from` to `to` for a vehicle leaving at local hour `hour` (0-23). */
export function travelMinutes(model: TravelModel, from: LatLng, to: LatLng, vehicle: VehicleType, hour: number): number {
  const km = distanceKm(from, to) * model.detourFactor[vehicle];
  const kmh = model.speedKmh[vehicle][((Math.floor(hour) % 24) + 24) % 24]!;
  return (km / kmh) * 60;
}
