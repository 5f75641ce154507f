/**
 * After the bulk load (bench/data.ts): the dropped indexes and triggers made again (a sorted build of each
 * index), the order rollups built in one statement by the app's own rebuildOrderStats (docs/decisions/
 * 003-order-rollups.md: the load bypassed their triggers), the foreign keys checked once (the load ran without
 * them), ANALYZE, and the manifest written to the bench_meta table; the file is left in WAL mode, as the server
 * runs it. The manifest holds only what the seed and --now decide, so two runs give the same one.
 */
import type { Client } from '@libsql/client';
import { DEMO_PASSWORD } from '../../db/seed';
import { rebuildOrderStats } from '../../src/server/services/orders';
import type { Dropped } from './bulk';
import type { Fleet, FleetSize } from './fleet';

export interface Manifest {
  seed: number;
  scale: number;
  now: string;
  size: FleetSize;
  /** Rows per table, counted after the load. */
  rows: Record<string, number>;
  password: string;
  admin: { email: string; token: string };
  managers: { companyId: string; company: string; currency: string; email: string; token: string }[];
  riders: { riderId: string; companyId: string; email: string; onDuty: boolean; token: string }[];
}

const COUNTED = ['companies', 'users', 'company_members', 'riders', 'sessions', 'orders', 'cash_ledger', 'cash_submissions', 'duty_shifts', 'location_pings', 'order_day_stats', 'delivery_day_stats'];

async function timed(steps: [string, number][], label: string, fn: () => Promise<void>): Promise<void> {
  const t = performance.now();
  await fn();
  steps.push([label, performance.now() - t]);
}

export async function finishLoad(
  client: Client,
  dropped: readonly Dropped[],
  run: { seed: number; scale: number; now: number; size: FleetSize; fleet: Fleet },
): Promise<{ manifest: Manifest; steps: [string, number][] }> {
  const steps: [string, number][] = [];
  const indexes = dropped.filter((d) => d.type === 'index');
  const triggers = dropped.filter((d) => d.type === 'trigger');
  await timed(steps, `build the ${indexes.length} secondary indexes`, async () => {
    for (const d of indexes) await client.execute(d.sql);
  });
  await timed(steps, 'order rollups + foreign key check + ANALYZE', async () => {
    for (const d of triggers) await client.execute(d.sql);
    await rebuildOrderStats({ $client: client });
    const broken = await client.execute('PRAGMA foreign_key_check');
    if (broken.rows.length) throw new Error(`${broken.rows.length} rows break a foreign key, e.g. ${JSON.stringify(broken.rows.slice(0, 3))}`);
    await client.execute('ANALYZE');
  });

  const rows: Record<string, number> = {};
  for (const table of COUNTED) rows[table] = Number((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  const { fleet } = run;
  const manifest: Manifest = {
    seed: run.seed,
    scale: run.scale,
    now: new Date(run.now).toISOString(),
    size: run.size,
    rows,
    password: DEMO_PASSWORD,
    admin: { email: fleet.admin.email, token: fleet.admin.token },
    managers: fleet.companies.map((c) => ({ companyId: c.id, company: c.name, currency: c.country.currency, email: c.manager.email, token: c.manager.token })),
    riders: fleet.riders.flatMap((p) =>
      p.account ? [{ riderId: p.id, companyId: fleet.companies[p.company]!.id, email: p.account.email, onDuty: p.onDuty, token: p.account.token }] : [],
    ),
  };
  await timed(steps, 'manifest + WAL checkpoint', async () => {
    await client.execute('CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    await client.execute({ sql: 'INSERT OR REPLACE INTO bench_meta (key, value) VALUES (?, ?)', args: ['manifest', JSON.stringify(manifest)] });
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  });
  return { manifest, steps };
}
