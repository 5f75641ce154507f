import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { freshDb } from '../test/db';
import { balancesOf, riderBalances } from '../src/server/services/cash';
import type { Db } from './client';
import { migrationsFolder } from './migrate';
import * as schema from './schema';

/**
 * Migration 0008's backfill of the cash ledger (issue 9) from the cash a database held before it:
 * a database at 0007 (the SQL files applied in order, as drizzle's migrator does, without its
 * bookkeeping table), the old world's rows, then 0008.
 */
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const statements = (tag: string) =>
  readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
async function applyUpTo(client: Client, lastIdx: number, firstIdx = 0) {
  for (const e of journal.entries.filter((e) => e.idx >= firstIdx && e.idx <= lastIdx).sort((a, b) => a.idx - b.idx)) {
    for (const sql of statements(e.tag)) await client.execute(sql);
  }
}

const T0 = Date.parse('2026-03-01T09:00:00Z');
const H = 3_600_000;

let dir: string;
let client: Client;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kwt-migrations-'));
  client = createClient({ url: `file:${join(dir, 'old.db')}` });
  await client.execute('PRAGMA foreign_keys = ON');
  expect(journal.entries.find((e) => e.idx === 8)?.tag).toBe('0008_cash_ledger_compliance');
  await applyUpTo(client, 7);

  // The world as 0007 knew it: cash on hand was collected − every hand-over; no ledger.
  const run = (sql: string, args: (string | number | null)[]) => client.execute({ sql, args });
  await run('INSERT INTO companies (id, name, email, region, currency, created_at) VALUES (?, ?, ?, ?, ?, ?)', ['co-kw', 'Old Kuwait Co', 'old@kw.example', 'kuwait', 'KWD', T0]);
  await run('INSERT INTO companies (id, name, email, region, currency, created_at) VALUES (?, ?, ?, ?, ?, ?)', ['co-ae', 'Old Dubai Co', 'old@ae.example', 'uae', 'AED', T0]);
  const rider = (id: string, company: string, region: string) =>
    run('INSERT INTO riders (id, company_id, name, email, phone, region, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, company, `Rider ${id}`, `${id}@old.example`, '+96550000000', region, T0]);
  await rider('r-kw', 'co-kw', 'KWD');
  await rider('r-idle', 'co-kw', 'KWD');
  await rider('r-ae', 'co-ae', 'AED');
  let n = 0;
  const order = (company: string, riderId: string | null, status: string, payment: string, cod: number, currency: string, deliveredAt: number | null, updatedAt: number | null = null) =>
    run(
      `INSERT INTO orders (id, company_id, rider_id, customer_name, pickup_address, delivery_address, cod_amount_minor, currency, payment_method, status, created_at, delivered_at, updated_at)
       VALUES (?, ?, ?, 'Customer', 'Pickup', 'Delivery', ?, ?, ?, ?, ?, ?, ?)`,
      [`o${++n}`, company, riderId, cod, currency, payment, status, T0, deliveredAt, updatedAt],
    );
  // Collected by r-kw: 10.000 + 5.000 (delivered with no delivered_at: its last update dates it) = 15.000.
  await order('co-kw', 'r-kw', 'delivered', 'cash', 10000, 'KWD', T0 + H);
  await order('co-kw', 'r-kw', 'delivered', 'cash', 5000, 'KWD', null, T0 + 2 * H);
  // Not collected: a card order, a failed one, one with nothing to collect, one with no rider.
  await order('co-kw', 'r-kw', 'delivered', 'card', 7000, 'KWD', T0 + H);
  await order('co-kw', 'r-kw', 'failed', 'cash', 2000, 'KWD', null);
  await order('co-kw', 'r-kw', 'delivered', 'cash', 0, 'KWD', T0 + H);
  await order('co-kw', null, 'delivered', 'cash', 9000, 'KWD', T0 + H);
  // r-ae: 20.00 AED collected, nothing handed over.
  await order('co-ae', 'r-ae', 'delivered', 'cash', 2000, 'AED', T0 + H);
  const submission = (id: string, amount: number, status: string, createdAt: number, confirmedAt: number | null = null) =>
    run('INSERT INTO cash_submissions (id, rider_id, amount_minor, currency, status, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, 'r-kw', amount, 'KWD', status, createdAt, confirmedAt]);
  await submission('s-pending', 3000, 'pending', T0 + 3 * H);
  await submission('s-confirmed', 4000, 'confirmed', T0 + 4 * H, T0 + 5 * H);
  await submission('s-disputed', 2000, 'disputed', T0 + 6 * H);

  await applyUpTo(client, 8, 8);
  db = drizzle(client, { schema }) as Db;
});

afterAll(() => {
  client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0008: the ledger backfill', () => {
  test('balances: hand = collected − pending − confirmed (a disputed hand-over is back in hand), transit = pending, company = confirmed', async () => {
    expect(await riderBalances(db, 'r-kw', 'KWD')).toEqual({
      handMinor: 15000 - 3000 - 4000,
      transitMinor: 3000,
      discrepancyMinor: 0,
      collectedMinor: 15000,
      receivedMinor: 4000,
      outstandingMinor: 8000 + 3000,
    });
    expect(await riderBalances(db, 'r-ae', 'AED')).toMatchObject({ handMinor: 2000, transitMinor: 0, collectedMinor: 2000, receivedMinor: 0 });
    // No cash, no entries; nothing in a currency the rider never handled.
    const all = await balancesOf(db, ['r-kw', 'r-idle', 'r-ae']);
    expect([...all.keys()].sort()).toEqual(['r-ae:AED', 'r-kw:KWD']);
    const company = await client.execute(`SELECT sum(amount_minor) AS s FROM cash_ledger WHERE account = 'company'`);
    expect(Number(company.rows[0]!.s)).toBe(4000);
  });

  test('every journal sums to zero, one per event, each dated by its event', async () => {
    const unbalanced = await client.execute('SELECT journal_id FROM cash_ledger GROUP BY journal_id HAVING sum(amount_minor) <> 0');
    expect(unbalanced.rows).toEqual([]);
    const journals = await client.execute(
      'SELECT kind, order_id, submission_id, min("at") AS at, count(*) AS lines FROM cash_ledger GROUP BY journal_id ORDER BY kind, at, order_id, submission_id',
    );
    const rows = journals.rows.map((r) => ({ kind: r.kind, order: r.order_id, submission: r.submission_id, at: Number(r.at) - T0, lines: Number(r.lines) }));
    expect(rows).toEqual([
      { kind: 'collection', order: 'o1', submission: null, at: H, lines: 2 },
      { kind: 'collection', order: 'o7', submission: null, at: H, lines: 2 },
      { kind: 'collection', order: 'o2', submission: null, at: 2 * H, lines: 2 },
      { kind: 'handover_cancelled', order: null, submission: 's-disputed', at: 6 * H, lines: 2 },
      { kind: 'handover_received', order: null, submission: 's-confirmed', at: 5 * H, lines: 2 },
      { kind: 'handover_submitted', order: null, submission: 's-pending', at: 3 * H, lines: 2 },
      { kind: 'handover_submitted', order: null, submission: 's-confirmed', at: 4 * H, lines: 2 },
      { kind: 'handover_submitted', order: null, submission: 's-disputed', at: 6 * H, lines: 2 },
    ]);
    // Each entry carries its rider's company.
    const companies = await client.execute('SELECT DISTINCT rider_id, company_id FROM cash_ledger ORDER BY rider_id');
    expect(companies.rows.map((r) => [r.rider_id, r.company_id])).toEqual([
      ['r-ae', 'co-ae'],
      ['r-kw', 'co-kw'],
    ]);
  });

  test('a confirmed hand-over is recorded as counted in full; the others are left as they were', async () => {
    const rows = await client.execute('SELECT id, status, counted_minor, discrepancy_minor, received_at, channel, code_attempts FROM cash_submissions ORDER BY id');
    expect(rows.rows.map((r) => Object.fromEntries(rows.columns.map((c) => [c, r[c]])))).toEqual([
      { id: 's-confirmed', status: 'confirmed', counted_minor: 4000, discrepancy_minor: 0, received_at: T0 + 5 * H, channel: 'handover', code_attempts: 0 },
      { id: 's-disputed', status: 'disputed', counted_minor: null, discrepancy_minor: null, received_at: null, channel: 'handover', code_attempts: 0 },
      { id: 's-pending', status: 'pending', counted_minor: null, discrepancy_minor: null, received_at: null, channel: 'handover', code_attempts: 0 },
    ]);
  });

  test('the backfilled ledger is append-only like any other', async () => {
    await expect(client.execute('UPDATE cash_ledger SET amount_minor = 0')).rejects.toThrow('cash_ledger is append-only');
    await expect(client.execute('DELETE FROM cash_ledger')).rejects.toThrow('cash_ledger is append-only');
  });

});

describe('migration 0009: the order rollups (issue 10)', () => {
  const rollups = async () => ({
    created: (await client.execute('SELECT company_id, day, status, orders FROM order_day_stats WHERE orders <> 0 ORDER BY 1, 2, 3')).rows.map((r) => ({ ...r }) as Record<string, unknown>),
    delivered: (await client.execute('SELECT company_id, day, currency, delivered, fees_minor FROM delivery_day_stats WHERE delivered <> 0 ORDER BY 1, 2, 3')).rows.map((r) => ({ ...r }) as Record<string, unknown>),
  });
  const day = Math.floor((T0 + 3 * H) / 86_400_000);

  beforeAll(() => applyUpTo(client, 9, 9));

  test('the backfill counts the orders a database already held, per company and in total', async () => {
    expect(await rollups()).toEqual({
      created: [
        { company_id: '*', day, status: 'delivered', orders: 6 },
        { company_id: '*', day, status: 'failed', orders: 1 },
        { company_id: 'co-ae', day, status: 'delivered', orders: 1 },
        { company_id: 'co-kw', day, status: 'delivered', orders: 5 },
        { company_id: 'co-kw', day, status: 'failed', orders: 1 },
      ],
      // o2 was delivered with no delivered_at: it has no day of delivery, so no row.
      delivered: [
        { company_id: '*', day, currency: 'AED', delivered: 1, fees_minor: 0 },
        { company_id: '*', day, currency: 'KWD', delivered: 4, fees_minor: 0 },
        { company_id: 'co-ae', day, currency: 'AED', delivered: 1, fees_minor: 0 },
        { company_id: 'co-kw', day, currency: 'KWD', delivered: 4, fees_minor: 0 },
      ],
    });
  });

  test('the SQL files in order build the schema drizzle’s migrator builds', async () => {
    await applyUpTo(client, Number.MAX_SAFE_INTEGER, 10);
    const fresh = await freshDb();
    const schemaOf = async (c: Client) =>
      (await c.execute(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '__drizzle%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name`)).rows.map((r) => ({ ...r }));
    expect(await schemaOf(client)).toEqual(await schemaOf(fresh.$client));
    fresh.$client.close();
  });
});
