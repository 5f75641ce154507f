/**
 * What the rider app's server rendering costs the server (issue 10, items 5 and 6): GET /app as the seeded rider,
 * one request at a time and then 8 at a time, on the built app and the real server (bench/web/server.ts), with the
 * server's RSS before the first rider page (the render worker not started), after it, and after the runs.
 * `bun bench/ssr.ts [--dist DIR] [--requests N]` (builds into .tmp/dist-web unless --dist is given).
 */
import { parseArgs } from 'node:util';
import { buildWeb, riderSession, startServer } from './web/server';
import { RIDER } from './web/initial-js';

const { values } = parseArgs({ options: { dist: { type: 'string' }, requests: { type: 'string', default: '400' } } });
const dist = values.dist ?? '.tmp/dist-web';
if (!values.dist) buildWeb(dist);
const server = await startServer(dist);
const n = Number(values.requests);
const session = await riderSession(server.base, RIDER.email, RIDER.password);
const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const rss = async () => {
  const pid = server.pid;
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};
const page = async () => {
  const t0 = performance.now();
  const res = await fetch(`${server.base}/app`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  const html = await res.text();
  return { ms: performance.now() - t0, rendered: html.includes('id="shell-loading"'), bytes: html.length };
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const before = await rss();
const first = await page();
let warm = first;
for (let i = 0; i < 40 && !warm.rendered; i++) warm = await page();
const started = await rss();
const serial: number[] = [];
let rendered = 0;
for (let i = 0; i < n; i++) {
  const r = await page();
  serial.push(r.ms);
  if (r.rendered) rendered++;
}
const parallel: number[] = [];
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (let i = 0; i < n / 8; i++) {
      const r = await page();
      parallel.push(r.ms);
      if (r.rendered) rendered++;
    }
  }),
);
const wall = performance.now() - t0;
const after = await rss();
console.log(`GET /app as the rider, ${navigator.hardwareConcurrency} cores, page ${(warm.bytes / 1000).toFixed(1)} KB of HTML`);
console.log(`first page (worker starting): ${first.ms.toFixed(0)} ms, rendered: ${first.rendered}`);
console.log(`1 at a time, ${n}: p50 ${pct(serial, 50).toFixed(1)} ms, p99 ${pct(serial, 99).toFixed(1)} ms`);
console.log(`8 at a time, ${n}: p50 ${pct(parallel, 50).toFixed(1)} ms, p99 ${pct(parallel, 99).toFixed(1)} ms, ${((parallel.length / wall) * 1000).toFixed(0)} pages/s`);
console.log(`rendered: ${rendered} of ${2 * n}`);
console.log(`server RSS: ${before.toFixed(1)} MB before the first rider page, ${started.toFixed(1)} MB with the worker started, ${after.toFixed(1)} MB after the runs`);
await server.stop();
