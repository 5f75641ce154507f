import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, locationPings, orders, orderStatusEvents, riders } from '../../../../db/schema';
import { seedDemo } from '../../../../db/seed';
import { freshDb } from '../../../../test/db';
import { parseEnv } from '../../env';
import { pingWriter } from '../location';
import { createDemoSimulator, emptyReport, type StepReport } from './simulator';
import { simulatorEnabled, startDemoSimulator } from './start';

/** Noon in Kuwait on Wednesday 14 January 2026: no summer ban, no Ramadan, a working day in both countries. */
const NOW = Date.parse('2026-01-14T09:00:00Z');
const STEP = 60_000;
let db: Db;
let totals: StepReport;
let pingsBefore: number;

beforeAll(async () => {
  db = await freshDb();
  await seedDemo(db, async () => 'x', NOW);
  pingsBefore = pingWriter(db).stats.pings;
  const sim = createDemoSimulator(db, { seed: 7 });
  totals = emptyReport();
  // Two hours of demo, a step a minute.
  for (let k = 1; k <= 120; k++) {
    const r = await sim.step(new Date(NOW + k * STEP));
    for (const key of Object.keys(totals) as (keyof StepReport)[]) totals[key] += r[key];
  }
}, 30_000);

const onDuty = () => db.select().from(riders).where(eq(riders.onDuty, true));

describe('the demo simulator, driven step by step', () => {
  test('every rider on duty pings through the ingest each step but on a break, and was last seen at the last step', async () => {
    const list = await onDuty();
    expect(list).toHaveLength(6);
    expect(pingWriter(db).stats.pings - pingsBefore).toBe(totals.pings);
    // A step on a break sends no ping: from the step that starts it up to the one that ends it.
    const breaks = await db.select().from(dutyBreaks).where(gt(dutyBreaks.startedAt, new Date(NOW)));
    const silent = (k: number) => breaks.filter((b) => b.startedAt.getTime() <= NOW + k * STEP && NOW + k * STEP < (b.endedAt?.getTime() ?? Infinity)).length;
    const expected = Array.from({ length: 120 }, (_, i) => 6 - silent(i + 1)).reduce((a, b) => a + b, 0);
    expect(totals.breaksStarted).toBe(breaks.length);
    expect(totals.pings).toBe(expected);
    const resting = new Set(breaks.filter((b) => !b.endedAt).map((b) => b.shiftId));
    const open = await db.select().from(dutyShifts).where(isNull(dutyShifts.endedAt));
    for (const r of list.filter((x) => !open.some((s) => s.riderId === x.id && resting.has(s.id)))) expect([r.name, r.lastSeenAt?.getTime()]).toEqual([r.name, NOW + 120 * STEP]);
    const stored = await db.select().from(locationPings).where(gt(locationPings.recordedAt, new Date(NOW)));
    expect(stored).toHaveLength(expected);
    // They move: a rider's pings are not all at one spot.
    const byRider = Map.groupBy(stored, (p) => p.riderId);
    expect([...byRider.values()].some((ps) => new Set(ps.map((p) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`)).size > 10)).toBe(true);
  });

  test('orders move through their lifecycle: picked up, delivered, waiting ones assigned', async () => {
    expect(totals.delivered).toBeGreaterThan(0);
    expect(totals.pickedUp).toBeGreaterThan(0);
    expect(totals.assigned).toBeGreaterThan(0);
    const events = await db.select().from(orderStatusEvents).where(gt(orderStatusEvents.at, new Date(NOW)));
    expect(events.filter((e) => e.status === 'delivered')).toHaveLength(totals.delivered);
    expect(events.filter((e) => e.status === 'assigned')).toHaveLength(totals.assigned);
    // Delivered through the lifecycle service: stamped, and the cash orders collected into the ledger.
    const done = await db.select().from(orders).where(inArray(orders.id, events.filter((e) => e.status === 'delivered').map((e) => e.orderId)));
    for (const o of done) expect([o.status, o.deliveredAt!.getTime() > NOW]).toEqual(['delivered', true]);
  });

  test('new orders come in now and then, marked as the demo’s', async () => {
    expect(totals.created).toBeGreaterThan(0);
    const made = await db.select().from(orders).where(eq(orders.source, 'demo'));
    expect(made).toHaveLength(totals.created);
    for (const o of made) expect(o.createdAt.getTime()).toBeGreaterThan(NOW);
  });

  test('the demo sign-in riders are moved, but their orders are left to whoever signs in', async () => {
    const accounts = (await onDuty()).filter((r) => r.userId);
    expect(accounts).toHaveLength(2);
    const touched = await db
      .select()
      .from(orderStatusEvents)
      .where(and(gt(orderStatusEvents.at, new Date(NOW)), inArray(orderStatusEvents.riderId, accounts.map((r) => r.id))));
    expect(touched).toEqual([]);
  });

  test('a rider who sends a ping of their own is left alone', async () => {
    const sim = createDemoSimulator(db, { seed: 9 });
    const at = NOW + 200 * STEP;
    await sim.step(new Date(at));
    const rider = (await onDuty()).find((r) => r.userId)!;
    // The rider's phone reports a place; the next steps must not move them.
    await db.update(riders).set({ lastLat: 29.301, lastLng: 47.951, lastSeenAt: new Date(at + 10_000) }).where(eq(riders.id, rider.id));
    const r = await sim.step(new Date(at + STEP));
    expect(r.pings).toBe(5);
    const after = (await db.select().from(riders).where(eq(riders.id, rider.id)))[0]!;
    expect([after.lastLat, after.lastLng]).toEqual([29.301, 47.951]);
  });
});

describe('when the simulator runs', () => {
  const env = (e: Record<string, string>) => parseEnv({ SKIP_BUILD: 'true', ...e });

  test('on in the demo by default; off with SIMULATE_DEMO=false, without the demo, and always in production', () => {
    expect(simulatorEnabled(env({}))).toBe(true);
    expect(simulatorEnabled(env({ NODE_ENV: 'test' }))).toBe(true);
    expect(simulatorEnabled(env({ SIMULATE_DEMO: 'false' }))).toBe(false);
    expect(simulatorEnabled(env({ SEED_DEMO: 'false' }))).toBe(false);
    expect(simulatorEnabled(env({ NODE_ENV: 'production' }))).toBe(false);
    expect(() => env({ NODE_ENV: 'production', SIMULATE_DEMO: 'true' })).toThrow('SIMULATE_DEMO: must not be true in production (it moves riders and delivers orders that are not real)');
    expect(() => env({ SIMULATE_DEMO: 'yes' })).toThrow(/SIMULATE_DEMO/);
    // Even handed a production setting that slipped through, it does nothing.
    expect(startDemoSimulator(db, { NODE_ENV: 'production', SEED_DEMO: true, SIMULATE_DEMO: true })).toBeNull();
    expect(startDemoSimulator(db, { NODE_ENV: 'development', SEED_DEMO: true, SIMULATE_DEMO: false })).toBeNull();
  });

  test('started with the server, it steps on its timer and stops cleanly, waiting for the step in flight', async () => {
    const steps: number[] = [];
    let finished = 0;
    const simulator = {
      step: async (now: Date) => {
        steps.push(now.getTime());
        await new Promise((r) => setTimeout(r, 30));
        finished++;
        return emptyReport();
      },
    };
    const stop = startDemoSimulator(db, { NODE_ENV: 'test', SEED_DEMO: true, SIMULATE_DEMO: true }, { intervalMs: 5, simulator })!;
    while (steps.length < 3) await new Promise((r) => setTimeout(r, 5));
    await stop();
    // The step in flight finished before stop() resolved, and none starts after it.
    expect(finished).toBe(steps.length);
    const count = steps.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(steps.length).toBe(count);
  });
});
