/**
 * API under load (issue 10, item 2): the real app in a Bun child process (bench/api/server.ts) with a bare
 * Hono "hello" route on a second port of the same process as the baseline, driven by autocannon in a
 * Node child process (bench/api/autocannon.mjs), 64 connections, one endpoint after another:
 *   baseline        GET /bench/hello (bare Hono, same process)
 *   session check   GET /api/auth/user, round robin over the riders' sessions
 *   location ingest POST /api/riders/{id}/location, round robin over the riders, a fresh Idempotency-Key each
 *   admin dashboard GET /api/dashboard/admin (admin session)
 *   company orders  GET /api/trpc/company.orderList (page 1, as the SPA's batch link sends it; the busiest company's manager)
 * Prints req/s, p50/p99, non-2xx and errors, each endpoint's ratio to the baseline, the server's RSS (idle
 * after start and peak under load) and, after the run, stored pings against acknowledged ones.
 * Usage: bun bench/api.ts [--db .tmp/bench-full.db] [--duration 10] [--connections 64] [--riders 2000]
 *   --db  the scale data set (`bun run bench:data`), copied first; without it a fresh demo database
 * Writes .tmp/bench-api.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client';
import { countPings, inboxPings, prepareDb, removeDb } from './api/prepare';
import { cpuMs, fmt, machine, runGenerator, startServer } from './api/harness';
import { hasWrk, runWrk, WRK_THREADS } from './api/wrk';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    riders: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '1' },
    only: { type: 'string' },
    generator: { type: 'string', default: 'wrk' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const rounds = Number(args.rounds);
if (args.generator !== 'wrk' && args.generator !== 'autocannon') throw new Error('--generator is wrk or autocannon');
if (args.generator === 'wrk' && !hasWrk()) throw new Error('wrk is not installed: apt-get install wrk (Debian), or --generator autocannon');
const useWrk = args.generator === 'wrk';

interface LoadResult {
  reqPerSec: number;
  requests: number;
  ok: number;
  warmupOk: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

mkdirSync('.tmp', { recursive: true });
const load = loadavg()[0]!;
console.log(`Machine: ${machine()}; load average before the run ${load.toFixed(2)}; load generator ${useWrk ? `wrk (${WRK_THREADS} threads)` : 'autocannon'}`);
const t = performance.now();
const file = `.tmp/bench-api-${process.pid}.db`;
const prep = await prepareDb({ source: args.db, file, riders: Number(args.riders) });
console.log(`Database: ${args.db ? `copy of ${args.db}` : 'fresh demo data'} (${prep.pingsBefore.toLocaleString('en-US')} pings), ${prep.riders.length} rider sessions, prepared in ${fmt((performance.now() - t) / 1000)} s`);

const server = await startServer(file);
await Bun.sleep(3000);
const idleMb = server.rss.peak(['startup']);
console.log(`Server pid ${server.pid} ready in ${Math.round(server.startMs)} ms; RSS at idle ${fmt(idleMb)} MB`);

const api = `http://127.0.0.1:${server.port}`;
const ordersInput = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 20 } }));
// `url` is the whole URL for a fixed request (autocannon takes the path from it); `path` for rotating ones.
const scenarios = [
  { name: 'baseline: bare Hono hello', url: `http://127.0.0.1:${server.basePort}/bench/hello`, path: '/bench/hello' },
  { name: 'session check GET /api/auth/user', url: api, path: '/api/auth/user', cookies: prep.riders.map((r) => r.token) },
  { name: 'location POST /api/riders/{id}/location', url: api, path: '/api/riders/x/location', riders: prep.riders },
  { name: 'admin dashboard GET /api/dashboard/admin', url: `${api}/api/dashboard/admin`, path: '/api/dashboard/admin', headers: { cookie: `kwt_session=${prep.admin}` } },
  {
    name: 'company orders page (tRPC company.orderList)',
    url: `${api}/api/trpc/company.orderList?batch=1&input=${ordersInput}`,
    path: `/api/trpc/company.orderList?batch=1&input=${ordersInput}`,
    headers: { cookie: `kwt_session=${prep.manager}` },
  },
].filter((s, i) => i === 0 || !args.only || s.name.includes(args.only));

// Each endpoint answers 200 once before it is loaded, or the bench stops here.
for (const s of scenarios) {
  const rider = prep.riders[0]!;
  const init: RequestInit = s.riders
    ? { method: 'POST', body: JSON.stringify({ lat: 29.3, lng: 47.9, accuracy: 10 }), headers: { 'content-type': 'application/json', cookie: `kwt_session=${rider.token}` } }
    : { headers: s.cookies ? { cookie: `kwt_session=${s.cookies[0]}` } : (s.headers ?? {}) };
  const res = await fetch(s.riders ? `${api}/api/riders/${rider.id}/location` : s.cookies ? api + s.path : s.url, init);
  if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
}

type Result = LoadResult & { name: string; peakRssMb: number; cpuUsPerRequest: number; ratio: number; ratios: number[] };
// Rounds: every endpoint once per round, right after the baseline, so that each ratio compares two runs a few
// seconds apart (this machine's speed drifts by ±20 % over a minute); the figures are the medians over the rounds.
const runs: { r: LoadResult; cpuUs: number }[][] = scenarios.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, s] of scenarios.entries()) {
    server.rss.mark(s.name);
    const cpu0 = cpuMs(server.pid);
    const cfg = { ...s, connections, duration, warmup };
    const r = useWrk ? runWrk(cfg) : await runGenerator<LoadResult>('autocannon.mjs', cfg);
    // Server CPU per answered request (warm-up included): what the endpoint costs, whatever else the machine runs.
    const cpuUs = ((cpuMs(server.pid) - cpu0) * 1000) / Math.max(1, r.requests + r.warmupOk);
    runs[i]!.push({ r, cpuUs });
    const ratio = i === 0 ? 1 : r.reqPerSec / runs[0]![round]!.r.reqPerSec;
    console.log(`  round ${round + 1} ${s.name}: ${fmt(r.reqPerSec, 0)} req/s (${fmt(100 * ratio, 0)} % of this round's baseline), p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${fmt(cpuUs, 0)} µs/request`);
  }
}
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};
const sum = (f: (r: LoadResult) => number, i: number) => runs[i]!.reduce((n, x) => n + f(x.r), 0);
const results: Result[] = scenarios.map((s, i) => {
  const mine = runs[i]!;
  const ratios = mine.map((x, round) => x.r.reqPerSec / runs[0]![round]!.r.reqPerSec);
  return {
    name: s.name,
    reqPerSec: median(mine.map((x) => x.r.reqPerSec)),
    requests: sum((r) => r.requests, i),
    ok: sum((r) => r.ok, i),
    warmupOk: sum((r) => r.warmupOk, i),
    non2xx: sum((r) => r.non2xx, i),
    errors: sum((r) => r.errors, i),
    timeouts: sum((r) => r.timeouts, i),
    statuses: {},
    p50: median(mine.map((x) => x.r.p50)),
    p90: median(mine.map((x) => x.r.p90)),
    p99: median(mine.map((x) => x.r.p99)),
    max: Math.max(...mine.map((x) => x.r.max)),
    peakRssMb: server.rss.peak([s.name]),
    cpuUsPerRequest: median(mine.map((x) => x.cpuUs)),
    ratio: median(ratios),
    ratios,
  };
});
server.rss.mark('after');
const peakMb = server.rss.peak(scenarios.map((s) => s.name));
const serverStats = (await server.stop()) as { pingWriter?: Record<string, number> } | null;
// Counted in chunks (the log of a full run is hundreds of MB): every line the server wrote is one request's.
let logLines = 0;
let logBytes = 0;
for await (const chunk of Bun.file(server.logFile).stream()) {
  logBytes += chunk.length;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logLines++;
}
console.log(`Request log (the server's stdout, into ${server.logFile}): ${logLines.toLocaleString('en-US')} lines, ${fmt(logBytes / 1e6)} MB`);
if (serverStats?.pingWriter) console.log(`Ping writer: ${JSON.stringify(serverStats.pingWriter)}`);

const db = await createDb({ url: `file:${file}` });
const stored = (await countPings(db)) - prep.pingsBefore;
const inInbox = await inboxPings(db);
db.$client.close();
removeDb(file);

const pct = (x: number) => `${fmt(100 * x, 0)} %`;
const row = (r: Result) =>
  `| ${r.name} | ${fmt(r.reqPerSec, 0)} | ${fmt(r.p50, 2)} ms | ${fmt(r.p99, 2)} ms | ${r.non2xx} / ${r.errors + r.timeouts} | ${pct(r.ratio)} (${r.ratios.map(pct).join(', ')}) | ${fmt(r.cpuUsPerRequest, 0)} µs | ${fmt(r.peakRssMb, 0)} MB |`;
console.log(`\n${connections} connections, ${rounds} rounds of ${duration} s per endpoint after a ${warmup} s warm-up each; medians over the rounds\n`);
console.log('| endpoint | req/s | p50 | p99 | non-2xx / errors | of baseline (each round) | server CPU / request | peak RSS |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) console.log(row(r));

const by = (part: string) => results.find((r) => r.name.includes(part));
const session = by('session');
const ping = by('location');
// Acknowledged: the check before the run, the warm-up's and the measured run's 2xx. A ping still in flight when
// autocannon stops (after the warm-up and after the run) can be stored without its answer being counted: stored may
// exceed the acknowledged by up to one per connection each time. bench/ingest.ts waits for every answer and checks equality.
const acked = ping ? 1 + ping.warmupOk + ping.ok : 0;
const checks = [
  session && [`session check ≥ 60 % of baseline`, session.ratio >= 0.6, pct(session.ratio)],
  ping && [`location ingest ≥ 40 % of baseline`, ping.ratio >= 0.4, pct(ping.ratio)],
  ping && [`location ingest p99 < 25 ms`, ping.p99 < 25, `${fmt(ping.p99, 2)} ms`],
  [`no errors or non-2xx`, results.every((r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0), `${results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0)}`],
  [`idle RSS < 150 MB`, idleMb < 150, `${fmt(idleMb)} MB`],
  [`peak RSS under load < 300 MB`, peakMb < 300, `${fmt(peakMb)} MB`],
].filter(Boolean) as [string, boolean, string][];
console.log('');
for (const [what, ok, value] of checks) console.log(`${ok ? 'MET   ' : 'MISSED'} ${what}: ${value}`);
if (ping) {
  const ok = stored >= acked && stored - acked <= 2 * connections * rounds;
  console.log(`${ok ? 'MET   ' : 'MISSED'} every acknowledged ping stored: ${stored.toLocaleString('en-US')} stored (${inInbox.toLocaleString('en-US')} of them still in the surge inbox at the stop), ${acked.toLocaleString('en-US')} acknowledged`);
  checks.push(['every acknowledged ping stored', ok, `${stored} stored / ${acked} acknowledged`]);
}

writeFileSync(
  '.tmp/bench-api.json',
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), loadAverage: load, db: args.db ?? 'demo', connections, duration, idleRssMb: idleMb, peakRssMb: peakMb, rounds, generator: args.generator, requestLogLines: logLines, results, checks, storedPings: stored, inboxAtStop: inInbox, server: serverStats }, null, 2),
);
