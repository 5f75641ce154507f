/**
 * An open-loop ping load, in its own Node process: request i leaves at t0 + i/rate whatever the server
 * is doing (riders do not wait for each other), round robin over the riders, each ping with the
 * rider's session, a fresh Idempotency-Key and { lat, lng, accuracy, recordedAt } as the rider app
 * sends. Latency counts from the scheduled time (so a lagging server or generator cannot hide queueing)
 * and, separately, from the moment the request was written.
 * (autocannon's overallRate is not open-loop: each connection sends its share back to back at the
 * start of every second, then pauses.)
 * Usage: node bench/api/open-loop.mjs <config.json>
 * config: { host, port, rate, duration, warmup?, riders: [{ id, token }], maxSockets? }
 * The first `warmup` seconds run at the same rate; their pings count as sent and answered, not in the latencies.
 * Prints a line per 10 s to stderr and one JSON line to stdout.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sendOnSchedule, until } from './schedule.mjs';

const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.maxSockets ?? 512 });
const warmN = Math.round(cfg.rate * (cfg.warmup ?? 0));
const total = warmN + Math.round(cfg.rate * cfg.duration);
const interval = 1000 / cfg.rate;
const fromSchedule = new Float64Array(total).fill(-1);
const fromSend = new Float64Array(total).fill(-1);
const statuses = {};
let errors = 0;
let sent = 0;
let done = 0;
let maxBehind = 0;
const t0 = performance.now() + 50;

function fire(i, scheduled) {
  const rider = cfg.riders[i % cfg.riders.length];
  const body = JSON.stringify({ lat: 29.3 + Math.random() * 0.1, lng: 47.9 + Math.random() * 0.1, accuracy: 5 + Math.round(Math.random() * 200) / 10, recordedAt: Date.now() });
  const start = performance.now();
  maxBehind = Math.max(maxBehind, start - scheduled);
  const req = http.request(
    {
      agent,
      host: cfg.host,
      port: cfg.port,
      method: 'POST',
      path: `/api/riders/${rider.id}/location`,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: `kwt_session=${rider.token}`, 'idempotency-key': randomUUID() },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        const end = performance.now();
        fromSchedule[i] = end - scheduled;
        fromSend[i] = end - start;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        done++;
      });
    },
  );
  req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
  req.on('error', () => {
    errors++;
    done++;
  });
  req.end(body);
}

const sortedPct = (values, p) => values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))] ?? 0;
const settled = (arr, from, to) => Array.from(arr.subarray(from, to)).filter((x) => x >= 0).sort((a, b) => a - b);

let windowStart = 0;
function report(now) {
  const upTo = Math.min(sent, total);
  const lat = settled(fromSchedule, windowStart, upTo);
  const secs = ((now - t0) / 1000).toFixed(0);
  console.error(`  t=${secs}s sent ${upTo} (${upTo - windowStart} this window), p50 ${sortedPct(lat, 50).toFixed(1)} ms, p99 ${sortedPct(lat, 99).toFixed(1)} ms, answered ${done}`);
  windowStart = upTo;
}

await sendOnSchedule({
  t0,
  total,
  interval,
  windowMs: 10_000,
  fire: (i, at) => {
    sent = i + 1;
    fire(i, at);
  },
  onWindow: report,
});
const sendEnd = performance.now();
await until(() => done >= total);
agent.destroy();
const all = settled(fromSchedule, warmN, total);
const sendOnly = settled(fromSend, warmN, total);
const ok = Object.entries(statuses).reduce((n, [s, c]) => n + (s >= 200 && s < 300 ? c : 0), 0);
console.log(
  JSON.stringify({
    planned: total,
    measured: total - warmN,
    rateAchieved: total / ((sendEnd - t0) / 1000),
    seconds: (performance.now() - t0) / 1000,
    ok,
    non2xx: total - errors - ok,
    errors,
    statuses,
    p50: sortedPct(all, 50),
    p90: sortedPct(all, 90),
    p99: sortedPct(all, 99),
    p999: sortedPct(all, 99.9),
    max: all[all.length - 1] ?? 0,
    p99FromSend: sortedPct(sendOnly, 99),
    maxGeneratorLagMs: maxBehind,
    generatorCpuUs: ((u) => (u.user + u.system) / total)(process.cpuUsage()),
  }),
);
