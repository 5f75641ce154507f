import { beforeAll, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { freshDb } from '../test/db';
import { riderBalances, cashLimitState, checkCompanyCashLimits, dailyReconciliation } from '../src/server/services/cash';
import { localIsoDate } from '../src/shared/schemas/order-import';
import { dateOfDayNumber, dayNumber } from '../src/shared/schemas/reports';
import type { Db } from './client';
import { cashLedger, cashSubmissions, companies, orders, riders } from './schema';
import { seedDemo } from './seed';

let db: Db;
const NOW = Date.UTC(2026, 10, 22, 9, 0);

beforeAll(async () => {
  db = await freshDb();
  await seedDemo(db, async () => 'x', NOW);
});

test('every seeded journal balances, and each delivered cash order collected exactly once', async () => {
  const unbalanced = await db
    .select({ journalId: cashLedger.journalId })
    .from(cashLedger)
    .groupBy(cashLedger.journalId)
    .having(sql`sum(${cashLedger.amountMinor}) <> 0`);
  expect(unbalanced).toEqual([]);
  const cashOrders = await db.select().from(orders).where(sql`${orders.status} = 'delivered' and ${orders.paymentMethod} = 'cash' and ${orders.codAmountMinor} > 0`);
  const collections = await db.select().from(cashLedger).where(sql`${cashLedger.kind} = 'collection' and ${cashLedger.account} = 'hand'`);
  expect(collections.length).toBe(cashOrders.length);
  expect(collections.reduce((s, e) => s + e.amountMinor, 0)).toBe(cashOrders.reduce((s, o) => s + o.codAmountMinor, 0));
});

test('the Kuwait demo rider holds cash and has one pending hand-over, in the ledger', async () => {
  const rider = (await db.query.riders.findFirst({ where: eq(riders.email, 'rider@example.com') }))!;
  const b = await riderBalances(db, rider.id, 'KWD');
  expect(b.handMinor).toBeGreaterThan(0);
  const pending = await db.select().from(cashSubmissions).where(sql`${cashSubmissions.riderId} = ${rider.id} and ${cashSubmissions.status} = 'pending'`);
  expect(pending).toHaveLength(1);
  expect(b.transitMinor).toBe(pending[0]!.amountMinor);
  expect(b.discrepancyMinor).toBe(0);
  // Everything collected is on hand, pending or with the company.
  expect(b.handMinor + b.transitMinor + b.receivedMinor).toBe(b.collectedMinor);
});

test('no rider is left with a negative hand or transit', async () => {
  for (const r of await db.select().from(riders)) {
    const b = await riderBalances(db, r.id, r.region);
    expect([r.name, b.handMinor >= 0, b.transitMinor >= 0]).toEqual([r.name, true, true]);
  }
});

test('every hand-over is at most what the rider held when it was submitted: no hand balance is ever below 0', async () => {
  const entries = await db.select().from(cashLedger).where(sql`${cashLedger.account} = 'hand'`);
  const byRider = Map.groupBy(entries, (e) => `${e.riderId}:${e.currency}`);
  for (const [key, list] of byRider) {
    let hand = 0;
    let lowest = 0;
    for (const e of list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq)) {
      hand += e.amountMinor;
      lowest = Math.min(lowest, hand);
    }
    expect([key, lowest]).toEqual([key, 0]);
  }
});

test('no past day of either company reconciles to a negative outstanding', async () => {
  for (const c of await db.select().from(companies)) {
    const today = localIsoDate(new Date(NOW), c.region === 'uae' ? 'Asia/Dubai' : 'Asia/Kuwait');
    for (let back = 0; back <= 30; back++) {
      const date = dateOfDayNumber(dayNumber(today)! - back);
      const report = await dailyReconciliation(db, c.id, date, new Date(NOW));
      for (const row of report.rows) expect([date, row.riderName, row.outstandingMinor >= 0]).toEqual([date, row.riderName, true]);
    }
  }
});

test('most riders are within the cash limits: exactly one per company is over (held too long), never a demo account', async () => {
  for (const c of await db.select().from(companies)) {
    const over = await checkCompanyCashLimits(db, c.id, new Date(NOW));
    expect(over.map((o) => o.reasons)).toEqual([['overdue']]);
  }
  for (const email of ['rider@example.com', 'rider.uae@example.com']) {
    const rider = (await db.query.riders.findFirst({ where: eq(riders.email, email) }))!;
    expect(await cashLimitState(db, rider.id, new Date(NOW))).toMatchObject({ overLimit: false });
  }
});
