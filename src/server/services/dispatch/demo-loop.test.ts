import { beforeAll, describe, expect, test } from 'bun:test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, dutyShifts, riders, users } from '../../../../db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../../../db/seed';
import { callerFor, getWith, login, postJson, req, testApp, type TestApp } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { north, PICKUP } from '../../../../test/dispatch-world';
import { hashPassword } from '../../auth/password';
import { etaRefresher } from '../routing';
import { expireOffers } from './index';

/**
 * Issue 25, item 7: the whole loop on the demo data, through the doors the company and the riders use. The doors
 * answer at the wall clock, so the demo is seeded at the wall clock too; the time-out is the sweeper run a minute on.
 * Fast Delivery's three riders on duty are placed at the pickup, 2 km and 4 km away, so the order of offers is fixed.
 */
let db: Db;
let app: TestApp;
const cookies: Record<string, string> = {};
let manager: Awaited<ReturnType<typeof callerFor>>;
let onDuty: (typeof riders.$inferSelect)[];

beforeAll(async () => {
  db = await freshDb();
  await seedDemo(db, hashPassword, Date.now());
  app = testApp(db);
  const [fast] = await db.select().from(companies).where(eq(companies.name, 'Fast Delivery'));
  onDuty = (
    await db
      .select({ rider: riders })
      .from(riders)
      .innerJoin(dutyShifts, and(eq(dutyShifts.riderId, riders.id), isNull(dutyShifts.endedAt)))
      .where(eq(riders.companyId, fast!.id))
      .orderBy(asc(riders.name))
  ).map((r) => r.rider);
  const rashid = onDuty.find((r) => r.email === 'rider@example.com')!;
  onDuty = [rashid, ...onDuty.filter((r) => r !== rashid)];
  // The two other riders on duty get sign-in accounts, to answer through the app's door too.
  for (const [i, r] of onDuty.entries()) {
    if (!r.userId) {
      const [u] = await db.insert(users).values({ email: r.email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: r.name, lastName: '', role: 'rider' }).returning();
      await db.update(riders).set({ userId: u!.id }).where(eq(riders.id, r.id));
    }
    const at = north(i * 2000);
    await db.update(riders).set({ lastLat: at.lat, lastLng: at.lng }).where(eq(riders.id, r.id));
    cookies[r.id] = await login(app, r.email, DEMO_PASSWORD, `203.0.113.${10 + i}`);
  }
  const [m] = await db.select().from(users).where(eq(users.email, 'manager@fastdelivery.com'));
  manager = await callerFor(db, m!.id);
}, 30_000);

const offersOf = async (riderId: string) => (await (await getWith(app, '/api/rider/offers', cookies[riderId])).json()) as { id: string; orders: { id: string }[]; expiresAt: string }[];
const answer = (riderId: string, offerId: string, what: 'accept' | 'decline') => postJson(app, `/api/rider/offers/${offerId}/${what}`, {}, { cookie: cookies[riderId] });

describe('the dispatch loop on the demo data', () => {
  test('auto mode: the rider at the pickup is offered, declines, the next is offered, times out, the third accepts and has the order', async () => {
    expect(onDuty.map((r) => r.name)).toHaveLength(3);
    const [atPickup, second, third] = onDuty as [typeof onDuty[0], typeof onDuty[0], typeof onDuty[0]];
    expect(await manager.company.saveDispatchSettings({ mode: 'auto', offerSeconds: 60 })).toMatchObject({ mode: 'auto', offerSeconds: 60, maxAttempts: 5 });

    const pin = (p: { lat: number; lng: number }) => ({ country: 'KW' as const, governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', pin: p });
    const { order } = await manager.company.createOrder({
      customerName: 'Loop Customer',
      customerPhone: '+96550001234',
      pickupAddress: 'Sultan Center, Salmiya',
      deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
      pickupAddressParts: pin(PICKUP),
      deliveryAddressParts: pin(north(1500)),
      deliveryFee: 1.5,
      currency: 'KWD',
    } as never);

    const first = await offersOf(atPickup.id);
    expect(first.map((o) => o.orders.map((x) => x.id))).toEqual([[order.id]]);
    expect(await offersOf(second.id)).toEqual([]);
    expect((await manager.company.orderDetail({ id: order.id })).status).toBe('pending');

    const declined = await answer(atPickup.id, first[0]!.id, 'decline');
    expect([declined.status, await declined.json()]).toEqual([200, { status: 'declined', orderIds: [order.id] }]);
    const again = await answer(atPickup.id, first[0]!.id, 'accept');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'CONFLICT', message: 'This offer was already answered' } });

    const offered = await offersOf(second.id);
    expect(offered.map((o) => o.orders.map((x) => x.id))).toEqual([[order.id]]);
    // Nobody answers: a minute on, the sweeper moves the order on, and the late answer is refused.
    expect((await expireOffers(db, new Date(Date.parse(offered[0]!.expiresAt) + 1000))).expired).toBe(1);
    const late = await answer(second.id, offered[0]!.id, 'accept');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'CONFLICT', message: 'This offer has expired' } });

    const last = await offersOf(third.id);
    expect(last.map((o) => o.orders.map((x) => x.id))).toEqual([[order.id]]);
    const accepted = await answer(third.id, last[0]!.id, 'accept');
    expect([accepted.status, await accepted.json()]).toEqual([200, { status: 'accepted', orderIds: [order.id] }]);
    expect(await manager.company.orderDetail({ id: order.id })).toMatchObject({ status: 'assigned', riderId: third.id });
    expect(await manager.company.acceptanceRates()).toEqual({
      [atPickup.id]: { offered: 1, accepted: 0, rate: 0 },
      [second.id]: { offered: 1, accepted: 0, rate: 0 },
      [third.id]: { offered: 1, accepted: 1, rate: 1 },
    });
    expect(await manager.company.needsRider()).toEqual([]);

    // The public tracking page shows the ETA ("arriving in about N min"): planned at the acceptance from where the
    // rider was (4 km from the pickup), then moved by their pings as they ride to the pickup.
    const { trackingCode } = await manager.company.orderDetail({ id: order.id });
    const tracked = async () => {
      const res = await req(app, `/api/track/${trackingCode}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { eta: { dropoffAt: string; minutes: number } | null }).eta;
    };
    const storedEta = async () => (await manager.company.orderDetail({ id: order.id })).etaDropoffAt?.toISOString() ?? null;
    /** The page's minutes: from now to the stored drop-off ETA, whole, at least 1 (asked between `before` and `after`). */
    const expectMinutes = (eta: { dropoffAt: string; minutes: number }, before: number, after: number) => {
      const at = Date.parse(eta.dropoffAt);
      expect(eta.minutes).toBeGreaterThanOrEqual(Math.max(1, Math.round((at - after) / 60_000)));
      expect(eta.minutes).toBeLessThanOrEqual(Math.max(1, Math.round((at - before) / 60_000)));
    };
    let before = Date.now();
    const far = await tracked();
    expect(far).not.toBeNull();
    expect(far!.dropoffAt).toBe((await storedEta())!);
    expectMinutes(far!, before, Date.now());
    // The 4 minutes at the pickup and 5.5 km of riding (even at the 90 km/h the learning admits: 5 min more).
    expect(far!.minutes).toBeGreaterThan(8);

    const ping = await postJson(app, `/api/riders/${third.id}/location`, { lat: PICKUP.lat, lng: PICKUP.lng, accuracy: 10 }, { cookie: cookies[third.id] });
    expect(ping.status).toBe(200);
    // The ingest notes the rider; the ETA refresher moves their ETAs off the ping's path within a tick.
    const deadline = Date.now() + 5_000;
    while ((await storedEta()) === far!.dropoffAt && Date.now() < deadline) await Bun.sleep(100);
    before = Date.now();
    const near = await tracked();
    expect(near!.dropoffAt).toBe((await storedEta())!);
    expect(near!.dropoffAt).not.toBe(far!.dropoffAt);
    expectMinutes(near!, before, Date.now());
    expect(near!.minutes).toBeLessThan(far!.minutes);
    await etaRefresher(db).settled();
  }, 30_000);
});
