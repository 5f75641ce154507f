import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Db } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeCompany } from '../../../../test/factories';
import { ORDER_STATUSES, orderListInput, type OrderStatus } from '../../../shared/schemas/oversight';
import { listOrders } from './order-queries';
import { deliveredSince, ordersCreatedSince, ordersOnDays, rebuildOrderStats, statsDay, statsDayStart } from './order-stats';

/**
 * The daily rollups (migration 0009's triggers) against the orders table itself: whatever orders are
 * created, changed and deleted, every window the dashboards ask for gives what a count over the orders gives.
 */
const H = 3_600_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
// Over 5 days: Kuwait midnight (21:00 UTC), Dubai midnight (20:00 UTC), a minute either side and mid-day, so orders
// and windows often start on the same instant, on a day's first instant or inside a day.
const INSTANTS = Array.from({ length: 5 }, (_, d) => [20 * 60, 20 * 60 + 59, 21 * 60, 21 * 60 + 1, 9 * 60].map((min) => T0 + d * 24 * H + min * 60_000)).flat();
const instant = fc.constantFrom(...INSTANTS);
const status = fc.constantFrom(...ORDER_STATUSES);

type Op =
  | { kind: 'insert'; company: number; status: OrderStatus; createdAt: number; deliveredAt: number | null; fee: number; aed: boolean }
  | { kind: 'update'; pick: number; status: OrderStatus; deliveredAt: number | null; createdAt: number | null; fee: number | null; company: number | null }
  | { kind: 'delete'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), company: fc.nat(1), status, createdAt: instant, deliveredAt: fc.option(instant), fee: fc.nat(5000), aed: fc.boolean() }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), status, deliveredAt: fc.option(instant), createdAt: fc.option(instant), fee: fc.option(fc.nat(5000)), company: fc.option(fc.nat(1)) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

async function apply(db: Db, companyIds: string[], ops: Op[]) {
  const ids: string[] = [];
  for (const o of ops) {
    if (o.kind === 'insert') {
      const [row] = await db
        .insert(orders)
        .values({
          companyId: companyIds[o.company]!,
          customerName: 'C',
          pickupAddress: 'P',
          deliveryAddress: 'D',
          status: o.status,
          createdAt: new Date(o.createdAt),
          deliveredAt: o.deliveredAt === null ? null : new Date(o.deliveredAt),
          deliveryFeeMinor: o.fee,
          currency: o.aed ? 'AED' : 'KWD',
        })
        .returning({ id: orders.id });
      ids.push(row!.id);
    } else if (ids.length) {
      const id = ids[o.pick % ids.length]!;
      if (o.kind === 'delete') {
        await db.delete(orders).where(eq(orders.id, id));
        ids.splice(ids.indexOf(id), 1);
      } else {
        await db
          .update(orders)
          .set({
            status: o.status,
            deliveredAt: o.deliveredAt === null ? null : new Date(o.deliveredAt),
            ...(o.createdAt === null ? {} : { createdAt: new Date(o.createdAt) }),
            ...(o.fee === null ? {} : { deliveryFeeMinor: o.fee }),
            ...(o.company === null ? {} : { companyId: companyIds[o.company]! }),
          })
          .where(eq(orders.id, id));
      }
    }
  }
}

/** The same figures counted over the orders table. */
async function direct(db: Db, companyId: string | null, since: number) {
  const scope = companyId ? 'AND company_id = ?' : '';
  const args = (...a: (string | number)[]) => (companyId ? [...a, companyId] : a);
  const created = await db.$client.execute({ sql: `SELECT status, count(*) AS n FROM orders WHERE created_at >= ? ${scope} GROUP BY status`, args: args(since) });
  const delivered = await db.$client.execute({
    sql: `SELECT currency, count(*) AS n, sum(delivery_fee_minor) AS fees FROM orders WHERE status = 'delivered' AND delivered_at >= ? ${scope} GROUP BY currency ORDER BY currency`,
    args: args(since),
  });
  return {
    created: Object.fromEntries(created.rows.map((r) => [r.status, Number(r.n)])),
    delivered: delivered.rows.map((r) => ({ currency: r.currency, delivered: Number(r.n), feesMinor: Number(r.fees) })),
  };
}

const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
const tables = async (db: Db) => [
  (await db.$client.execute('SELECT company_id, day, status, orders FROM order_day_stats WHERE orders <> 0 ORDER BY 1, 2, 3')).rows.map((r) => ({ ...r })),
  (await db.$client.execute('SELECT company_id, day, currency, delivered, fees_minor FROM delivery_day_stats WHERE delivered <> 0 ORDER BY 1, 2, 3')).rows.map((r) => ({ ...r })),
];

describe('order rollups', () => {
  test('days are Kuwait calendar days', () => {
    expect(statsDayStart(statsDay(Date.parse('2026-03-10T21:00:00Z'))).toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(statsDay(Date.parse('2026-03-10T20:59:59.999Z'))).toBe(statsDay(Date.parse('2026-03-10T00:00:00Z')));
  });

  test('windows from the rollups equal counts over the orders, after any inserts, changes and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), fc.array(instant, { minLength: 1, maxLength: 4 }), async (ops, sinces) => {
        const db = await freshDb();
        const companyIds = [(await makeCompany(db, { currency: 'KWD' })).id, (await makeCompany(db, { currency: 'AED' })).id];
        await apply(db, companyIds, ops);
        for (const since of sinces) {
          for (const companyId of [null, ...companyIds]) {
            const want = await direct(db, companyId, since);
            expect(nonZero(await ordersCreatedSince(db, companyId, new Date(since)) as Record<string, number>)).toEqual(want.created);
            const got = (await deliveredSince(db, companyId, new Date(since))).filter((d) => d.delivered !== 0).sort((a, b) => a.currency.localeCompare(b.currency));
            expect(got).toEqual(want.delivered as never);
          }
        }
        // The triggers kept exactly what a rebuild from the orders computes.
        const kept = await tables(db);
        await rebuildOrderStats(db);
        expect(await tables(db)).toEqual(kept);
        db.$client.close();
      }),
      { numRuns: 25 },
    );
  });

  test('the orders list total from the rollups equals a count, for a status and Kuwait dates', async () => {
    const db = await freshDb();
    const companyIds = [(await makeCompany(db, { currency: 'KWD' })).id, (await makeCompany(db, { currency: 'AED' })).id];
    const ops = fc.sample(op, { numRuns: 120, seed: 10 });
    await apply(db, companyIds, ops);
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05'];
    for (const companyId of [null, companyIds[0]!]) {
      for (const s of [undefined, 'delivered', 'pending'] as const) {
        for (const [from, to] of [[undefined, undefined], [days[0], days[1]], [days[1], days[3]], [days[2], undefined], [undefined, days[2]]]) {
          const input = orderListInput.parse({ status: s, from, to, companyId: companyId ?? undefined });
          const got = await listOrders(db, input, null);
          // The same filter with a text search that matches every order goes the counting way.
          const counted = await listOrders(db, { ...input, q: 'C' }, null);
          expect(got.total).toBe(counted.total);
          const fromDay = from ? statsDay(Date.parse(`${from}T00:00:00+03:00`)) : undefined;
          const toDay = to ? statsDay(Date.parse(`${to}T00:00:00+03:00`)) : undefined;
          expect(await ordersOnDays(db, companyId, s, fromDay, toDay)).toBe(got.total);
        }
      }
    }
    db.$client.close();
  });
});
