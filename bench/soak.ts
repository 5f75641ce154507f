/**
 * Soak (issue 11, item 4): the real server (bench/api/server.ts, in its own Bun process) under 10 minutes of
 * open-loop mixed load at half the mix's peak, from a Node generator in another process
 * (bench/soak/mixed-load.mjs): pings 70 %, session checks 20 %, rider dashboard / company orders page / admin
 * dashboard 10 % (bench/soak/peak.ts). Every 5 s: the server's RSS, p50/p99 of the requests completed in the
 * window (from their scheduled send time), throughput, non-2xx and errors. Then the verdict (bench/soak/verdict.ts):
 * RSS slope from minute 2 on < 5 MB/min, p99 of the last 2 minutes within 1.5× the p99 of minutes 1–3, and no
 * errors; the curves go to docs/soak.svg (bench/soak/chart.ts).
 * Usage: flock .tmp/bench.lock bun bench/soak.ts [--minutes 10] [--rate N | --fraction 0.5] [--db .tmp/bench-full.db]
 *        [--riders 2000] [--svg docs/soak.svg] [--log-level warn]
 *   --rate      req/s; without it `fraction` × the mix's peak, measured first (bench/soak/peak.ts, about 35 s)
 *   --db        the scale data set, copied first (default: .tmp/bench-full.db when present, else fresh demo data;
 *               `--db demo` for the demo data)
 *   --log-level the server's LOG_LEVEL: `warn` by default, as at 2,000 req/s the request log is 1.2 million JSON lines
 *               that this process would relay (`info` to include it)
 *   --replot    .tmp/soak.json: no run, the figures and the chart again from a run's record (bench/soak/report.ts)
 * On a machine other work shares, `nice -n -10 flock .tmp/bench.lock bun bench/soak.ts` (the server and the
 * generator inherit the priority), or the neighbours' CPU shows as the server's latency.
 * Writes .tmp/soak.json. Exits 1 when the run was not flat.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fmt, machine, startServer } from './api/harness';
import { prepareDb, removeDb } from './api/prepare';
import { soakReport, type SoakRun } from './soak/report';
import { KINDS, MIX, measurePeaks, mixPeak, ORDERS_PATH, type Kind } from './soak/peak';
import { p99Ranges } from './soak/verdict';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string' },
    fraction: { type: 'string', default: '0.5' },
    db: { type: 'string' },
    riders: { type: 'string', default: '2000' },
    window: { type: 'string', default: '5' },
    svg: { type: 'string', default: 'docs/soak.svg' },
    'log-level': { type: 'string', default: 'warn' },
    replot: { type: 'string' },
  },
});
if (args.replot) {
  const { lines, flat } = soakReport(JSON.parse(readFileSync(args.replot, 'utf8')) as SoakRun, args.svg!);
  console.log(lines.join('\n'));
  process.exit(flat ? 0 : 1);
}
const seconds = Math.round(Number(args.minutes) * 60);
const windowSec = Number(args.window);
const source = args.db === 'demo' ? undefined : (args.db ?? (existsSync('.tmp/bench-full.db') ? '.tmp/bench-full.db' : undefined));
if (args.rate && !(Number(args.rate) > 0)) throw new Error('--rate: a number of requests per second');

interface Window {
  index: number;
  t: number;
  wallMs: number;
  completed: number;
  ok: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  byKind: Record<string, { n: number; p50: number; p99: number; max: number }>;
  maxBehindMs: number;
}
interface Done {
  planned: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  ranges: Record<'early' | 'late', { n: number; p50: number; p99: number }>;
  generatorCpuUsPerRequest: number;
}

mkdirSync('.tmp', { recursive: true });
const load = loadavg()[0]!;
console.log(`Machine: ${machine()}; load average before the run ${load.toFixed(2)}`);

let t = performance.now();
const file = `.tmp/soak-${process.pid}.db`;
const prep = await prepareDb({ source, file, riders: Number(args.riders) });
console.log(`Database: ${source ? `copy of ${source}` : 'fresh demo data'} (${prep.pingsBefore.toLocaleString('en-US')} pings), ${prep.riders.length} rider sessions, prepared in ${fmt((performance.now() - t) / 1000)} s`);

const server = await startServer(file, { LOG_LEVEL: args['log-level']! }, ['--preload', join(import.meta.dir, 'soak/log-level.ts')]);
await Bun.sleep(3000);
console.log(`Server pid ${server.pid} ready in ${Math.round(server.startMs)} ms; RSS at idle ${fmt(server.rss.last())} MB`);

// Every kind answers 200 once before the load, or the soak stops here.
const api = `http://127.0.0.1:${server.port}`;
const rider = prep.riders[0]!;
for (const [path, token, init] of [
  [`/api/riders/${rider.id}/location`, rider.token, { method: 'POST', body: JSON.stringify({ lat: 29.3, lng: 47.9, accuracy: 10 }), headers: { 'content-type': 'application/json' } }],
  ['/api/auth/user', rider.token, {}],
  ['/api/dashboard/rider', rider.token, {}],
  [ORDERS_PATH, prep.manager, {}],
  ['/api/dashboard/admin', prep.admin, {}],
] as const) {
  const res = await fetch(api + path, { ...init, headers: { ...('headers' in init ? init.headers : {}), cookie: `kwt_session=${token}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

// The mix's peak, each kind measured alone as bench/api.ts measures its endpoints (bench/soak/peak.ts); the soak runs at `fraction` of it.
let perKind: Record<Kind, number> | null = null;
if (!args.rate) {
  t = performance.now();
  perKind = await measurePeaks({ api, riders: prep.riders, admin: prep.admin, manager: prep.manager });
  console.log(`Peaks (closed loop, 64 connections, 5 s each, ${fmt((performance.now() - t) / 1000)} s): ${KINDS.map((k) => `${k} ${fmt(perKind![k], 0)} req/s`).join(', ')}; the mix peaks at ${fmt(mixPeak(perKind), 0)} req/s`);
  await Bun.sleep(3000);
}
const rate = args.rate ? Number(args.rate) : Math.round(Number(args.fraction) * mixPeak(perKind!));
console.log(`Soak: ${fmt(seconds / 60)} min at ${rate} req/s, mix ${JSON.stringify(MIX)}, server LOG_LEVEL=${args['log-level']}`);

const ranges = p99Ranges(seconds);
const dir = mkdtempSync(join(tmpdir(), 'kwt-soak-'));
const configFile = join(dir, 'config.json');
writeFileSync(configFile, JSON.stringify({ host: '127.0.0.1', port: server.port, rate, duration: seconds, window: windowSec, mix: MIX, riders: prep.riders, admin: prep.admin, manager: prep.manager, ranges }));
server.rss.mark('load');
const generator = Bun.spawn(['node', join(import.meta.dir, 'soak/mixed-load.mjs'), configFile], { stdout: 'pipe', stderr: 'inherit' });

const windows: (Window & { rssMb: number; rssMaxMb: number; reqPerSec: number; loadAverage: number })[] = [];
let done: Done | null = null;
const decoder = new TextDecoder();
let rest = '';
for await (const chunk of generator.stdout) {
  rest += decoder.decode(chunk);
  const lines = rest.split('\n');
  rest = lines.pop()!;
  for (const line of lines) {
    if (line.startsWith('DONE ')) done = JSON.parse(line.slice(5)) as Done;
    if (!line.startsWith('WINDOW ')) continue;
    const w = JSON.parse(line.slice(7)) as Window;
    const inWindow = server.rss.samples.filter((s) => s.t > w.wallMs - windowSec * 1000 && s.t <= w.wallMs);
    const rssMb = inWindow.at(-1)?.mb ?? server.rss.last();
    const rssMaxMb = Math.max(rssMb, ...inWindow.map((s) => s.mb));
    const span = windows.length ? w.t - windows.at(-1)!.t : w.t;
    windows.push({ ...w, rssMb, rssMaxMb, reqPerSec: w.completed / Math.max(0.001, span), loadAverage: loadavg()[0]! });
    console.log(`  t=${fmt(w.t, 0)} s RSS ${fmt(rssMb)} MB, ${fmt(w.completed / Math.max(0.001, span), 0)} req/s, p50 ${fmt(w.p50, 2)} ms, p99 ${fmt(w.p99, 2)} ms, non-2xx ${w.non2xx}, errors ${w.errors}, generator behind ≤ ${fmt(w.maxBehindMs)} ms, load average ${fmt(loadavg()[0]!, 2)}`);
  }
}
if ((await generator.exited) !== 0 || !done) throw new Error('the load generator failed');
rmSync(dir, { recursive: true, force: true });
const stats = (await server.stop()) as { pingWriter?: Record<string, number>; eventLoopLagMs?: Record<string, number> } | null;
removeDb(file);

const run: SoakRun = { date: new Date().toISOString(), rate, fraction: args.rate ? null : Number(args.fraction), seconds, window: windowSec, done, server: stats, windows };
const { lines, verdict, flat, rssPeak } = soakReport(run, args.svg!);
console.log(['', ...lines].join('\n'));
writeFileSync(
  '.tmp/soak.json',
  JSON.stringify({ ...run, machine: machine(), loadAverage: load, db: source ?? 'demo', peaks: perKind, mixPeak: perKind ? mixPeak(perKind) : null, mix: MIX, verdict, flat, rssPeak }, null, 2),
);
process.exit(flat ? 0 : 1);
