/**
 * The scale data set (issue 10, item 1): 200 companies (Kuwait and UAE), 20,000 riders, 1,000,000
 * orders over two years (with their cash ledger and monthly hand-overs), 14 days of duty shifts and
 * 10,000,000 location pings, into a separate database file. Deterministic from --seed (and --now).
 *
 * Usage: bun run bench:data [--scale 1|0.5] [--out .tmp/bench-full.db] [--seed 42] [--now 2026-11-22T09:00:00Z]
 * --scale multiplies every count (0.5 is the half-size set for the sub-linearity check). Writes a
 * manifest (<out>.json, also in the bench_meta table): the clock, counts, and session tokens for the
 * admin, each company's manager and the rider logins (password for every account: Demo1234!).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import Database from 'libsql';
import type { Db } from '../db/client';
import { applyMigrations } from '../db/migrate';
import * as schema from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { hashPassword } from '../src/server/auth/password';
import { dropForBulkLoad, Loader, type BulkTable } from './data/bulk';
import { writeDuty } from './data/duty';
import { planFleet, writeFleet } from './data/fleet';
import { writeOrders } from './data/orders';
import { finishLoad } from './data/finish';

/** The process's peak resident set so far (Linux), in MiB. */
const peakRssMiB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const { values: opts } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, out: { type: 'string' }, seed: { type: 'string', default: '42' }, now: { type: 'string' } },
});
const scale = Number(opts.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const seed = Number(opts.seed);
const out = opts.out ?? (scale === 1 ? '.tmp/bench-full.db' : scale === 0.5 ? '.tmp/bench-half.db' : `.tmp/bench-${scale}.db`);
// Whole minutes, so a rerun with the printed --now gives the same file.
const now = opts.now ? Date.parse(opts.now) : Math.floor(Date.now() / 60_000) * 60_000;
const size = {
  companies: Math.round(200 * scale),
  riders: Math.round(20_000 * scale),
  orders: Math.round(1_000_000 * scale),
  pings: Math.round(10_000_000 * scale),
  riderUsers: 500,
};

// A fresh clone has no .tmp/ yet.
mkdirSync(dirname(out), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(out + suffix, { force: true });
const t0 = performance.now();
// Schema through the app's migrations; the bulk indexes and triggers off until the rows are in.
const migrator = createClient({ url: `file:${out}` });
await applyMigrations(drizzle(migrator, { schema }) as unknown as Db);
const dropped = await dropForBulkLoad(migrator, ['orders', 'cash_ledger', 'cash_submissions', 'location_pings', 'duty_shifts']);
migrator.close();

// A throw-away file filled in one go: no journal, no fsync, a big page cache. Foreign keys are kept by
// construction (parents first) and checked once at the end.
const FAST = ['journal_mode = OFF', 'synchronous = OFF', 'cache_size = -524288', 'foreign_keys = OFF'];
const conn = new Database(out);
for (const p of FAST) conn.exec(`PRAGMA ${p}`);
const fleet = planFleet(seed, size);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const tx = new Loader(conn);
const tables: BulkTable[] = [];
tables.push(...writeFleet(tx, fleet, passwordHash, now));
tables.push(...writeOrders(tx, fleet, size.orders, seed, now));
const duty = writeDuty(tx, fleet, size.pings, seed, now);
tables.push(...duty.tables);
for (const p of duty.last) tx.run('UPDATE riders SET last_lat = ?, last_lng = ?, last_seen_at = ? WHERE id = ?', [p.lat, p.lng, p.at, p.riderId]);
tx.commit();
conn.close();
const loaded = performance.now();
const loadPeak = peakRssMiB();

const client = createClient({ url: `file:${out}` });
for (const p of FAST) await client.execute(`PRAGMA ${p}`);
const finish = await finishLoad(client, dropped, { seed, scale, now, size, fleet });
writeFileSync(`${out}.json`, JSON.stringify(finish.manifest, null, 2));
client.close();

const total = (performance.now() - t0) / 1000;
console.log(`scale data set → ${out} (seed ${seed}, scale ${scale}, --now ${new Date(now).toISOString()})`);
console.log('table                rows        write s    rows/s');
for (const t of tables) {
  console.log(`${t.table.padEnd(18)} ${String(t.rows).padStart(10)} ${(t.ms / 1000).toFixed(1).padStart(10)} ${t.ms ? String(Math.round(t.rows / (t.ms / 1000))).padStart(9) : ''}`);
}
const rows = tables.reduce((s, t) => s + t.rows, 0);
console.log(`all rows ${rows} in ${((loaded - t0) / 1000).toFixed(1)} s (${Math.round(rows / ((loaded - t0) / 1000))} rows/s, generation included)`);
for (const [label, ms] of finish.steps) console.log(`${label.padEnd(40)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
const bytes = ['', '-wal'].reduce((s, x) => s + (existsSync(out + x) ? statSync(out + x).size : 0), 0);
console.log(`total ${total.toFixed(1)} s; file ${(bytes / 2 ** 20).toFixed(0)} MiB; peak RSS ${loadPeak.toFixed(0)} MiB loading, ${peakRssMiB().toFixed(0)} MiB overall; manifest ${out}.json`);
