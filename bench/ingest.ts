/**
 * Ingest at fleet scale (issue 10, item 3): 20,000 riders pinging every 10 s is 2,000 pings/s. An
 * open-loop generator (bench/api/open-loop.mjs, a Node child process) sends POST /api/riders/{id}/location
 * at a fixed rate, round robin over the riders (each ping with the rider's own session and a fresh
 * Idempotency-Key, as the rider app's outbox sends), to the real app in a Bun child process
 * (bench/api/server.ts). Latency counts from each ping's scheduled time. Afterwards the pings in
 * location_pings are counted and compared with the 2xx answers: every acknowledged ping must be stored.
 * The server's RSS is sampled every 250 ms.
 * Usage: bun bench/ingest.ts [--db .tmp/bench-full.db] [--rate 2000] [--duration 120] [--warmup 10] [--riders 20000]
 *   --warmup  seconds at the same rate first, stored and counted but not in the latencies
 * Writes .tmp/bench-ingest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client';
import { countPings, prepareDb, removeDb } from './api/prepare';
import { cpuMs, fmt, machine, runGenerator, startServer } from './api/harness';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    rate: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '10' },
    riders: { type: 'string' },
  },
});
const rate = Number(args.rate);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const riderCount = Number(args.riders ?? rate * 10);

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
