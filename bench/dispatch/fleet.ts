/**
 * The fleet the dispatch bench measures (issue 25, item 8): the scale set's company with the most active riders,
 * topped up to `riders` active riders, every one of them on duty (an open shift since an hour ago) with a position.
 * Riders already on duty keep the position the data set gave them; the others get one spread evenly over a disc of
 * `radiusKm` around the fleet's centre (a city's reach). The company dispatches automatically.
 */
import type { Client } from '@libsql/client';
import { newId } from '../../db/schema/ids';
import type { LatLng } from '../../src/shared/geo';
const HOUR_MS = 3_600_000;

export interface BenchFleet {
  companyId: string;
  managerId: string;
  region: string;
  currency: string;
  centre: LatLng;
  radiusKm: number;
  riders: number;
  added: number;
  shiftsOpened: number;
}

const KM_PER_DEG = 111.195;

/** A point spread evenly over the disc of `radiusKm` around `centre`. */
export function inDisc(centre: LatLng, radiusKm: number, rand: () => number): LatLng {
  const dist = radiusKm * Math.sqrt(rand());
  const angle = rand() * 2 * Math.PI;
  return { lat: centre.lat + (dist * Math.cos(angle)) / KM_PER_DEG, lng: centre.lng + (dist * Math.sin(angle)) / KM_PER_DEG / Math.cos((centre.lat * Math.PI) / 180) };
}

const VEHICLES = ['motorcycle', 'motorcycle', 'motorcycle', 'motorcycle', 'motorcycle', 'motorcycle', 'motorcycle', 'car', 'car', 'bicycle'] as const;

export async function prepareFleet(client: Client, opts: { riders: number; radiusKm: number; now: number; rand: () => number }): Promise<BenchFleet> {
  const one = async (sql: string, args: (string | number)[] = []) => (await client.execute({ sql, args })).rows[0]!;
  const top = await one("SELECT r.company_id AS id, count(*) AS n FROM riders r WHERE r.status = 'active' GROUP BY r.company_id ORDER BY n DESC, r.company_id LIMIT 1");
  const companyId = String(top.id);
  const company = await one('SELECT region, currency FROM companies WHERE id = ?', [companyId]);
  const manager = await one('SELECT user_id FROM company_members WHERE company_id = ? LIMIT 1', [companyId]);
  const c = await one('SELECT avg(last_lat) AS lat, avg(last_lng) AS lng FROM riders WHERE company_id = ? AND last_lat IS NOT NULL', [companyId]);
  const centre = { lat: Number(c.lat), lng: Number(c.lng) };
  const { now, rand } = opts;
  const stmts: { sql: string; args: (string | number | null)[] }[] = [];
  const added = Math.max(0, opts.riders - Number(top.n));
  for (let i = 0; i < added; i++) {
    const id = newId();
    stmts.push({
      sql: `INSERT INTO riders (id, company_id, name, email, phone, vehicle_type, status, region, on_duty, created_at) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, 0, ?)`,
      args: [id, companyId, `Dispatch Bench ${i + 1}`, `dispatch-bench-${i + 1}-${id}@bench.kwt`, `+9655${String(1_000_000 + i).slice(-7)}`, VEHICLES[i % VEHICLES.length]!, String(company.currency), now],
    });
  }
  await client.batch(stmts, 'write');
  const off = await client.execute({
    sql: `SELECT r.id FROM riders r WHERE r.company_id = ? AND r.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM duty_shifts s WHERE s.rider_id = r.id AND s.ended_at IS NULL)`,
    args: [companyId],
  });
  const shifts = off.rows.flatMap((row) => {
    const p = inDisc(centre, opts.radiusKm, rand);
    return [
      { sql: 'INSERT INTO duty_shifts (id, rider_id, started_at, start_odometer_km) VALUES (?, ?, ?, 1000)', args: [newId(), String(row.id), now - HOUR_MS] },
      { sql: 'UPDATE riders SET on_duty = 1, last_lat = ?, last_lng = ?, last_seen_at = ? WHERE id = ?', args: [p.lat, p.lng, now, String(row.id)] },
    ];
  });
  await client.batch(shifts, 'write');
  // Every rider who answers offers signs in to the app: the fleet's riders without an account get one (a rider
  // without an account cannot answer an offer, services/dispatch/answers.ts).
  const unsigned = await client.execute({ sql: "SELECT id, name, email FROM riders WHERE company_id = ? AND status = 'active' AND user_id IS NULL", args: [companyId] });
  await client.batch(
    unsigned.rows.flatMap((row) => {
      const userId = newId();
      return [
        { sql: "INSERT INTO users (id, email, first_name, role, created_at) VALUES (?, ?, ?, 'rider', ?)", args: [userId, `u-${String(row.email)}`, String(row.name), now] },
        { sql: 'UPDATE riders SET user_id = ? WHERE id = ?', args: [userId, String(row.id)] },
      ];
    }),
    'write',
  );
  // An on-duty rider of the data set without a position yet (none expected) gets one too.
  const lost = await client.execute({ sql: "SELECT id FROM riders WHERE company_id = ? AND status = 'active' AND last_lat IS NULL", args: [companyId] });
  await client.batch(
    lost.rows.map((row) => {
      const p = inDisc(centre, opts.radiusKm, rand);
      return { sql: 'UPDATE riders SET last_lat = ?, last_lng = ?, last_seen_at = ? WHERE id = ?', args: [p.lat, p.lng, now, String(row.id)] };
    }),
    'write',
  );
  await client.execute({
    sql: "INSERT INTO dispatch_settings (company_id, mode) VALUES (?, 'auto') ON CONFLICT (company_id) DO UPDATE SET mode = 'auto'",
    args: [companyId],
  });
  const onDuty = await one(
    `SELECT count(*) AS n FROM riders r WHERE r.company_id = ? AND r.status = 'active' AND r.last_lat IS NOT NULL
     AND EXISTS (SELECT 1 FROM duty_shifts s WHERE s.rider_id = r.id AND s.ended_at IS NULL)`,
    [companyId],
  );
  return {
    companyId,
    managerId: String(manager.user_id),
    region: String(company.region),
    currency: String(company.currency),
    centre,
    radiusKm: opts.radiusKm,
    riders: Number(onDuty.n),
    added,
    shiftsOpened: off.rows.length,
  };
}
