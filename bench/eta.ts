/**
 * ETA accuracy (issue 25, item 3): the error of the drop-off ETA made at the moment of pickup, over the delivered
 * orders of the scale data set, learning on the first 80 % of its days and scoring on the last 20 %, against a fixed
 * 25 km/h (straight-line km / 25 km/h) and the untrained defaults.
 *
 * The scale data set has no rides (see bench/eta/trips.ts): each delivered order from 28 days before the cut on
 * gets a SYNTHETIC ride (pickup and drop-off pins, duration, pings every 30 s), drawn from a stated traffic model.
 * The rides of the learning window (the 28 days before the cut: the learner's own window) are written into a copy
 * of the set (order pins, pickup event, delivery time, pings); learnTravelModel then reads them from the tables as
 * in production, per company, with `until` = the cut. The later rides are scored against each company's model.
 *
 * Usage: bun bench/eta.ts [--db .tmp/bench-full.db]   (build the set first: bun run bench:data)
 */
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { InStatement } from '@libsql/client';
import { createDb } from '../db/client';
import { distanceKm } from '../src/shared/geo';
import { gulfHour, learnTravelModel, loadTravelModel, travelMinutes, DEFAULT_TRAVEL_MODEL, LEARN_WINDOW_DAYS, type TravelModel, type VehicleType } from '../src/server/services/routing';
import { DAY_MS } from '../src/shared/time';
import { planFleet } from './data/fleet';
import type { Manifest } from './data/finish';
import { prng } from './data/random';
import { companyTraffic, drawRide, gauss, ridePings, type CompanyTraffic, type Ride } from './eta/trips';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: '.tmp/bench-full.db' } } });
if (!existsSync(args.db)) throw new Error(`${args.db} not found: build the scale data set first (bun run bench:data)`);
const manifest = JSON.parse(readFileSync(`${args.db}.json`, 'utf8')) as Manifest;
const fleet = planFleet(manifest.seed, manifest.size);
const file = `.tmp/bench-eta-${process.pid}.db`;
copyFileSync(args.db, file);
const db = await createDb({ url: `file:${file}` });
const t0 = performance.now();

const span = (await db.$client.execute("SELECT min(created_at) AS a, max(created_at) AS b FROM orders WHERE status = 'delivered'")).rows[0]!;
const first = Math.floor(Number(span.a) / DAY_MS) * DAY_MS;
const days = Math.ceil((Number(span.b) - first) / DAY_MS);
const cut = first + Math.round(days * 0.8) * DAY_MS;
const learnFrom = cut - LEARN_WINDOW_DAYS * DAY_MS;

const { rows } = await db.$client.execute({
  sql: `SELECT o.id, o.company_id, o.rider_id, o.created_at, r.vehicle_type, c.region FROM orders o
    JOIN riders r ON r.id = o.rider_id JOIN companies c ON c.id = o.company_id
    WHERE o.status = 'delivered' AND o.created_at >= ? ORDER BY o.created_at, o.id`,
  args: [learnFrom - DAY_MS],
});

const r = prng(manifest.seed, 'eta-rides');
const traffic = new Map<string, CompanyTraffic>(fleet.companies.map((c) => [c.id, companyTraffic(r, c.hub)]));
const riderFactor = new Map<string, number>();
interface Scored {
  company: string;
  vehicle: VehicleType;
  region: 'kuwait' | 'uae';
  pickedAt: number;
  ride: Ride;
}
const scored: Scored[] = [];
const writes: InStatement[] = [];
let learnRides = 0;
let pings = 0;
const flush = async () => {
  if (writes.length) await db.$client.batch(writes.splice(0), 'write');
};
for (const o of rows) {
  const company = String(o.company_id);
  const riderId = String(o.rider_id);
  const vehicle = String(o.vehicle_type) as VehicleType;
  const region = String(o.region) as 'kuwait' | 'uae';
  // As the set's generator: assigned 1-8 min after creation, picked up 8-25 min later.
  const pickedAt = Number(o.created_at) + r.int(9, 33) * 60_000;
  const local = new Date(pickedAt + (region === 'uae' ? 4 : 3) * 3_600_000);
  let rf = riderFactor.get(riderId);
  if (rf === undefined) riderFactor.set(riderId, (rf = Math.exp(0.08 * gauss(r))));
  const ride = drawRide(r, traffic.get(company)!, vehicle, rf, gulfHour(pickedAt, region), local.getUTCDay() === 5);
  if (pickedAt >= cut) {
    scored.push({ company, vehicle, region, pickedAt, ride });
    continue;
  }
  if (pickedAt < learnFrom) continue;
  learnRides++;
  const p = ridePings(r, ride, pickedAt);
  pings += p.length;
  writes.push(
    { sql: 'UPDATE orders SET pickup_lat = ?, pickup_lng = ?, dropoff_lat = ?, dropoff_lng = ?, delivered_at = ? WHERE id = ?', args: [ride.pickup.lat, ride.pickup.lng, ride.dropoff.lat, ride.dropoff.lng, pickedAt + ride.ms, String(o.id)] },
    { sql: "INSERT INTO order_status_events (order_id, status, rider_id, at) VALUES (?, 'picked_up', ?, ?)", args: [String(o.id), riderId, pickedAt] },
    { sql: `INSERT INTO location_pings (rider_id, lat, lng, accuracy_m, recorded_at, created_at) VALUES ${p.map(() => '(?, ?, ?, 8, ?, ?)').join(', ')}`, args: p.flatMap((x) => [riderId, x.lat, x.lng, x.at, x.at]) },
  );
  if (writes.length >= 3000) await flush();
}
await flush();
const written = performance.now();

const companies = [...new Set(scored.map((s) => s.company))];
const models = new Map<string, TravelModel>();
let learnMs = 0;
let slowest = 0;
for (const c of companies) {
  const t = performance.now();
  await learnTravelModel(db, c, new Date(cut));
  const ms = performance.now() - t;
  learnMs += ms;
  slowest = Math.max(slowest, ms);
  models.set(c, await loadTravelModel(db, c));
}

const errors = { learned: [] as number[], defaults: [] as number[], fixed25: [] as number[], oracle: [] as number[] };
for (const s of scored) {
  const actual = s.ride.ms / 60_000;
  const hour = gulfHour(s.pickedAt, s.region);
  errors.learned.push(Math.abs(travelMinutes(models.get(s.company)!, s.ride.pickup, s.ride.dropoff, s.vehicle, hour) - actual));
  errors.defaults.push(Math.abs(travelMinutes(DEFAULT_TRAVEL_MODEL, s.ride.pickup, s.ride.dropoff, s.vehicle, hour) - actual));
  errors.fixed25.push(Math.abs((distanceKm(s.ride.pickup, s.ride.dropoff) / 25) * 60 - actual));
  errors.oracle.push(Math.abs(s.ride.expectedMs / 60_000 - actual));
}
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
const f1 = (x: number) => x.toFixed(1);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const actualMin = scored.map((s) => s.ride.ms / 60_000);

console.log(`Scale data set ${args.db} (seed ${manifest.seed}, --now ${manifest.now}): delivered orders over ${days} days from ${day(first)}.`);
console.log(`Learning: days before ${day(cut)} (80 %); the learner's window is its last ${LEARN_WINDOW_DAYS} days: ${learnRides.toLocaleString('en-US')} synthetic rides, ${pings.toLocaleString('en-US')} pings written in ${f1((written - t0) / 1000)} s.`);
console.log(`learnTravelModel for ${companies.length} companies: ${f1(learnMs / 1000)} s in all, ${Math.round(learnMs / companies.length)} ms on average, slowest ${Math.round(slowest)} ms.`);
console.log(`Scored: ${scored.length.toLocaleString('en-US')} delivered orders picked up from ${day(cut)} on (the last 20 % of days); ride times median ${f1(q(actualMin, 0.5))} min, p90 ${f1(q(actualMin, 0.9))} min.\n`);
console.log('| drop-off ETA made at pickup | median abs. error | p90 abs. error | mean abs. error |');
console.log('| --- | ---: | ---: | ---: |');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const [label, xs] of [
  ['learned model (per company, vehicle, hour; detour)', errors.learned],
  ['defaults, untrained (src/server/services/routing/travel.ts)', errors.defaults],
  ['baseline: straight line at a fixed 25 km/h', errors.fixed25],
  ['floor: the traffic model\'s own expectation (knows the road km, hour, Friday, city, rider; not the ride\'s luck)', errors.oracle],
] as const) {
  console.log(`| ${label} | ${f1(q(xs, 0.5))} min | ${f1(q(xs, 0.9))} min | ${f1(mean(xs))} min |`);
}
db.$client.close();
for (const x of ['', '-wal', '-shm']) rmSync(file + x, { force: true });
