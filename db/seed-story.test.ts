import { beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { freshDb } from '../test/db';
import { dutyByRider, monthToDate, weeklyReport } from '../src/server/services/reports';
import { fleetPositions } from '../src/server/services/location';
import { DEFAULT_RULE_SETTINGS, evaluateRules, orderRestriction, type VehicleType } from '../src/shared/compliance/rules';
import { pathLengthKm } from '../src/shared/geo';
import { REGIONS } from '../src/shared/regions';
import { localIsoDate } from '../src/shared/schemas/order-import';
import type { Db } from './client';
import { cashSubmissions, companies, dutyBreaks, dutyShifts, locationPings, orders, orderStatusEvents, riders } from './schema';
import { seedDemo } from './seed';
import { staffActor } from '../src/server/services/access';

/**
 * Issue 21: the demo tells one story. Seeded at a winter noon and at a summer afternoon in Kuwait (the
 * midday ban on motorcycles in force), every delivery lies inside a shift of its rider, every shift has its
 * pings, the riders on duty were seen a minute ago, and the reports agree.
 */
const WINTER = Date.parse('2026-01-14T09:00:00Z');
const SUMMER = Date.parse('2026-07-08T11:30:00Z');
const DAY = 86_400_000;

async function seeded(now: number) {
  const db = await freshDb();
  await seedDemo(db, async () => 'x', now);
  return db;
}

let winter: Db;
let summer: Db;
beforeAll(async () => {
  [winter, summer] = await Promise.all([seeded(WINTER), seeded(SUMMER)]);
}, 30_000);

async function story(db: Db) {
  const shifts = await db.select().from(dutyShifts).orderBy(asc(dutyShifts.startedAt));
  const breaks = await db.select().from(dutyBreaks);
  const events = await db.select().from(orderStatusEvents);
  const all = await db.select().from(orders);
  const fleet = await db.select().from(riders);
  return { shifts, breaks, events, orders: all, riders: fleet };
}

for (const [label, now, db] of [['winter', WINTER, () => winter], ['summer', SUMMER, () => summer]] as const) {
  describe(`the demo seeded on a ${label} day`, () => {
    test('every order event of a rider lies inside one of their shifts, outside its breaks', async () => {
      const s = await story(db());
      const bad: string[] = [];
      for (const e of s.events.filter((x) => x.riderId && x.status !== 'cancelled')) {
        const t = e.at.getTime();
        const shift = s.shifts.find((x) => x.riderId === e.riderId && x.startedAt.getTime() <= t && t <= (x.endedAt?.getTime() ?? now));
        const onBreak = shift && s.breaks.some((b) => b.shiftId === shift.id && b.startedAt.getTime() < t && t < b.endedAt!.getTime());
        if (!shift || onBreak) bad.push(`${e.status} ${e.at.toISOString()}`);
      }
      expect(bad).toEqual([]);
      expect(s.events.filter((e) => e.status === 'delivered').length).toBeGreaterThan(150);
    });

    test('no order was taken or delivered during a working-rule pause for the rider’s vehicle', async () => {
      const s = await story(db());
      const region = new Map((await db().select().from(companies)).map((c) => [c.id, c.region]));
      const riderOf = new Map(s.riders.map((r) => [r.id, r]));
      const paused = s.events
        .filter((e) => e.riderId && (e.status === 'assigned' || e.status === 'delivered'))
        .filter((e) => {
          const r = riderOf.get(e.riderId!)!;
          return orderRestriction(evaluateRules({ region: region.get(r.companyId)!, vehicle: r.vehicleType as VehicleType, now: e.at, settings: DEFAULT_RULE_SETTINGS }));
        });
      expect(paused).toEqual([]);
    });

    test('every shift has pings from start to end; its odometer covers the kilometres ridden', async () => {
      const s = await story(db());
      const pings = await db().select().from(locationPings).orderBy(asc(locationPings.recordedAt));
      const byRider = Map.groupBy(pings, (p) => p.riderId);
      for (const shift of s.shifts) {
        const end = shift.endedAt?.getTime() ?? now;
        const own = (byRider.get(shift.riderId) ?? []).filter((p) => p.recordedAt >= shift.startedAt && p.recordedAt.getTime() <= end);
        expect(own.length).toBeGreaterThan(10);
        // No gap longer than the 10 minutes a standing phone waits between pings.
        const gaps = own.slice(1).map((p, i) => p.recordedAt.getTime() - own[i]!.recordedAt.getTime());
        expect(Math.max(...gaps)).toBeLessThanOrEqual(10 * 60_000);
        if (shift.endOdometerKm !== null) expect(shift.endOdometerKm - shift.startOdometerKm!).toBeGreaterThanOrEqual(Math.floor(pathLengthKm(own)));
      }
      // Pings only while on duty.
      const shiftsOf = Map.groupBy(s.shifts, (x) => x.riderId);
      const outside = pings.filter((p) => !shiftsOf.get(p.riderId)?.some((x) => p.recordedAt >= x.startedAt && p.recordedAt.getTime() <= (x.endedAt?.getTime() ?? now)));
      expect(outside).toEqual([]);
    });

    test('riders on duty were last seen under a minute ago, on the map too; riders off duty at the end of their last shift', async () => {
      const s = await story(db());
      for (const r of s.riders.filter((x) => x.onDuty)) {
        expect([r.name, now - r.lastSeenAt!.getTime() < 60_000]).toEqual([r.name, true]);
        expect(s.shifts.filter((x) => x.riderId === r.id && x.endedAt === null)).toHaveLength(1);
      }
      for (const r of s.riders.filter((x) => !x.onDuty && x.status === 'active')) {
        const last = s.shifts.filter((x) => x.riderId === r.id).at(-1)!;
        expect(r.lastSeenAt!.getTime()).toBeLessThanOrEqual(last.endedAt!.getTime());
        expect(r.lastSeenAt!.getTime()).toBeGreaterThan(last.endedAt!.getTime() - 11 * 60_000);
      }
      const map = await fleetPositions(db(), staffActor('seed-story', null), {}, new Date(now));
      expect(map.filter((m) => m.onDuty && !m.stale).map((m) => m.name).sort()).toEqual(s.riders.filter((r) => r.onDuty).map((r) => r.name).sort());
    });

    test('the HR analysis has duty on every local day a rider delivered this month', async () => {
      for (const c of await db().select().from(companies)) {
        const zone = REGIONS[c.region].timezone;
        const period = monthToDate(new Date(now), zone);
        const list = await db().select().from(riders).where(eq(riders.companyId, c.id));
        const duty = await dutyByRider(db(), list.map((r) => r.id), period);
        const delivered = (await db().select().from(orders).where(eq(orders.companyId, c.id))).filter((o) => o.status === 'delivered' && o.deliveredAt! >= period.start);
        for (const o of delivered) {
          const day = localIsoDate(o.deliveredAt!, zone);
          expect([o.riderId, day, duty.get(o.riderId!)!.days.some((d) => d.date === day && d.ms > 0)]).toEqual([o.riderId, day, true]);
        }
        // Within the law the seed keeps: no day over 10 hours, no stretch over 5 hours without a break.
        for (const d of duty.values()) expect([d.longDays, d.longStretches]).toEqual([[], 0]);
      }
    });

    test('the weekly report shows time on duty on every day with deliveries, this week and last', async () => {
      for (const c of await db().select().from(companies)) {
        const thisWeek = await weeklyReport(db(), c.id, {}, new Date(now));
        const lastWeek = await weeklyReport(db(), c.id, { weekStart: thisWeek.previousWeekStart }, new Date(now));
        const days = [...lastWeek.days, ...thisWeek.days].filter((d) => d.delivered > 0);
        expect(days.length).toBeGreaterThan(5);
        for (const d of days) expect([d.date, d.dutyMinutes > 0, d.activeRiders > 0]).toEqual([d.date, true, true]);
      }
    });

    test('cash is handed over after the shift it was collected in, never during one', async () => {
      const s = await story(db());
      const handovers = await db().select().from(cashSubmissions).where(eq(cashSubmissions.status, 'confirmed'));
      expect(handovers.length).toBeGreaterThan(50);
      for (const h of handovers) {
        const during = s.shifts.find((x) => x.riderId === h.riderId && x.startedAt <= h.submittedAt && h.submittedAt.getTime() <= (x.endedAt?.getTime() ?? now));
        expect(during).toBeUndefined();
        expect(h.submittedAt.getTime()).toBeGreaterThan(now - 30 * DAY);
      }
    });
  });
}

test('the seed is deterministic: the same time gives the same story', async () => {
  const again = await seeded(WINTER);
  const shape = async (db: Db) => {
    const names = new Map((await db.select().from(riders)).map((r) => [r.id, r.name]));
    const rows = await db.select().from(orders).orderBy(asc(orders.createdAt), asc(orders.customerName));
    const pings = await db.select().from(locationPings);
    return { orders: rows.map((o) => [o.customerName, o.status, names.get(o.riderId ?? '') ?? null, o.createdAt.getTime(), o.deliveredAt?.getTime() ?? null]), pings: pings.length, last: pings.at(-1)?.lat };
  };
  expect(await shape(again)).toEqual(await shape(winter));
});
