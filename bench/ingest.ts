/**
 * Ingest at fleet scale (issue 10, item 3): 20,000 riders pinging every 10 s is 2,000 pings/s. An
 * open-loop generator (bench/api/open-loop.mjs, a Node child process) sends POST /api/riders/{id}/location
 * at a fixed rate, round robin over the riders (each ping with the rider's own session and a fresh
 * Idempotency-Key, as the rider app's outbox sends), to the real app in a Bun child process
 * (bench/api/server.ts). Latency counts from each ping's scheduled time. Afterwards the pings in
 * location_pings are counted and compared with the 2xx answers: every acknowledged ping must be stored.
 * The server's RSS is sampled every 250 ms.
 * Usage: bun bench/ingest.ts [--db .tmp/bench-full.db] [--rate 2000] [--duration 120] [--warmup 10] [--riders 20000] [--busy 2000]
 *   --warmup  seconds at the same rate first, stored and counted but not in the latencies
 *   --busy    riders (the first of those pinging) given an assigned order with pickup and drop-off pins, so that the
 *             ingest keeps their ETAs moving as it would live (issue 25; 0 for none)
 * Writes .tmp/bench-ingest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { createDb } from '../db/client';
import { orders, riders } from '../db/schema';
import { countPings, prepareDb, removeDb } from './api/prepare';
import { cpuMs, fmt, machine, runGenerator, startServer } from './api/harness';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    rate: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '10' },
    riders: { type: 'string' },
    busy: { type: 'string', default: '2000' },
  },
});
const rate = Number(args.rate);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const riderCount = Number(args.riders ?? rate * 10);

/**
 * Issue 25: an assigned order with pins (Kuwait City, a 2-8 km ride, promised in 45 min) for each of these riders, with
 * ETAs as its assignment would have planned them (so the ingest moves them; a re-plan is the assignment's cost).
 */
async function giveOrders(dbFile: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const db = await createDb({ url: `file:${dbFile}` });
  const promisedAt = new Date(Date.now() + 45 * 60_000);
  for (let i = 0; i < ids.length; i += 200) {
    const part = await db.select({ id: riders.id, companyId: riders.companyId }).from(riders).where(inArray(riders.id, ids.slice(i, i + 200)));
    await db.insert(orders).values(
      part.map((r, k) => ({
        companyId: r.companyId,
        riderId: r.id,
        status: 'assigned' as const,
        customerName: 'Bench Customer',
        pickupAddress: 'Bench pickup',
        deliveryAddress: 'Bench drop-off',
        pickupLat: 29.37 + (k % 10) * 0.002,
        pickupLng: 47.98,
        dropoffLat: 29.33 - (k % 7) * 0.01,
        dropoffLng: 48.02,
        promisedAt,
        etaPickupAt: new Date(Date.now() + 5 * 60_000),
        etaDropoffAt: new Date(Date.now() + 25 * 60_000),
        source: 'seed',
      })),
    );
  }
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return ids.length;
}

interface OpenLoopResult {
  planned: number;
  measured: number;
  rateAchieved: number;
  seconds: number;
  ok: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  p99FromSend: number;
  maxGeneratorLagMs: number;
  generatorCpuUs: number;
}

mkdirSync('.tmp', { recursive: true });
const load = loadavg()[0]!;
console.log(`Machine: ${machine()}; load average before the run ${load.toFixed(2)}`);
let t = performance.now();
const file = `.tmp/bench-ingest-${process.pid}.db`;
const prep = await prepareDb({ source: args.db, file, riders: riderCount });
console.log(`Database: ${args.db ? `copy of ${args.db}` : 'fresh demo data'} (${prep.pingsBefore.toLocaleString('en-US')} pings), ${prep.riders.length.toLocaleString('en-US')} rider sessions, prepared in ${fmt((performance.now() - t) / 1000)} s`);

const busy = await giveOrders(file, prep.riders.slice(0, Number(args.busy)).map((x) => x.id));
if (busy) console.log(`${busy.toLocaleString('en-US')} of them carry an assigned order with pins: their ETAs move with their pings (at most every 30 s)`);

const server = await startServer(file);
await Bun.sleep(3000);
const idleMb = server.rss.peak(['startup']);
console.log(`Server pid ${server.pid} ready in ${Math.round(server.startMs)} ms; RSS at idle ${fmt(idleMb)} MB`);
console.log(`${rate.toLocaleString('en-US')} pings/s for ${warmup} s of warm-up, then ${duration} s measured, over ${prep.riders.length.toLocaleString('en-US')} riders (each every ${fmt(prep.riders.length / rate)} s):`);

server.rss.mark('ingest');
t = performance.now();
const cpu0 = cpuMs(server.pid);
const r = await runGenerator<OpenLoopResult>('open-loop.mjs', { host: '127.0.0.1', port: server.port, rate, duration, warmup, riders: prep.riders });
const serverCpuUs = ((cpuMs(server.pid) - cpu0) * 1000) / Math.max(1, r.ok);
const serverCores = (cpuMs(server.pid) - cpu0) / (performance.now() - t);
server.rss.mark('after');
const peakMb = server.rss.peak(['ingest']);
const serverStats = (await server.stop()) as {
  pingWriter: { batches: number; pings: number; largestBatch: number; writeMs: number; slowestWriteMs: number };
  eventLoopLagMs: { max: number; over20: number; over50: number; ticks: number };
  etaRefresher?: { noted: number; passes: number; riders: number; updated: number; ms: number };
} | null;

const db = await createDb({ url: `file:${file}` });
const stored = (await countPings(db)) - prep.pingsBefore;
db.$client.close();
removeDb(file);

console.log(`\nLatencies of the ${r.measured.toLocaleString('en-US')} pings after the warm-up; the counts cover all ${r.planned.toLocaleString('en-US')}.`);
console.log(`\n| pings sent | achieved rate | p50 | p90 | p99 | p99.9 | max | non-2xx / errors | stored / acknowledged | peak RSS |`);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| ${r.planned.toLocaleString('en-US')} | ${fmt(r.rateAchieved, 0)}/s | ${fmt(r.p50, 2)} ms | ${fmt(r.p90, 2)} ms | ${fmt(r.p99, 2)} ms | ${fmt(r.p999, 2)} ms | ${fmt(r.max, 0)} ms | ${r.non2xx} / ${r.errors} | ${stored.toLocaleString('en-US')} / ${r.ok.toLocaleString('en-US')} | ${fmt(peakMb, 0)} MB |`,
);
console.log(`(latency from each ping's scheduled time; p99 from the moment it was written: ${fmt(r.p99FromSend, 2)} ms; the generator ran at most ${fmt(r.maxGeneratorLagMs, 1)} ms behind its schedule)`);
console.log(`server CPU: ${fmt(serverCpuUs, 0)} µs per ping, ${fmt(serverCores, 2)} cores on average; generator CPU: ${fmt(r.generatorCpuUs, 0)} µs per ping`);
if (serverStats) {
  const w = serverStats.pingWriter;
  const l = serverStats.eventLoopLagMs;
  console.log(`group commit: ${w.batches.toLocaleString('en-US')} transactions, ${fmt(w.pings / Math.max(1, w.batches), 1)} pings each on average (largest ${w.largestBatch}), ${fmt(w.writeMs / Math.max(1, w.batches), 2)} ms each on average, slowest ${fmt(w.slowestWriteMs, 1)} ms`);
  const e = serverStats.etaRefresher;
  if (e) console.log(`ETAs (issue 25): ${e.passes} passes took ${e.noted.toLocaleString('en-US')} riders noted, ${e.riders.toLocaleString('en-US')} with active orders recomputed, ${e.updated.toLocaleString('en-US')} order ETAs written, ${fmt(e.ms / 1000, 1)} s of passes in all`);
  console.log(`server event loop: a 10 ms timer was late by more than 20 ms ${l.over20} times and more than 50 ms ${l.over50} times (of ${l.ticks}), at most ${fmt(l.max, 0)} ms`);
}
// RSS through the run, every 10 s: steady, or growing?
const during = server.rss.samples.filter((x) => x.phase === 'ingest');
const rssTrail = during.filter((_, i) => i % 40 === 0).map((x) => Math.round(x.mb));
console.log(`server RSS every 10 s of the run (MB): ${rssTrail.join(', ')}`);
const checks: [string, boolean, string][] = [
  [`sustained ${rate}/s`, r.rateAchieved >= rate * 0.99 && r.ok === r.planned, `${fmt(r.rateAchieved, 0)}/s, ${r.ok} of ${r.planned} answered 2xx`],
  ['p99 < 50 ms', r.p99 < 50, `${fmt(r.p99, 2)} ms`],
  ['no errors', r.non2xx === 0 && r.errors === 0, `${r.non2xx} non-2xx, ${r.errors} errors`],
  ['every acknowledged ping stored', stored === r.ok, `${stored} stored, ${r.ok} acknowledged`],
  ['idle RSS < 150 MB', idleMb < 150, `${fmt(idleMb)} MB`],
  ['peak RSS < 300 MB', peakMb < 300, `${fmt(peakMb)} MB`],
];
console.log('');
for (const [what, ok, value] of checks) console.log(`${ok ? 'MET   ' : 'MISSED'} ${what}: ${value}`);
writeFileSync(
  '.tmp/bench-ingest.json',
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), loadAverage: load, db: args.db ?? 'demo', rate, duration, riders: prep.riders.length, idleRssMb: idleMb, peakRssMb: peakMb, serverCpuUsPerPing: serverCpuUs, serverStats, rssTrailMb: rssTrail, stored, result: r, checks }, null, 2),
);
