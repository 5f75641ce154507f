/**
 * Dispatch at fleet scale (issue 25, item 8), on a copy of the scale data set (`bun run bench:data`):
 *  1. the fleet: the company with the most riders, topped up to 2,000 active riders all on duty with positions
 *     (bench/dispatch/fleet.ts), in automatic dispatch;
 *  2. one dispatch decision (the choice `startDispatch` makes) timed over --runs new orders: target p95 < 20 ms;
 *     every 10th also decided by reading every rider (`choose`), which must pick the same rider;
 *  3. --rate new orders a minute for --minutes through the order service with dispatch on
 *     (bench/dispatch/load.ts): target every order offered within 2 s of creation and none lost.
 * The load average is printed beside each figure (a shared machine: read it with the figures).
 *
 * Usage: bun bench/dispatch.ts [--db .tmp/bench-full.db] [--copy .tmp/bench-dispatch.db] [--riders 2000]
 *        [--runs 300] [--rate 1000] [--minutes 5] [--no-load] [--seed 25]
 * Writes .tmp/bench-dispatch.json.
 */
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { percentile } from './data/measure';
import { prepareFleet } from './dispatch/fleet';
import { timeDecisions } from './dispatch/decision';
import { runLoad } from './dispatch/load';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: '.tmp/bench-full.db' },
    copy: { type: 'string', default: '.tmp/bench-dispatch.db' },
    riders: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '300' },
    rate: { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '5' },
    'no-load': { type: 'boolean', default: false },
    seed: { type: 'string', default: '25' },
  },
});
if (!existsSync(opts.db)) throw new Error(`${opts.db} is missing: make it with \`bun run bench:data\` (see docs/benchmarks.md)`);

let seed = Number(opts.seed);
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${s}`);
const ms = (x: number) => `${x.toFixed(1)} ms`;
const summary = (xs: number[]) => ({ n: xs.length, p50: percentile(xs, 0.5), p95: percentile(xs, 0.95), p99: percentile(xs, 0.99), max: Math.max(...xs) });

// A copy: the bench adds riders, shifts, orders and offers.
for (const suffix of ['', '-wal', '-shm']) rmSync(opts.copy + suffix, { force: true });
copyFileSync(opts.db, opts.copy);
if (existsSync(`${opts.db}-wal`)) copyFileSync(`${opts.db}-wal`, `${opts.copy}-wal`);
const db = await createDb({ url: `file:${opts.copy}` });
await applyMigrations(db);
const fleet = await prepareFleet(db.$client, { riders: Number(opts.riders), radiusKm: 12, now: Date.now(), rand });
log(`fleet: company ${fleet.companyId} (${fleet.region}), ${fleet.riders} riders on duty with a position (${fleet.added} added, ${fleet.shiftsOpened} shifts opened), reach ${fleet.radiusKm} km around ${fleet.centre.lat.toFixed(4)}, ${fleet.centre.lng.toFixed(4)}`);

const loadBefore = load();
const d = await timeDecisions(db, fleet, { runs: Number(opts.runs), warm: 20, checkEvery: 10, rand });
const decision = { loadBefore, loadAfter: load(), nearest: summary(d.nearest), cpu: summary(d.cpu), all: summary(d.all), same: d.same, compared: d.compared, outcomes: d.outcomes };
log(`decision (chooseNearest) over ${decision.nearest.n}: p50 ${ms(decision.nearest.p50)}, p95 ${ms(decision.nearest.p95)}, p99 ${ms(decision.nearest.p99)}, max ${ms(decision.nearest.max)} — target p95 < 20 ms: ${decision.nearest.p95 < 20 ? 'met' : 'missed'}`);
log(`CPU time per decision: p50 ${ms(decision.cpu.p50)}, p95 ${ms(decision.cpu.p95)}, max ${ms(decision.cpu.max)}`);
log(`every rider read (choose) over ${decision.all.n}: p50 ${ms(decision.all.p50)}, p95 ${ms(decision.all.p95)}; same rider ${d.same}/${d.compared}; outcomes ${JSON.stringify(d.outcomes)}`);

let loadRun: Record<string, unknown> | null = null;
if (!opts['no-load']) {
  const perMinute = Number(opts.rate);
  const minutes = Number(opts.minutes);
  log(`load: ${perMinute} orders a minute for ${minutes} min`);
  const t0 = performance.now();
  const r = await runLoad(db, fleet, { perMinute, minutes, rand, log });
  const lat = summary(r.latencies);
  loadRun = { perMinute, minutes, seconds: (performance.now() - t0) / 1000, loadAfter: load(), ...r, latencies: undefined, latency: lat };
  log(`load: created ${r.created} (failed ${r.failed}), offered ${r.offered} (within 2 s: ${r.offeredWithin2s}), needs a rider ${r.needsRider}, lost ${r.lost}`);
  log(`creation to offer: p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)}; the sender fell behind by up to ${ms(r.lateMs)}`);
  log(`riders' answers ${JSON.stringify(r.answers)}, delivered ${r.delivered}; the process used ${r.cores.toFixed(2)} cores on average (${((r.cores * 60_000) / perMinute).toFixed(1)} ms of CPU per order)`);
  const met = r.lost === 0 && r.failed === 0 && r.offeredWithin2s === r.created;
  log(`target every order offered within 2 s, none lost: ${met ? 'met' : 'missed'}`);
}

writeFileSync('.tmp/bench-dispatch.json', JSON.stringify({ at: new Date().toISOString(), db: opts.db, fleet, decision, load: loadRun }, null, 2));
db.$client.close();
