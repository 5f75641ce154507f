/**
 * Memory (issue 10, item 6): the server's RSS at idle after start-up, from /proc/<pid>/status every 250 ms.
 * Starts the real entry (src/server/index.ts, as `bun run start` does, front-end build skipped) on a copy
 * of the database, waits until it listens, samples 10 s of idle, then sends a few requests of each kind
 * (session check, location ping, admin dashboard, a company's orders page) and samples 5 s of idle
 * again. For comparison: a bare Bun process, and one that only imports the server's modules.
 * The peak under load is measured by bench/api.ts and bench/ingest.ts, which sample their server the same way.
 * Usage: bun bench/memory.ts [--db .tmp/bench-full.db]
 * Writes .tmp/bench-memory.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDb, removeDb } from './api/prepare';
import { fmt, machine, rssMb, RssSampler } from './api/harness';

const { values: args } = parseArgs({ options: { db: { type: 'string' }, idle: { type: 'string', default: '10' } } });
const ROOT = join(import.meta.dir, '..');

/** RSS of a short Bun script once it has run (it waits to be sampled). */
async function rssOfScript(code: string): Promise<number> {
  const child = Bun.spawn([process.execPath, '-e', `${code}; console.log('READY'); setTimeout(() => {}, 60000)`], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  const reader = child.stdout.getReader();
  let text = '';
  while (!text.includes('READY')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('script exited early');
    text += new TextDecoder().decode(value);
  }
  await Bun.sleep(1000);
  const mb = rssMb(child.pid) ?? 0;
  child.kill();
  await child.exited;
  return mb;
}

mkdirSync('.tmp', { recursive: true });
const load = loadavg()[0]!;
console.log(`Machine: ${machine()}; load average before the run ${load.toFixed(2)}`);
const bare = await rssOfScript('1');
const imports = await rssOfScript("await import('./src/server/app.ts'); await import('./db/client.ts')");
console.log(`bare Bun process ${fmt(bare)} MB; after importing the server's modules ${fmt(imports)} MB`);

const file = `.tmp/bench-memory-${process.pid}.db`;
const prep = await prepareDb({ source: args.db, file, riders: 50 });
const port = 20_000 + (process.pid % 20_000);
const t0 = performance.now();
const child = Bun.spawn([process.execPath, 'src/server/index.ts'], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `file:${file}`, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: 'true', SEED_DEMO: 'false' },
  stdout: 'pipe',
  stderr: 'inherit',
});
const rss = new RssSampler(child.pid);
const reader = child.stdout.getReader();
let out = '';
while (!out.includes('listening')) {
  const { value, done } = await reader.read();
  if (done) throw new Error(`server exited:\n${out}`);
  out += new TextDecoder().decode(value);
}
const startMs = performance.now() - t0;
rss.mark('idle');
await Bun.sleep(Number(args.idle) * 1000);
rss.mark('requests');
const api = `http://127.0.0.1:${port}`;
const ordersInput = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 20 } }));
for (let i = 0; i < 20; i++) {
  const rider = prep.riders[i % prep.riders.length]!;
  const cookie = (t: string) => ({ cookie: `kwt_session=${t}` });
  const answers = await Promise.all([
    fetch(`${api}/api/auth/user`, { headers: cookie(rider.token) }),
    fetch(`${api}/api/riders/${rider.id}/location`, { method: 'POST', headers: { ...cookie(rider.token), 'content-type': 'application/json' }, body: JSON.stringify({ lat: 29.3, lng: 47.9, accuracy: 8 }) }),
    fetch(`${api}/api/dashboard/admin`, { headers: cookie(prep.admin) }),
    fetch(`${api}/api/trpc/company.orderList?batch=1&input=${ordersInput}`, { headers: cookie(prep.manager) }),
  ]);
  for (const a of answers) if (a.status !== 200) throw new Error(`${a.url}: ${a.status} ${await a.text()}`);
}
rss.mark('after requests');
await Bun.sleep(5000);
rss.mark('end');
rss.stop();
child.kill('SIGTERM');
await child.exited;
removeDb(file);

const idle = rss.samples.filter((s) => s.phase === 'idle');
const after = rss.samples.filter((s) => s.phase === 'after requests');
const idleMb = Math.max(...idle.map((s) => s.mb));
const afterMb = after.at(-1)?.mb ?? 0;
const peakMb = rss.peak();
console.log(`Database: ${args.db ?? 'fresh demo data'}; server listening after ${Math.round(startMs)} ms`);
console.log('\n| process | RSS |');
console.log('| --- | ---: |');
console.log(`| bare Bun | ${fmt(bare)} MB |`);
console.log(`| Bun after importing the server's modules | ${fmt(imports)} MB |`);
console.log(`| server at idle after start-up (max of ${idle.length} samples over ${args.idle} s) | ${fmt(idleMb)} MB |`);
console.log(`| server at idle after 80 requests (last sample) | ${fmt(afterMb)} MB |`);
console.log(`| server peak during this run | ${fmt(peakMb)} MB |`);
console.log(`\n${idleMb < 150 ? 'MET   ' : 'MISSED'} idle RSS < 150 MB: ${fmt(idleMb)} MB`);
writeFileSync(
  '.tmp/bench-memory.json',
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), loadAverage: load, db: args.db ?? 'demo', bareMb: bare, importsMb: imports, idleMb, afterRequestsMb: afterMb, peakMb, samples: rss.samples }, null, 2),
);
