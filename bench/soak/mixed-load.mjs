/**
 * An open-loop mixed load for the soak (bench/soak.ts), in its own Node process: request i leaves at
 * t0 + i/rate whatever the server is doing, its kind picked by a fixed pattern of 100 slots from the
 * mix (so every second carries the same shares), latency counted from the scheduled time.
 * Kinds: ping (POST /api/riders/{id}/location with a fresh Idempotency-Key, round robin over the riders),
 * session (GET /api/auth/user with a rider's session), riderDashboard (GET /api/dashboard/rider),
 * companyOrders (GET /api/trpc/company.orderList page 1, as the SPA's batch link sends it),
 * adminDashboard (GET /api/dashboard/admin).
 * Usage: node bench/soak/mixed-load.mjs <config.json>
 * config: { host, port, rate, duration, window, mix: { kind: percent }, riders: [{ id, token }], admin, manager,
 *          ranges?: { name: [fromSec, toSec] }, maxSockets? }
 * Every `window` seconds prints one line `WINDOW {…}` to stdout with the requests that completed in it:
 * count, 2xx, non-2xx, errors (network errors and 10 s timeouts), p50/p99 overall and per kind, how far the
 * generator ran behind its schedule; at the end one line `DONE {…}` with the totals and, for each of `ranges`
 * (by scheduled time), the p50/p99 of every request scheduled in it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sendOnSchedule, until } from '../api/schedule.mjs';

const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.maxSockets ?? 256 });
const total = Math.round(cfg.rate * cfg.duration);
const interval = 1000 / cfg.rate;
const ordersInput = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 20 } }));

/** 100 slots, each kind spread evenly over them (largest remainder), so any 100 consecutive requests hold the mix. */
function pattern(mix) {
  const kinds = Object.entries(mix).filter(([, pct]) => pct > 0);
  const slots = [];
  const acc = Object.fromEntries(kinds.map(([k]) => [k, 0]));
  for (let s = 0; s < 100; s++) {
    for (const [k, pct] of kinds) acc[k] += pct / 100;
    const [best] = kinds.reduce((a, b) => (acc[b[0]] > acc[a[0]] ? b : a));
    acc[best] -= 1;
    slots.push(best);
  }
  return slots;
}
const slots = pattern(cfg.mix);

function request(kind, i) {
  const rider = cfg.riders[i % cfg.riders.length];
  const cookie = (token) => ({ cookie: `kwt_session=${token}` });
  switch (kind) {
    case 'ping': {
      const body = JSON.stringify({ lat: 29.3 + Math.random() * 0.1, lng: 47.9 + Math.random() * 0.1, accuracy: 5 + Math.round(Math.random() * 200) / 10, recordedAt: Date.now() });
      return { method: 'POST', path: `/api/riders/${rider.id}/location`, headers: { ...cookie(rider.token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() }, body };
    }
    case 'session':
      return { method: 'GET', path: '/api/auth/user', headers: cookie(rider.token) };
    case 'riderDashboard':
      return { method: 'GET', path: '/api/dashboard/rider', headers: cookie(rider.token) };
    case 'companyOrders':
      return { method: 'GET', path: `/api/trpc/company.orderList?batch=1&input=${ordersInput}`, headers: cookie(cfg.manager) };
    case 'adminDashboard':
      return { method: 'GET', path: '/api/dashboard/admin', headers: cookie(cfg.admin) };
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

const newWindow = () => ({ lat: [], byKind: {}, ok: 0, non2xx: 0, errors: 0, statuses: {} });
const latency = new Float64Array(total).fill(-1);
let win = newWindow();
let sent = 0;
let done = 0;
let maxBehind = 0;
const totals = { ok: 0, non2xx: 0, errors: 0 };

function settle(i, kind, ms, status) {
  done++;
  if (status === null) {
    win.errors++;
    totals.errors++;
    return;
  }
  win.statuses[status] = (win.statuses[status] ?? 0) + 1;
  if (status >= 200 && status < 300) {
    win.ok++;
    totals.ok++;
  } else {
    win.non2xx++;
    totals.non2xx++;
  }
  latency[i] = ms;
  win.lat.push(ms);
  (win.byKind[kind] ??= []).push(ms);
}

function fire(i, scheduled) {
  const kind = slots[i % slots.length];
  const r = request(kind, i);
  const start = performance.now();
  maxBehind = Math.max(maxBehind, start - scheduled);
  const req = http.request({ agent, host: cfg.host, port: cfg.port, method: r.method, path: r.path, headers: r.headers }, (res) => {
    res.resume();
    res.on('end', () => settle(i, kind, performance.now() - scheduled, res.statusCode));
  });
  req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
  req.on('error', () => settle(i, kind, 0, null));
  req.end(r.body);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const summary = (values) => {
  const v = values.sort((a, b) => a - b);
  return { n: v.length, p50: pct(v, 50), p99: pct(v, 99), max: v.at(-1) ?? 0 };
};

const t0 = performance.now() + 50;
let windowIndex = 0;
function flushWindow(now) {
  const w = win;
  win = newWindow();
  const byKind = Object.fromEntries(Object.entries(w.byKind).map(([k, v]) => [k, summary(v)]));
  const all = summary(w.lat);
  console.log(`WINDOW ${JSON.stringify({ index: windowIndex++, t: (now - t0) / 1000, wallMs: Date.now(), completed: w.ok + w.non2xx + w.errors, ok: w.ok, non2xx: w.non2xx, errors: w.errors, statuses: w.statuses, p50: all.p50, p99: all.p99, max: all.max, byKind, sent, maxBehindMs: maxBehind })}`);
  maxBehind = 0;
}

await sendOnSchedule({
  t0,
  total,
  interval,
  windowMs: cfg.window * 1000,
  fire: (i, at) => {
    sent = i + 1;
    fire(i, at);
  },
  onWindow: flushWindow,
});
await until(() => done >= total);
flushWindow(performance.now());
agent.destroy();
const ranges = Object.fromEntries(
  Object.entries(cfg.ranges ?? {}).map(([name, [from, to]]) => {
    const slice = latency.subarray(Math.min(total, Math.ceil((from * 1000) / interval)), Math.min(total, Math.ceil((to * 1000) / interval)));
    return [name, summary(Array.from(slice).filter((x) => x >= 0))];
  }),
);
console.log(`DONE ${JSON.stringify({ planned: total, ...totals, ranges, seconds: (performance.now() - t0) / 1000, generatorCpuUsPerRequest: ((u) => (u.user + u.system) / total)(process.cpuUsage()) })}`);
