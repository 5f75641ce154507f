/**
 * Dispatch under load (issue 25, item 8, the order-rate part): new orders at a steady rate (default 1,000 a minute
 * for 5 minutes) through the shop API, POST /api/v1/orders, against the real server in its own process
 * (bench/api/server.ts: the app, the webhook dispatcher and the dispatch sweeper) with `riders` riders on duty in
 * automatic dispatch (bench/dispatch-load/prepare.ts). An open loop: each order is sent at its time, whatever the
 * server's answers to the earlier ones. The riders answer as phones would: each open offer is accepted through
 * POST /api/rider/offers/{id}/accept with the rider's session 1-3 s after it appears (the bench reads the open offers
 * from the database every 500 ms).
 * Figures: for every order, the time to its first offer (bounded by the API's answer time: the offer is made inside the request); the orders never offered; the
 * 201s against the orders stored (none lost, none twice); the API's answer times; accepted offers; the server's RSS.
 * Usage: bun bench/dispatch-load.ts [--minutes 5] [--rate 1000] [--riders 2000] [--manual]
 *   --manual  the company dispatches by hand: the API's own cost, without the dispatch decision
 * Writes .tmp/bench-dispatch-load.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client';
import { fmt, machine, startServer } from './api/harness';
import { prepareLoadWorld, randomPoint } from './dispatch-load/prepare';

const { values: args } = parseArgs({
  options: { minutes: { type: 'string', default: '5' }, rate: { type: 'string', default: '1000' }, riders: { type: 'string', default: '2000' }, manual: { type: 'boolean', default: false } },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
const total = Math.round(minutes * rate);
const gapMs = 60_000 / rate;

mkdirSync('.tmp', { recursive: true });
const load = loadavg()[0]!;
const file = '.tmp/bench-dispatch-load.db';
console.log(`preparing ${args.riders} riders on duty…`);
const world = await prepareLoadWorld(file, Number(args.riders), args.manual ? 'manual' : 'auto');
const server = await startServer(file);
// The server child must not outlive a failed run.
process.on('exit', () => {
  try {
    process.kill(server.pid);
  } catch {
    // Already stopped.
  }
});
const base = `http://127.0.0.1:${server.port}`;
const reader = await createDb({ url: `file:${file}` });

const ADDRESS = {
  pickup: { country: 'KW', governorate: 'capital', area: 'sharq', block: '2', street: 'Ahmad Al Jaber St', building: '14' },
  dropoff: { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: 'Salem Al Mubarak St', building: '7' },
};
const orderBody = (i: number) =>
  JSON.stringify({
    customer: { name: `Customer ${i}`, phone: '+96550001234', language: i % 2 ? 'ar' : 'en' },
    pickup: { location: randomPoint(), address: ADDRESS.pickup },
    dropoff: { location: randomPoint(), address: ADDRESS.dropoff },
    currency: 'KWD',
    fee: '1.250',
    cashToCollect: i % 3 ? '0' : '4.500',
    promisedAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  });

const statuses: Record<string, number> = {};
const apiMs: number[] = [];
/** Order id → ms from sending its request to the 201: its offer (made inside the request) is stored by then. */
const created = new Map<string, number>();
async function send(i: number) {
  const t = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.apiToken}`, 'content-type': 'application/json', 'idempotency-key': `load-${i}` },
      body: orderBody(i),
    });
    const body = (await res.json()) as { id?: string };
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const ms = performance.now() - t;
    if (res.status === 201 && body.id) created.set(body.id, ms);
    apiMs.push(ms);
  } catch {
    statuses.network = (statuses.network ?? 0) + 1;
  }
}

// The riders: every open offer is accepted once, 1-3 s after it is seen.
const answered = new Set<string>();
const accepts: Record<string, number> = {};
let answering = true;
const riderLoop = (async () => {
  while (answering) {
    const open = await reader.$client.execute("SELECT id, rider_id FROM dispatch_offers WHERE status = 'open'");
    for (const row of open.rows) {
      const id = String(row.id);
      if (answered.has(id)) continue;
      answered.add(id);
      const cookie = `kwt_session=${world.riderSessions.get(String(row.rider_id))}`;
      setTimeout(() => {
        fetch(`${base}/api/rider/offers/${id}/accept`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })
          .then((res) => (accepts[res.status] = (accepts[res.status] ?? 0) + 1))
          .catch(() => (accepts.network = (accepts.network ?? 0) + 1));
      }, 1000 + Math.random() * 2000);
    }
    await Bun.sleep(500);
  }
})();

console.log(`sending ${total} orders at ${rate}/min for ${minutes} min…`);
const t0 = performance.now();
const inFlight: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const wait = t0 + i * gapMs - performance.now();
  if (wait > 0) await Bun.sleep(wait);
  inFlight.push(send(i));
}
const sendSeconds = (performance.now() - t0) / 1000;
await Promise.all(inFlight);
const answeredSeconds = (performance.now() - t0) / 1000;
await Bun.sleep(5_000);
answering = false;
await riderLoop;
await Bun.sleep(3_500);

const rows = await reader.$client.execute({
  sql: `SELECT o.id, o.created_at AS created, o.status, o.dispatch_state AS state,
          (SELECT min(d.created_at) FROM dispatch_offer_orders x JOIN dispatch_offers d ON d.id = x.offer_id WHERE x.order_id = o.id) AS offered
        FROM orders o WHERE o.company_id = ?`,
  args: [world.companyId],
});
// The offer is made inside the creating request (createOrder → startDispatch) and stamped with the request's clock,
// so creation to offer is bounded by the request's answer time as the shop sees it: that is what is counted.
const toOffer = rows.rows.filter((r) => r.offered !== null).map((r) => created.get(String(r.id)) ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const stored = new Set(rows.rows.map((r) => String(r.id)));
const sortedApi = [...apiMs].sort((a, b) => a - b);
const rss = { peakMb: server.rss.peak(), lastMb: server.rss.last() };
const stats = await server.stop();
const result = {
  machine: machine(),
  loadAvg1mBefore: load,
  riders: Number(args.riders),
  mode: args.manual ? 'manual' : 'auto',
  rate,
  minutes,
  sent: total,
  sendSeconds,
  answeredSeconds,
  statuses,
  created: created.size,
  stored: stored.size,
  lost: [...created.keys()].filter((id) => !stored.has(id)).length,
  offered: toOffer.length,
  neverOffered: rows.rows.length - toOffer.length,
  needsRider: rows.rows.filter((r) => r.state === 'needs_rider').length,
  offeredWithin2s: toOffer.filter((ms) => ms <= 2000).length,
  toOfferMs: { p50: q(toOffer, 0.5), p95: q(toOffer, 0.95), p99: q(toOffer, 0.99), max: toOffer.at(-1) ?? 0 },
  apiMs: { p50: q(sortedApi, 0.5), p95: q(sortedApi, 0.95), p99: q(sortedApi, 0.99), max: sortedApi.at(-1) ?? 0 },
  assigned: rows.rows.filter((r) => r.status === 'assigned').length,
  accepts,
  serverRssMb: rss,
  serverStats: stats,
};
writeFileSync('.tmp/bench-dispatch-load.json', JSON.stringify(result, null, 2));
reader.$client.close();
console.log(`\n${result.machine}; load average before: ${fmt(load, 2)}`);
console.log(`${total} orders at ${rate}/min with ${args.riders} riders on duty, sent in ${fmt(sendSeconds)} s, all answered after ${fmt(answeredSeconds)} s; answers ${JSON.stringify(statuses)}`);
console.log(`stored ${result.stored}, created (201) ${result.created}, lost ${result.lost}`);
console.log(`offered ${result.offered} (within 2 s of creation: ${result.offeredWithin2s}), never offered ${result.neverOffered} (needs a rider: ${result.needsRider})`);
console.log(`request sent to offered (the 201) ms: p50 ${fmt(result.toOfferMs.p50, 0)}, p95 ${fmt(result.toOfferMs.p95, 0)}, p99 ${fmt(result.toOfferMs.p99, 0)}, max ${fmt(result.toOfferMs.max, 0)}`);
console.log(`POST /api/v1/orders ms: p50 ${fmt(result.apiMs.p50)}, p95 ${fmt(result.apiMs.p95)}, p99 ${fmt(result.apiMs.p99)}, max ${fmt(result.apiMs.max)}`);
console.log(`accepted offers: ${JSON.stringify(accepts)}; orders assigned ${result.assigned}; server RSS ${JSON.stringify(rss)}`);
