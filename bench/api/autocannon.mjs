/**
 * One closed-loop autocannon run, in its own Node process so the load generator never shares the
 * server's event loop. Usage: node bench/api/autocannon.mjs <config.json>
 * config: { url (the whole URL of a fixed request), connections, duration, warmup, method?, headers?, body?,
 *          cookies?: string[] and path (the path each rotating request takes), riders?: [{ id, token }] }
 * With `cookies`, each request carries the next session cookie (round robin): many users, not one.
 * With `riders`, each request is the next rider's ping (round robin): POST /api/riders/{id}/location
 * with that rider's session, a fresh Idempotency-Key (as the rider app's outbox sends) and
 * { lat, lng, accuracy, recordedAt }.
 * Prints one JSON line: req/s, latency percentiles (ms, exact, from every response), status counts, errors.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function pingRequests(riders) {
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const r = riders[next++ % riders.length];
        return {
          ...req,
          method: 'POST',
          path: `/api/riders/${r.id}/location`,
          headers: { 'content-type': 'application/json', cookie: `kwt_session=${r.token}`, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ lat: 29.3 + Math.random() * 0.1, lng: 47.9 + Math.random() * 0.1, accuracy: 5 + Math.round(Math.random() * 200) / 10, recordedAt: Date.now() }),
        };
      },
    },
  ];
}

function rotatingCookies(cookies) {
  let next = 0;
  return [
    {
      method: cfg.method ?? 'GET',
      path: cfg.path,
      setupRequest: (req) => ({ ...req, headers: { ...(cfg.headers ?? {}), cookie: `kwt_session=${cookies[next++ % cookies.length]}` } }),
    },
  ];
}

function run(duration, collect) {
  return new Promise((resolve, reject) => {
    const opts = {
      url: cfg.url,
      connections: cfg.connections,
      duration,
      timeout: 10,
      ...(cfg.riders
        ? { requests: pingRequests(cfg.riders) }
        : cfg.cookies
          ? { requests: rotatingCookies(cfg.cookies) }
          : { method: cfg.method ?? 'GET', headers: cfg.headers ?? {}, ...(cfg.body ? { body: cfg.body } : {}) }),
    };
    const latencies = [];
    const statuses = {};
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, latencies, statuses })));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (collect) latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

const okOf = (statuses) => Object.entries(statuses).reduce((n, [s, c]) => n + (s >= 200 && s < 300 ? c : 0), 0);
const warm = cfg.warmup > 0 ? await run(cfg.warmup, false) : { statuses: {} };
const { result, latencies, statuses } = await run(cfg.duration, true);
latencies.sort((a, b) => a - b);
const ok = okOf(statuses);
console.log(
  JSON.stringify({
    reqPerSec: latencies.length / cfg.duration,
    requests: latencies.length,
    ok,
    warmupOk: okOf(warm.statuses),
    non2xx: latencies.length - ok,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    p50: pct(latencies, 50),
    p90: pct(latencies, 90),
    p99: pct(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    mean: latencies.reduce((s, x) => s + x, 0) / (latencies.length || 1),
  }),
);
