import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders, webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeCompany, makeOrder, makeRider, makeUser } from '../../../../test/factories';
import { staffActor } from '../access';
import { assignOrder, riderOrders, transitionOrder } from '../orders';
import { EtaRefresher } from './eta-refresh';
import { updateRiderEtas } from './etas';
import { SERVICE_MIN } from './order-stops';
import { gulfHour } from './learn';
import { DEFAULT_TRAVEL_MODEL, travelMinutes } from './travel';

let db: Db;
/** 06:00 UTC on a winter weekday: 09:00 in Kuwait (no working rule stops a rider then). */
const NOW = new Date(Date.UTC(2026, 0, 12, 6, 0));
const KM_LAT = 1 / 111.32;
const at = (kmNorth: number) => ({ lat: 29.3 + kmNorth * KM_LAT, lng: 48.0 });
const minutes = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, t: number) =>
  travelMinutes(DEFAULT_TRAVEL_MODEL, a, b, 'motorcycle', gulfHour(t, 'kuwait'));

async function setup() {
  const company = await makeCompany(db);
  const manager = await makeUser(db, { role: 'admin' });
  const { rider } = await makeRider(db, company, { vehicleType: 'motorcycle', withUser: false, onDuty: true });
  await db.update(riders).set({ lastLat: at(0).lat, lastLng: at(0).lng, lastSeenAt: NOW }).where(eq(riders.id, rider.id));
  await db.insert(webhookEndpoints).values({ companyId: company.id, url: 'https://hooks.example.com/kwt', secret: 's', events: ['order.eta_changed'] });
  const order = (pickupKm: number, dropKm: number, promisedMin: number) =>
    makeOrder(db, company, { status: 'pending', paymentMethod: 'prepaid', pickupLat: at(pickupKm).lat, pickupLng: at(pickupKm).lng, dropoffLat: at(dropKm).lat, dropoffLng: at(dropKm).lng, promisedAt: new Date(NOW.getTime() + promisedMin * 60_000) });
  return { company, rider, scope: staffActor(manager.id, company.id), order };
}

const row = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const etaEvents = async () => (await db.select().from(webhookDeliveries)).filter((d) => d.event === 'order.eta_changed');

beforeAll(async () => {
  db = await freshDb();
});

describe('ETAs along the planned stops', () => {
  test('assigning plans the stops and stores both ETAs; a cancellation re-plans the rest', async () => {
    const { rider, scope, order } = await setup();
    const a = await order(1, 3, 60);
    await assignOrder(db, scope, a.id, rider.id, NOW);
    let ra = await row(a.id);
    const pick = NOW.getTime() + minutes(at(0), at(1), NOW.getTime()) * 60_000;
    const drop = pick + SERVICE_MIN.pickup * 60_000 + minutes(at(1), at(3), pick + SERVICE_MIN.pickup * 60_000) * 60_000;
    expect(ra.etaPickupAt!.getTime()).toBe(Math.round(pick / 1000) * 1000);
    expect(ra.etaDropoffAt!.getTime()).toBe(Math.round(drop / 1000) * 1000);
    expect(ra.etaUpdatedAt).toEqual(NOW);

    // A second order further on, promised in 15 min: going past a's pickup to b's first keeps b's promise (via a's
    // pickup it would be 12 s late), so lateness before distance puts b's pickup and drop-off first.
    const b = await order(2, 2.5, 15);
    await assignOrder(db, scope, b.id, rider.id, NOW);
    ra = await row(a.id);
    const rb = await row(b.id);
    expect(rb.etaPickupAt!.getTime()).toBeLessThan(ra.etaPickupAt!.getTime());
    expect(rb.etaDropoffAt!.getTime()).toBeLessThan(ra.etaPickupAt!.getTime());
    expect(rb.etaDropoffAt!.getTime()).toBeLessThanOrEqual(rb.promisedAt!.getTime());
    expect(ra.etaDropoffAt!.getTime()).toBeGreaterThan(Math.round(drop / 1000) * 1000 + 3 * 60_000);

    // Cancelling b: a's drop-off comes back to where it was alone, and the move (3 min or more) is announced.
    const before = (await etaEvents()).length;
    await transitionOrder(db, scope, b.id, 'cancelled', NOW);
    expect((await row(a.id)).etaDropoffAt!.getTime()).toBe(Math.round(drop / 1000) * 1000);
    const events = await etaEvents();
    expect(events).toHaveLength(before + 1);
    const payload = events.at(-1)!.payload as Record<string, unknown>;
    expect(payload.orderId).toBe(a.id);
    expect(payload.etaDropoffAt).toBe(new Date(Math.round(drop / 1000) * 1000).toISOString());
  });

  test("the rider's order list follows the plan: each stop's number and ETA; orders without a plan last", async () => {
    const { company, rider, scope, order } = await setup();
    const unpinned = await makeOrder(db, company, { status: 'assigned', riderId: rider.id, customerName: 'No pin' });
    const a = await order(1, 3, 60);
    await assignOrder(db, scope, a.id, rider.id, NOW);
    // As in the first test: b (promised in 15 min) is picked up and delivered before a's pickup.
    const b = await order(2, 2.5, 15);
    await assignOrder(db, scope, b.id, rider.id, NOW);
    const [ra, rb] = [await row(a.id), await row(b.id)];
    const list = await riderOrders(db, rider.id);
    expect(list.map((o) => [o.id, o.pickupPlan, o.dropoffPlan])).toEqual([
      [b.id, { stop: 1, at: rb.etaPickupAt!.toISOString() }, { stop: 2, at: rb.etaDropoffAt!.toISOString() }],
      [a.id, { stop: 3, at: ra.etaPickupAt!.toISOString() }, { stop: 4, at: ra.etaDropoffAt!.toISOString() }],
      [unpinned.id, null, null],
    ]);
    // Once b is picked up its pickup is no stop any more: the numbers close up.
    await transitionOrder(db, scope, b.id, 'picked_up', NOW);
    const after = await riderOrders(db, rider.id);
    expect(after.map((o) => [o.id, o.pickupPlan?.stop ?? null, o.dropoffPlan?.stop ?? null])).toEqual([
      [b.id, null, 1],
      [a.id, 2, 3],
      [unpinned.id, null, null],
    ]);
  });

  test('pings move the ETAs along the same sequence; order.eta_changed only for a move of 3 min or more', async () => {
    const { rider, scope, order } = await setup();
    const a = await order(1, 3, 60);
    await assignOrder(db, scope, a.id, rider.id, NOW);
    const first = (await row(a.id)).etaDropoffAt!.getTime();
    const events0 = (await etaEvents()).length;

    // A minute later, 100 m further from the pickup: a small move, no event.
    await db.update(riders).set({ lastLat: at(-0.1).lat, lastLng: at(-0.1).lng }).where(eq(riders.id, rider.id));
    const later = new Date(NOW.getTime() + 60_000);
    const [small] = await updateRiderEtas(db, rider.id, later);
    expect(small!.etaDropoffAt.getTime() - first).toBeGreaterThan(60_000);
    expect(small!.etaDropoffAt.getTime() - first).toBeLessThan(3 * 60_000);
    expect(await etaEvents()).toHaveLength(events0);

    // Stuck 5 km away ten minutes later: the drop-off moves by more than 3 min, one event with the previous ETA.
    await db.update(riders).set({ lastLat: at(-5).lat, lastLng: at(-5).lng }).where(eq(riders.id, rider.id));
    const [big] = await updateRiderEtas(db, rider.id, new Date(NOW.getTime() + 10 * 60_000));
    const events = await etaEvents();
    expect(events).toHaveLength(events0 + 1);
    expect((events.at(-1)!.payload as Record<string, unknown>).previousEtaDropoffAt).toBe(small!.etaDropoffAt.toISOString());
    expect((await row(a.id)).etaDropoffAt).toEqual(big!.etaDropoffAt);
  });

  test('the ingest refresher recomputes a rider at most once per period, and only riders with active orders', async () => {
    const { rider, scope, order } = await setup();
    const idle = (await setup()).rider;
    const a = await order(1, 3, 60);
    await assignOrder(db, scope, a.id, rider.id, NOW);
    let clock = NOW.getTime();
    const refresher = new EtaRefresher(db, 30_000, () => clock);
    refresher.note([rider.id, idle.id, rider.id]);
    await refresher.pass();
    expect(refresher.stats).toMatchObject({ noted: 2, riders: 1, updated: 1 });
    clock += 10_000;
    refresher.note([rider.id, idle.id]);
    await refresher.pass();
    expect(refresher.stats).toMatchObject({ noted: 2, riders: 1 });
    clock += 25_000;
    refresher.note([rider.id]);
    await refresher.pass();
    expect(refresher.stats).toMatchObject({ noted: 3, riders: 2, updated: 2 });
    expect((await row(a.id)).etaUpdatedAt).toEqual(new Date(clock));
    await refresher.settled();
  });

  test('orders without ETAs are re-planned from pings, 20 riders a pass; the others wait for the next pass', async () => {
    const { company } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const { rider } = await makeRider(db, company, { withUser: false });
      // Given without a re-plan (inserted as an import would): no ETAs yet.
      await makeOrder(db, company, { status: 'assigned', riderId: rider.id, dropoffLat: at(2).lat, dropoffLng: at(2).lng, pickupLat: at(1).lat, pickupLng: at(1).lng });
      ids.push(rider.id);
    }
    const refresher = new EtaRefresher(db, 30_000, () => NOW.getTime());
    refresher.note(ids);
    await refresher.pass();
    expect(refresher.stats.riders).toBe(20);
    await refresher.pass();
    expect(refresher.stats.riders).toBe(23);
    const stored = await db.select().from(orders).where(eq(orders.companyId, company.id));
    expect(stored.filter((o) => o.riderId && ids.includes(o.riderId) && o.etaDropoffAt !== null)).toHaveLength(23);
    await refresher.settled();
  });
});
