/**
 * `bun bench/demo-sim.ts [steps]`: what the demo simulator (issue 21) costs. Seeds the demo into a fresh file
 * database, runs `steps` steps of it (15 s of demo each, the server's interval) and prints the time and CPU per
 * step and the memory it grew by.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { createDemoSimulator } from '../src/server/services/demo-sim';
import { configureLog } from '../src/server/log';

const steps = Number(process.argv[2] ?? 240);
const dir = mkdtempSync(join(tmpdir(), 'demo-sim-'));
configureLog({ level: 'warn' });
const db = await createDb({ url: `file:${join(dir, 'demo.db')}` });
await applyMigrations(db);
const start = Date.now();
await seedDemo(db, async () => 'x', start);
const sim = createDemoSimulator(db);
await sim.step(new Date(start + 15_000));
Bun.gc(true);
const rss0 = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let pings = 0;
let delivered = 0;
for (let k = 2; k <= steps + 1; k++) {
  const r = await sim.step(new Date(start + k * 15_000));
  pings += r.pings;
  delivered += r.delivered;
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
Bun.gc(true);
const rss1 = process.memoryUsage().rss;
console.log(`${steps} steps (${((steps * 15) / 3600).toFixed(1)} h of demo): ${(ms / steps).toFixed(1)} ms a step, CPU ${((cpu.user + cpu.system) / 1000 / steps).toFixed(1)} ms a step (${(((cpu.user + cpu.system) / 1000 / steps / 15_000) * 100).toFixed(3)} % of one core at one step per 15 s), RSS ${((rss1 - rss0) / 1e6).toFixed(1)} MB more; ${pings} pings, ${delivered} deliveries`);
db.$client.close();
rmSync(dir, { recursive: true, force: true });
