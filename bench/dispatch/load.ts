/**
 * New orders at a steady rate (issue 25, item 8) through the company form's order service (`createOrder`: the row,
 * its timeline and audit, then `startDispatch`), open loop: order i is created at t0 + i × 60/rate s whatever the
 * earlier ones are doing. Beside it the server's sweeper runs (time-outs), and the bench plays the riders: each offer is
 * answered 2–12 s after it was made (85 % accept, 10 % decline, 5 % never answer and time out), and an accepted order
 * is delivered two minutes later (its row set delivered: the rider's room comes back). Latency: from the order's
 * scheduled creation to `createOrder` returning, by which time its first offer is committed (or it is marked as
 * needing a rider). Afterwards every order is looked up: offered (an offer holds it), needs a rider, or lost.
 */
import type { Client } from '@libsql/client';
import type { Db } from '../../db/client';
import { orderInput } from '../../src/shared/schemas/admin';
import { areasOf } from '../../src/shared/gulf/areas';
import { createOrder } from '../../src/server/services/directory';
import { answerOffer, startDispatchSweeper } from '../../src/server/services/dispatch';
import { inDisc, type BenchFleet } from './fleet';

export interface LoadResult {
  created: number;
  failed: number;
  offered: number;
  needsRider: number;
  lost: number;
  latencies: number[];
  offeredWithin2s: number;
  answers: Record<string, number>;
  delivered: number;
  lateMs: number;
  /** The bench process's CPU over the run, in cores (the order service, dispatch, sweeper and the riders' answers). */
  cores: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function addressOf(region: string, pin: { lat: number; lng: number }) {
  if (region === 'uae') return { country: 'AE', emirate: 'dubai', area: areasOf('AE', 'dubai')[0]!.id, building: '7', pin };
  return { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', pin };
}

export async function runLoad(db: Db, fleet: BenchFleet, opts: { perMinute: number; minutes: number; rand: () => number; log: (s: string) => void }): Promise<LoadResult> {
  const client: Client = db.$client;
  const total = Math.round(opts.perMinute * opts.minutes);
  const gap = 60_000 / opts.perMinute;
  const phone = fleet.region === 'uae' ? '+971501234567' : '+96560012345';
  const result: LoadResult = { created: 0, failed: 0, offered: 0, needsRider: 0, lost: 0, latencies: [], offeredWithin2s: 0, answers: {}, delivered: 0, lateMs: 0, cores: 0 };
  const latencyOf = new Map<string, number>();
  const plans = new Map<string, { at: number; answer: 'accept' | 'decline' | null }>();
  const deliverAt: { at: number; ids: string[] }[] = [];
  const count = (k: string) => (result.answers[k] = (result.answers[k] ?? 0) + 1);

  // The riders: answer the offers that are due, deliver what was accepted two minutes ago.
  let riding = false;
  const riders = setInterval(() => {
    if (riding) return;
    riding = true;
    void (async () => {
      const now = Date.now();
      const open = await client.execute({ sql: "SELECT id, rider_id, created_at FROM dispatch_offers WHERE company_id = ? AND status = 'open'", args: [fleet.companyId] });
      for (const row of open.rows) {
        const id = String(row.id);
        let plan = plans.get(id);
        if (!plan) {
          const roll = opts.rand();
          plan = { at: Number(row.created_at) + 2000 + opts.rand() * 10_000, answer: roll < 0.85 ? 'accept' : roll < 0.95 ? 'decline' : null };
          plans.set(id, plan);
        }
        if (!plan.answer || plan.at > now) continue;
        const answer = plan.answer;
        plan.answer = null;
        try {
          const r = await answerOffer(db, String(row.rider_id), id, answer, new Date());
          count(r.status);
          if (r.status === 'accepted') deliverAt.push({ at: Date.now() + 120_000, ids: r.orderIds });
        } catch (err) {
          count(`refused: ${(err as Error).message}`);
        }
      }
      while (deliverAt.length && deliverAt[0]!.at <= Date.now()) {
        const { ids } = deliverAt.shift()!;
        const done = await client.execute({
          sql: `UPDATE orders SET status = 'delivered', delivered_at = ?, updated_at = ? WHERE status IN ('assigned', 'picked_up') AND id IN (${ids.map(() => '?').join(', ')})`,
          args: [Date.now(), Date.now(), ...ids],
        });
        result.delivered += done.rowsAffected;
      }
    })()
      .catch((err) => opts.log(`riders: ${String(err)}`))
      .finally(() => (riding = false));
  }, 500);
  const stopSweeper = startDispatchSweeper(db);

  const createOne = async (i: number, at: number) => {
    const pickup = inDisc(fleet.centre, fleet.radiusKm * 0.7, opts.rand);
    const drop = inDisc(pickup, 6, opts.rand);
    const input = orderInput.parse({
      customerName: `Load ${i}`,
      customerPhone: phone,
      pickupAddress: 'Bench pickup',
      deliveryAddress: 'Bench drop-off',
      pickupAddressParts: addressOf(fleet.region, pickup),
      deliveryAddressParts: addressOf(fleet.region, drop),
      deliveryFee: 1.5,
      codAmount: opts.rand() < 0.55 ? 4.5 : 0,
      currency: fleet.currency,
    });
    try {
      const made = await createOrder(db, fleet.managerId, fleet.companyId, input);
      latencyOf.set(made.order.id, performance.now() - at);
    } catch (err) {
      result.failed++;
      opts.log(`order ${i} failed: ${String(err)}`);
    }
  };

  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const t0 = performance.now() + 500;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const at = t0 + i * gap;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    else result.lateMs = Math.max(result.lateMs, -wait);
    inFlight.push(createOne(i, at));
    if (i > 0 && i % opts.perMinute === 0) opts.log(`${i} orders sent, ${latencyOf.size} answered`);
  }
  await Promise.all(inFlight);
  clearInterval(riders);
  while (riding) await sleep(50);
  await stopSweeper();
  const used = process.cpuUsage(cpu0);
  result.cores = (used.user + used.system) / 1000 / (performance.now() - wall0);

  const ids = [...latencyOf.keys()];
  result.created = ids.length;
  const offered = new Set<string>();
  const needs = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const held = await client.execute({ sql: `SELECT DISTINCT order_id FROM dispatch_offer_orders WHERE order_id IN (${marks})`, args: chunk });
    for (const r of held.rows) offered.add(String(r.order_id));
    const back = await client.execute({ sql: `SELECT id FROM orders WHERE dispatch_state = 'needs_rider' AND id IN (${marks})`, args: chunk });
    for (const r of back.rows) needs.add(String(r.id));
  }
  for (const [id, ms] of latencyOf) {
    result.latencies.push(ms);
    if (offered.has(id)) {
      result.offered++;
      if (ms <= 2000) result.offeredWithin2s++;
    } else if (needs.has(id)) result.needsRider++;
    else result.lost++;
  }
  return result;
}
