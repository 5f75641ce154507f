/**
 * Admin oversight at 100k orders: how long the dashboard figures and the orders
 * table take on a 2-core machine. Prints medians of 7 runs per query, in ms.
 * Usage: bun bench/admin-lists.ts [orders=100000]
 */
import { rmSync } from 'node:fs';
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { companies, orders, riders } from '../db/schema';
import { orderListInput } from '../src/shared/schemas/oversight';
import { adminStats } from '../src/server/services/reports';
import { listOrders, orderDetail } from '../src/server/services/orders';
import { listCompaniesPaged, listRidersPaged } from '../src/server/services/directory';
import { companyListInput, riderListInput } from '../src/shared/schemas/oversight';

const N = Number(process.argv[2] ?? 100_000);
const file = `/tmp/kwt-bench-admin-${process.pid}.db`;
const db = await createDb({ url: `file:${file}` });
await applyMigrations(db);

const [kw, ae] = await db
  .insert(companies)
  .values([
    { name: 'Fast Delivery', email: 'a@x.kw', region: 'kuwait', currency: 'KWD' },
    { name: 'Emirates Express', email: 'b@x.ae', region: 'uae', currency: 'AED' },
  ])
  .returning();
const riderRows = await db
  .insert(riders)
  .values(Array.from({ length: 200 }, (_, i) => ({ companyId: i % 2 ? ae!.id : kw!.id, name: `Rider ${i}`, email: `r${i}@x.example`, phone: `+96550${String(i).padStart(6, '0')}`, region: (i % 2 ? 'AED' : 'KWD') as 'AED' | 'KWD' })))
  .returning();

const STATUSES = ['pending', 'assigned', 'picked_up', 'delivered', 'delivered', 'delivered', 'cancelled', 'failed'] as const;
const t0 = performance.now();
const now = Date.now();
await db.transaction(async (tx) => {
  for (let i = 0; i < N; i += 500) {
    const batch = Array.from({ length: Math.min(500, N - i) }, (_, k) => {
      const n = i + k;
      const r = riderRows[n % riderRows.length]!;
      const status = STATUSES[n % STATUSES.length]!;
      const createdAt = new Date(now - (n % (365 * 24)) * 3_600_000);
      return {
        companyId: r.companyId,
        riderId: status === 'pending' ? null : r.id,
        customerName: `Customer ${n}`,
        customerPhone: `+96551${String(n).padStart(6, '0')}`,
        pickupAddress: 'Sultan Center, Salmiya',
        deliveryAddress: `Salmiya, Block ${n % 12}, House ${n % 90}`,
        deliveryFeeMinor: 500 + (n % 10) * 250,
        currency: r.region,
        status,
        createdAt,
        deliveredAt: status === 'delivered' ? createdAt : null,
      };
    });
    await tx.insert(orders).values(batch);
  }
});
console.log(`inserted ${N} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function time(label: string, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} median ${samples[3]!.toFixed(1).padStart(7)} ms   max ${samples[6]!.toFixed(1).padStart(7)} ms`);
}

const q = (x: Record<string, unknown>) => orderListInput.parse(x);
const first = await listOrders(db, q({}), null);
await time('adminStats (six cards)', () => adminStats(db, 0.0835));
await time('orders page 1 (20, newest first) + count', () => listOrders(db, q({}), null));
await time(`orders page ${Math.floor(N / 40)} (deep offset)`, () => listOrders(db, q({ page: Math.floor(N / 40) }), null));
await time('orders: company + status filter', () => listOrders(db, q({ companyId: kw!.id, status: 'delivered' }), null));
await time('orders: region + 7-day range', () => listOrders(db, q({ region: 'uae', from: new Date(now - 7 * 86_400_000).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) }), null));
await time('orders: text search "Customer 4242"', () => listOrders(db, q({ q: 'Customer 4242' }), null));
await time('order detail with timeline', () => orderDetail(db, first.items[0]!.id, null));
await time('riders page 1 + count', () => listRidersPaged(db, riderListInput.parse({})));
await time('companies with rider/order counts', () => listCompaniesPaged(db, companyListInput.parse({})));

rmSync(file, { force: true });
rmSync(`${file}-wal`, { force: true });
rmSync(`${file}-shm`, { force: true });
