import type { Db } from '../../../../db/client';
import { readRows } from '../../../../db/prepared';
import type { GeoBox } from '../../../shared/geo';
import type { RiderFacts } from './facts';

/**
 * The riders `riderFacts` would call on shift, but only those whose last position lies in `box`, each with the same
 * facts, in one statement prepared once (db/prepared.ts): the per-rider counts are index lookups
 * (orders_rider_status_idx, order_status_events_rider_idx, dispatch_offers_rider_idx) for the riders in the box only,
 * where `riderFacts` counts over the whole company. Riders off shift are left out: no rule lets them be offered.
 */
const NEARBY = `
SELECT r.id, r.name, r.company_id, r.vehicle_type, r.last_lat, r.last_lng,
  EXISTS (SELECT 1 FROM duty_breaks b WHERE b.shift_id = s.id AND b.ended_at IS NULL),
  (SELECT count(*) FROM orders o WHERE o.rider_id = r.id AND o.status IN ('assigned', 'picked_up') AND o.company_id = r.company_id),
  (SELECT count(*) FROM order_status_events e JOIN orders o ON o.id = e.order_id
     WHERE e.rider_id = r.id AND e.status = 'assigned' AND e.at >= ? AND o.company_id = r.company_id),
  EXISTS (SELECT 1 FROM dispatch_rider_state d WHERE d.rider_id = r.id AND d.paused_at IS NOT NULL),
  EXISTS (SELECT 1 FROM dispatch_offers f WHERE f.rider_id = r.id AND f.status = 'open' AND f.company_id = r.company_id)
FROM riders r
JOIN duty_shifts s ON s.rider_id = r.id AND s.ended_at IS NULL
WHERE r.company_id = ? AND r.status = 'active' AND r.last_lat BETWEEN ? AND ? AND r.last_lng BETWEEN ? AND ?`;

type Row = [string, string, string, RiderFacts['rider']['vehicleType'], number, number, number, number, number, number, number];

export async function nearbyRiderFacts(db: Db, companyId: string, dayStart: Date, box: GeoBox): Promise<RiderFacts[]> {
  const rows = (await readRows(db.$client, NEARBY, [dayStart.getTime(), companyId, box.minLat, box.maxLat, box.minLng, box.maxLng])) as Row[];
  return rows.map(([id, name, company, vehicleType, lat, lng, onBreak, load, today, paused, open]) => ({
    rider: { id, name, companyId: company, vehicleType, lastLat: lat, lastLng: lng },
    onShift: true,
    onBreak: onBreak === 1,
    position: { lat, lng },
    load,
    ordersToday: today,
    paused: paused === 1,
    hasOpenOffer: open === 1,
  }));
}
