import { afterAll, beforeAll, describe, expect, test, setSystemTime } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { dutyBreaks, dutyShifts, locationPings, orderStatusEvents, riders } from '../../../../../db/schema';
import { buildMcpServer } from '../../../../../mcp/server';
import { callerFor, getWith, login, testApp, testEnv } from '../../../../../test/app';
import { freshDb } from '../../../../../test/db';
import { makeOrder, makeRider, TEST_PASSWORD } from '../../../../../test/factories';
import { makeWorld, type World } from '../../../../../test/world';
import { isActiveRider } from '../../../../shared/figures';
import { distanceKm } from '../../../../shared/geo';
import { computePerformance } from '../../../../shared/performance';
import { callTool } from '../../../ai/tools';
import { reportToCsv } from '../reports-csv';
import { loadSessionUser } from '../../identity';
import { riderFigures } from './rider';
import { actorFor } from '../../access';

/**
 * Issue 21: one definition per figure, the same number through every door. A known day in Kuwait
 * (+03:00), read at 15:00 local on 10 June 2026. The clock is pinned (setSystemTime), so the test
 * means the same under faketime at any date.
 *
 * Rider A (Alpha, KWD):
 * - shift 1 08:00–11:00 local, odometer 1000 → 1030 km, break 09:00–09:30: 2.5 h;
 *   shift 2 from 12:00 (still open), break 13:00–13:15: 2.75 h; on duty 5.25 h = 315 min.
 * - four deliveries: 08:32 (picked up 08:20, 12 min, cash 5.000, fee 1.000), 11:30 between shifts
 *   (picked up 11:20, 10 min, card, fee 0.250), 12:16 (picked up 12:10, 6 min, card, fee 0.500), 13:50
 *   (assigned 13:30, never marked picked up, 20 min, cash 2.000, fee 0.750).
 *   On duty: 3; 3 / 5.25 h = 0.57 per hour → efficiency 19 %. Average order time (12+10+6+20)/4 = 12 min.
 *   Revenue 2.500 KWD; cash held 7.000 KWD.
 * - stored last seen 12:00 (duty start); pings to 14:55 → last seen 14:55, active.
 * Aziz (Alpha): on duty, stored 20 minutes ago, a ping 2 minutes ago → active.
 * Sami (Alpha): on duty, seen 15 minutes ago → stale. Omar (Alpha): off duty, a ping a minute ago → not active.
 * Rider B (Beta, AED): on duty, seen a minute ago → active; one delivery today, fee 15.00 AED.
 */
const NOW = new Date('2026-06-10T12:00:00Z');
const TODAY = '2026-06-10';
const local = (hhmm: string) => new Date(`${TODAY}T${hhmm}:00+03:00`);
const minsAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const RATE = 0.1;

const PINGS = [
  { at: '08:00', lat: 29.3, lng: 47.9 },
  { at: '10:00', lat: 29.4, lng: 47.9 },
  { at: '12:00', lat: 29.35, lng: 48.0 },
  { at: '12:30', lat: 29.36, lng: 48.02 },
  { at: '13:00', lat: 29.37, lng: 48.05 },
  { at: '14:55', lat: 29.38, lng: 48.06 },
];
const p = (i: number) => PINGS[i]!;
// Shift 1's odometer covers 08:00–11:00; the 10:00 → 12:00 step is half outside it.
const KM = Math.round((30 + distanceKm(p(1), p(2)) / 2 + distanceKm(p(2), p(3)) + distanceKm(p(3), p(4)) + distanceKm(p(4), p(5))) * 10) / 10;

const EXPECTED = {
  activeRiders: 3,
  activeAlpha: 2,
  riderALastSeen: local('14:55').toISOString(),
  azizLastSeen: minsAgo(2).toISOString(),
  delivered: 4,
  dutyMinutes: 315,
  ordersPerHour: 0.57,
  efficiency: 19,
  averageOrderMinutes: 12,
  km: KM,
  revenueKwd: 2.5,
  cashHeld: 7,
  // 2.500 KWD + 15.00 AED × 0.1
  adminRevenue: 4,
};

let db: Db;
let w: World;
let aziz: string;
let shift2Start: Date;

async function delivered(riderId: string, over: { fee: number; cod?: number; assigned?: string; picked?: string; at: string; company?: 'A' | 'B' }) {
  const o = await makeOrder(db, over.company === 'B' ? w.companyB : w.companyA, {
    riderId,
    status: 'delivered',
    deliveryFeeMinor: over.fee,
    codAmountMinor: over.cod ?? 0,
    paymentMethod: over.cod ? 'cash' : 'card',
    createdAt: local(over.assigned ?? over.picked ?? over.at),
    deliveredAt: local(over.at),
  });
  if (over.assigned) await db.insert(orderStatusEvents).values({ orderId: o.id, status: 'assigned', riderId, at: local(over.assigned) });
  if (over.picked) await db.insert(orderStatusEvents).values({ orderId: o.id, status: 'picked_up', riderId, at: local(over.picked) });
  return o;
}

beforeAll(async () => {
  setSystemTime(NOW);
  db = await freshDb();
  w = await makeWorld(db);
  const A = w.riderA.id;
  await db.update(riders).set({ onDuty: true, lastSeenAt: local('12:00') }).where(eq(riders.id, A));
  await db.update(riders).set({ onDuty: true, lastSeenAt: minsAgo(20) }).where(eq(riders.id, w.riderA2.id));
  await db.update(riders).set({ onDuty: true, lastSeenAt: minsAgo(1), lastLat: 25.2, lastLng: 55.27 }).where(eq(riders.id, w.riderB.id));
  aziz = w.riderA2.id;
  await makeRider(db, w.companyA, { name: 'Sami Alpha', withUser: false, onDuty: true, lastSeenAt: minsAgo(15), lastLat: 29.3, lastLng: 47.95 });
  const omar = (await makeRider(db, w.companyA, { name: 'Omar Alpha', withUser: false, onDuty: false, lastSeenAt: minsAgo(30) })).rider;

  const [s1] = await db.insert(dutyShifts).values({ riderId: A, startedAt: local('08:00'), endedAt: local('11:00'), startOdometerKm: 1000, endOdometerKm: 1030 }).returning();
  await db.insert(dutyBreaks).values({ shiftId: s1!.id, startedAt: local('09:00'), endedAt: local('09:30') });
  shift2Start = local('12:00');
  const [s2] = await db.insert(dutyShifts).values({ riderId: A, startedAt: shift2Start }).returning();
  await db.insert(dutyBreaks).values({ shiftId: s2!.id, startedAt: local('13:00'), endedAt: local('13:15') });

  await db.insert(locationPings).values(PINGS.map((x) => ({ riderId: A, lat: x.lat, lng: x.lng, recordedAt: local(x.at) })));
  await db.insert(locationPings).values([
    { riderId: aziz, lat: 29.33, lng: 48.0, recordedAt: minsAgo(2) },
    { riderId: omar.id, lat: 29.31, lng: 48.01, recordedAt: minsAgo(1) },
  ]);

  await delivered(A, { fee: 1000, cod: 5000, assigned: '08:10', picked: '08:20', at: '08:32' });
  await delivered(A, { fee: 250, picked: '11:20', at: '11:30' });
  await delivered(A, { fee: 500, picked: '12:10', at: '12:16' });
  await delivered(A, { fee: 750, cod: 2000, assigned: '13:30', at: '13:50' });
  await delivered(w.riderB.id, { fee: 1500, company: 'B', picked: '14:00', at: '14:20' });
  // Forty days before: neither today nor this month.
  await makeOrder(db, w.companyA, { riderId: A, status: 'delivered', deliveryFeeMinor: 9999, paymentMethod: 'card', createdAt: new Date(NOW.getTime() - 40 * 86_400_000) });
});

afterAll(() => {
  setSystemTime();
});

const actorOfUser = async (userId: string) => actorFor(db, (await loadSessionUser(db, userId))!);
const tool = async (userId: string, name: string, input: unknown = {}) => callTool(db, await actorOfUser(userId), name, input, NOW, { aedToKwd: RATE }) as Promise<Record<string, unknown>>;

describe('the known day, figure by figure', () => {
  test('the one definition gives the figures worked out by hand', async () => {
    const f = await riderFigures(db, w.riderA.id, { from: local('00:00'), to: NOW });
    expect({ delivered: f.delivered, onDuty: f.deliveredOnDuty, minutes: f.dutyMs / 60_000, rate: Math.round(f.ordersPerHour * 100) / 100, efficiency: f.efficiency, average: f.averageOrderMinutes, km: f.km, revenue: f.revenueMinor.KWD }).toEqual({
      delivered: EXPECTED.delivered,
      onDuty: 3,
      minutes: EXPECTED.dutyMinutes,
      rate: EXPECTED.ordersPerHour,
      efficiency: EXPECTED.efficiency,
      average: EXPECTED.averageOrderMinutes,
      km: EXPECTED.km,
      revenue: 2500,
    });
  });
});

describe('every door gives the same number', () => {
  test('active riders: admin stats (tRPC, REST), company overview, the fleet map, system_stats', async () => {
    const admin = await callerFor(db, w.admin.id, testEnv({ AED_TO_KWD_RATE: String(RATE) }));
    const stats = await admin.admin.stats();
    expect([stats.activeRiders, stats.totalRevenue]).toEqual([EXPECTED.activeRiders, EXPECTED.adminRevenue]);

    const app = testApp(db, { AED_TO_KWD_RATE: String(RATE) });
    const cookie = await login(app, w.admin.email, TEST_PASSWORD);
    const rest = (await (await getWith(app, '/api/dashboard/admin', cookie)).json()) as typeof stats;
    expect([rest.activeRiders, rest.totalRevenue]).toEqual([EXPECTED.activeRiders, EXPECTED.adminRevenue]);

    // The map's "live" count is the same figure, counted from the same answer.
    const fleet = await admin.tracking.fleet();
    expect(fleet.filter((r) => r.active).length).toBe(EXPECTED.activeRiders);
    expect(fleet.filter((r) => isActiveRider(r, NOW.getTime())).length).toBe(EXPECTED.activeRiders);

    const manager = await callerFor(db, w.managerA.id);
    expect((await manager.company.overview()).activeRiders).toBe(EXPECTED.activeAlpha);
    expect((await manager.tracking.fleet()).filter((r) => r.active).length).toBe(EXPECTED.activeAlpha);

    // The tools send money as decimal text (MCP's form), the same figure.
    expect(await tool(w.admin.id, 'system_stats')).toMatchObject({ activeRiders: EXPECTED.activeRiders, totalRevenue: EXPECTED.adminRevenue.toFixed(3) });
    expect(await tool(w.managerA.id, 'system_stats')).toMatchObject({ activeRiders: EXPECTED.activeAlpha });
  });

  test('last seen: fleet map, Riders tab, admin riders list, list_riders', async () => {
    const admin = await callerFor(db, w.admin.id);
    const manager = await callerFor(db, w.managerA.id);
    const seen = (rows: { id: string; lastSeenAt: string | null }[], id: string) => rows.find((r) => r.id === id)?.lastSeenAt;
    const doors = [
      await admin.tracking.fleet(),
      await manager.tracking.fleet(),
      await manager.company.riders(),
      (await admin.admin.riderList({ page: 1, pageSize: 50 })).items,
      ((await tool(w.managerA.id, 'list_riders', { pageSize: 50 })) as { items: { id: string; lastSeenAt: string | null }[] }).items,
    ];
    for (const rows of doors) {
      expect(seen(rows, w.riderA.id)).toBe(EXPECTED.riderALastSeen);
      expect(seen(rows, aziz)).toBe(EXPECTED.azizLastSeen);
    }
  });

  test('the rider: dashboard, Today’s Route and progress (tRPC and REST), the day on the map', async () => {
    const rider = await callerFor(db, w.riderA.user.id);
    const dash = await rider.rider.dashboard();
    const today = await rider.tracking.today();
    expect({ completed: dash.completedOrders, earnings: dash.todayEarnings, rating: dash.performanceRating, cash: dash.cashOnHand }).toEqual({
      completed: EXPECTED.delivered,
      earnings: EXPECTED.revenueKwd,
      rating: EXPECTED.efficiency,
      cash: EXPECTED.cashHeld,
    });
    expect({ done: today.ordersCompleted, km: today.kmTraveled, routeKm: today.route.distanceKm, minutes: today.route.dutyMinutes, rate: today.route.ordersPerHour, efficiency: today.route.efficiency }).toEqual({
      done: EXPECTED.delivered,
      km: EXPECTED.km,
      routeKm: EXPECTED.km,
      minutes: EXPECTED.dutyMinutes,
      rate: EXPECTED.ordersPerHour,
      efficiency: EXPECTED.efficiency,
    });

    const app = testApp(db);
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    expect(await (await getWith(app, '/api/dashboard/rider', cookie)).json()).toMatchObject({ performanceRating: EXPECTED.efficiency, todayEarnings: EXPECTED.revenueKwd });
    expect(await (await getWith(app, '/api/tracking/today', cookie)).json()).toMatchObject({ kmTraveled: EXPECTED.km, route: { efficiency: EXPECTED.efficiency, distanceKm: EXPECTED.km } });

    const manager = await callerFor(db, w.managerA.id);
    expect((await manager.tracking.history({ riderId: w.riderA.id, date: TODAY })).distanceKm).toBe(EXPECTED.km);
  });

  test('the assistant and MCP tools: rider_performance for today, system_stats, cash_reconciliation', async () => {
    const expected = {
      hoursWorked: EXPECTED.dutyMinutes / 60,
      ordersPerHour: EXPECTED.ordersPerHour,
      efficiency: EXPECTED.efficiency,
      averageOrderMinutes: EXPECTED.averageOrderMinutes,
      km: EXPECTED.km,
      feesEarned: { KWD: '2.500' },
    };
    expect(await tool(w.managerA.id, 'rider_performance', { riderId: w.riderA.id, days: 1 })).toMatchObject(expected);
    expect(await tool(w.riderA.user.id, 'system_stats')).toMatchObject({ performanceRating: EXPECTED.efficiency, todayEarnings: EXPECTED.revenueKwd.toFixed(3), cashOnHand: EXPECTED.cashHeld.toFixed(3) });
    expect(await tool(w.managerA.id, 'cash_reconciliation', { riderId: w.riderA.id })).toMatchObject({ riders: [{ onHand: '7.000' }] });

    const server = buildMcpServer({ db, actor: await actorOfUser(w.managerA.id), ctx: { aedToKwd: RATE }, now: () => NOW });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'figures-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const viaMcp = await client.callTool({ name: 'rider_performance', arguments: { riderId: w.riderA.id, days: 1 } });
    expect(viaMcp.structuredContent).toMatchObject(expected);
    expect((await client.callTool({ name: 'system_stats', arguments: {} })).structuredContent).toMatchObject({ activeRiders: EXPECTED.activeAlpha });
    await client.close();
  });

  test('reports and their CSV, the weekly report, the performance analysis', async () => {
    const admin = await callerFor(db, w.admin.id, testEnv({ AED_TO_KWD_RATE: String(RATE) }));
    const { report } = await admin.admin.generateReport({ from: TODAY, to: TODAY });
    expect(report.revenue.totalKwd.decimal).toBe('4.000');
    expect(report.byCompany.find((c) => c.companyId === w.companyA.id)?.revenue.decimal).toBe('2.500');
    const row = report.riders.find((r) => r.riderId === w.riderA.id)!;
    expect([row.delivered, row.avgDeliveryMinutes]).toEqual([EXPECTED.delivered, EXPECTED.averageOrderMinutes]);
    expect(report.cash.find((c) => c.riderId === w.riderA.id)?.onHandAllTime.decimal).toBe('7.000');
    expect(reportToCsv(report)).toContain('Rami Alpha,Alpha Couriers,4,4,0,100,12');

    const manager = await callerFor(db, w.managerA.id);
    const week = await manager.company.weeklyReport({});
    const day = week.days.find((d) => d.date === TODAY)!;
    expect([day.delivered, day.revenue.KWD, day.dutyMinutes]).toEqual([EXPECTED.delivered, 2500, EXPECTED.dutyMinutes]);

    // Month to date holds only this day's rows, so the analysis's rider figures are the day's.
    const perf = (await tool(w.managerA.id, 'analysis_performance')) as { figures: { averageDeliveryMinutes: number; perRider: { riderId: string; efficiencyPercent: number; ordersPerHour: number }[] } };
    const mine = perf.figures.perRider.find((r) => r.riderId === w.riderA.id)!;
    expect([mine.efficiencyPercent, mine.ordersPerHour, perf.figures.averageDeliveryMinutes]).toEqual([EXPECTED.efficiency, EXPECTED.ordersPerHour, EXPECTED.averageOrderMinutes]);
  });

  test('the /app performance panel computes the duty’s figures offline by the same definitions', async () => {
    // The phone's window is the current duty (shift 2): its deliveries at 12:16 and 13:50.
    const phone = computePerformance({
      startTime: shift2Start.getTime(),
      breaks: [{ start: local('13:00').getTime(), end: local('13:15').getTime() }],
      ordersCompleted: 2,
      orderTimes: [
        { startedAt: local('12:10').getTime(), deliveredAt: local('12:16').getTime() },
        { startedAt: local('13:30').getTime(), deliveredAt: local('13:50').getTime() },
      ],
      distanceKm: 0,
      cashCollected: 2,
      now: NOW.getTime(),
    });
    const server = await riderFigures(db, w.riderA.id, { from: shift2Start, to: NOW });
    expect([phone.averageOrderTime, phone.efficiency, phone.ordersPerHour]).toEqual([server.averageOrderMinutes ?? -1, server.efficiency, Math.round(server.ordersPerHour * 100) / 100]);
    // 6 and 20 minutes: 13, not the 101.3 minutes of duty per order the panel showed before.
    expect(phone.averageOrderTime).toBe(13);
  });
});
