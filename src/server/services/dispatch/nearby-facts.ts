import type { Db } from '../../../../db/client';
import { readRows } from '../../../../db/prepared';
import type { GeoBox, LatLng } from '../../../shared/geo';
import type { RiderBrief, RiderFacts } from './facts';

/*
 * The reads of `chooseNearest`, each one statement prepared once (db/prepared.ts): first where the company's riders on
 * shift are (only those whose last position lies in a box around the pickup), then the facts `riderFacts` gives, for
 * the few riders of one ETA minute only; their per-rider counts are index lookups (orders_rider_status_idx,
 * order_status_events_rider_idx, dispatch_offers_rider_idx, duty_breaks_shift_idx) where `riderFacts` counts over the
 * whole company. Riders off shift are never read: no rule lets them be offered.
 */

const ON_SHIFT = `FROM riders r JOIN duty_shifts s ON s.rider_id = r.id AND s.ended_at IS NULL`;

const POSITIONS = `SELECT r.id, r.vehicle_type, r.last_lat, r.last_lng ${ON_SHIFT}
WHERE r.company_id = ? AND r.status = 'active' AND r.last_lat BETWEEN ? AND ? AND r.last_lng BETWEEN ? AND ?`;

const FACTS = `
SELECT r.id, r.name, r.company_id, r.vehicle_type, r.last_lat, r.last_lng,
  EXISTS (SELECT 1 FROM duty_breaks b WHERE b.shift_id = s.id AND b.ended_at IS NULL),
  (SELECT count(*) FROM orders o WHERE o.rider_id = r.id AND o.status IN ('assigned', 'picked_up') AND o.company_id = r.company_id),
  (SELECT count(*) FROM order_status_events e JOIN orders o ON o.id = e.order_id
     WHERE e.rider_id = r.id AND e.status = 'assigned' AND e.at >= ? AND o.company_id = r.company_id),
  EXISTS (SELECT 1 FROM dispatch_rider_state d WHERE d.rider_id = r.id AND d.paused_at IS NOT NULL),
  EXISTS (SELECT 1 FROM dispatch_offers f WHERE f.rider_id = r.id AND f.status = 'open' AND f.company_id = r.company_id)
${ON_SHIFT}
WHERE r.id IN (SELECT value FROM json_each(?)) AND r.company_id = ? AND r.status = 'active'`;

export interface RiderSpot {
  id: string;
  vehicleType: RiderBrief['vehicleType'];
  position: LatLng;
}

/** The company's active riders on shift whose last position lies in `box`. */
export async function ridersInBox(db: Db, companyId: string, box: GeoBox): Promise<RiderSpot[]> {
  const rows = (await readRows(db.$client, POSITIONS, [companyId, box.minLat, box.maxLat, box.minLng, box.maxLng])) as [string, RiderSpot['vehicleType'], number, number][];
  return rows.map(([id, vehicleType, lat, lng]) => ({ id, vehicleType, position: { lat, lng } }));
}

type Row = [string, string, string, RiderBrief['vehicleType'], number | null, number | null, number, number, number, number, number];

/** What `riderFacts` knows of these riders of the company (those still active and on shift). */
export async function factsOf(db: Db, companyId: string, dayStart: Date, riderIds: readonly string[]): Promise<RiderFacts[]> {
  const rows = (await readRows(db.$client, FACTS, [dayStart.getTime(), JSON.stringify(riderIds), companyId])) as Row[];
  return rows.map(([id, name, company, vehicleType, lat, lng, onBreak, load, today, paused, open]) => ({
    rider: { id, name, companyId: company, vehicleType, lastLat: lat, lastLng: lng },
    onShift: true,
    onBreak: onBreak === 1,
    position: lat !== null && lng !== null ? { lat, lng } : null,
    load,
    ordersToday: today,
    paused: paused === 1,
    hasOpenOffer: open === 1,
  }));
}
