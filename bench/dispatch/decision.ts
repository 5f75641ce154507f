/**
 * One dispatch decision timed (issue 25, item 8): `chooseNearest`, the choice `startDispatch` makes (the best
 * eligible rider, the guards, the batch), for a new pending order at a random pickup within the fleet's reach;
 * every `checkEvery`-th run also `choose`, the read of every rider, checked to pick the same rider.
 * The orders are deleted after each run so one run's order is no batch candidate of the next.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { DISPATCH_DEFAULTS } from '../../src/shared/schemas/dispatch';
import { choose, chooseNearest } from '../../src/server/services/dispatch';
import { inDisc, type BenchFleet } from './fleet';

export interface DecisionTimes {
  nearest: number[];
  /** The CPU time of the process during each `chooseNearest` (ms): what the decision costs whatever else runs. */
  cpu: number[];
  all: number[];
  same: number;
  compared: number;
  outcomes: Record<string, number>;
}

export async function timeDecisions(db: Db, fleet: BenchFleet, opts: { runs: number; warm: number; checkEvery: number; rand: () => number }): Promise<DecisionTimes> {
  const settings = { ...DISPATCH_DEFAULTS, mode: 'auto' as const };
  const out: DecisionTimes = { nearest: [], cpu: [], all: [], same: 0, compared: 0, outcomes: {} };
  for (let i = 0; i < opts.warm + opts.runs; i++) {
    const pickup = inDisc(fleet.centre, fleet.radiusKm * 0.7, opts.rand);
    const drop = inDisc(pickup, 6, opts.rand);
    const cash = opts.rand() < 0.55;
    const [order] = await db
      .insert(orders)
      .values({
        companyId: fleet.companyId,
        customerName: `Decision ${i}`,
        customerPhone: '+96550000000',
        pickupAddress: 'Bench pickup',
        deliveryAddress: 'Bench drop-off',
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        dropoffLat: drop.lat,
        dropoffLng: drop.lng,
        deliveryFeeMinor: 1000,
        codAmountMinor: cash ? 4500 : 0,
        paymentMethod: cash ? 'cash' : 'prepaid',
        currency: fleet.currency as 'KWD',
        status: 'pending',
        source: 'form',
      })
      .returning();
    const now = new Date();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const choice = await chooseNearest(db, order!, settings, now);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (i >= opts.warm) {
      out.nearest.push(ms);
      out.cpu.push((cpu.user + cpu.system) / 1000);
      const key = choice ? `offered (batch of ${choice.batch.length})` : 'needs a rider';
      out.outcomes[key] = (out.outcomes[key] ?? 0) + 1;
      if ((i - opts.warm) % opts.checkEvery === 0) {
        const t1 = performance.now();
        const full = await choose(db, order!, settings, now);
        out.all.push(performance.now() - t1);
        out.compared++;
        if ((full.choice?.facts.rider.id ?? null) === (choice?.facts.rider.id ?? null)) out.same++;
      }
    }
    await db.delete(orders).where(eq(orders.id, order!.id));
  }
  return out;
}
