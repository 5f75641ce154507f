import { beforeAll, describe, expect, test } from 'bun:test';
import { dutyBreaks, dutyShifts, orderStatusEvents } from '../../../../db/schema';
import { callerFor, getWith, login, req, testApp, type TestApp, csvAttachmentRows } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeCompany, makeOrder, TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import type { WeeklyReport } from '../../../shared/schemas/reports';
import { parseCsv } from '../../lib/csv';
import { weeklyReport } from './weekly-report';
import { weeklyReportToCsv } from './weekly-report-csv';
import { localIso } from '../../../shared/time';

/**
 * A known week. Company A (Kuwait, UTC+3, Fri–Sat by default): Sunday 3 May 2026 to Saturday 9 May,
 * [2026-05-02T21:00Z, 2026-05-09T21:00Z). Company B (UAE, UTC+4, Sat–Sun): Monday 4 May to Sunday
 * 10 May, [2026-05-03T20:00Z, 2026-05-10T20:00Z). "Now" is Friday 8 May, 15:00 in Kuwait.
 */
const NOW = new Date('2026-05-08T12:00:00Z');
const at = (iso: string) => new Date(iso);

const { db, w } = await freshWorld();
let app: TestApp;

async function shift(riderId: string, start: string, end: string | null, breaks: [string, string | null][] = []) {
  const [s] = await db.insert(dutyShifts).values({ riderId, startedAt: at(start), endedAt: end ? at(end) : null }).returning();
  for (const [b, e] of breaks) await db.insert(dutyBreaks).values({ shiftId: s!.id, startedAt: at(b), endedAt: e ? at(e) : null });
}

beforeAll(async () => {
  app = testApp(db);
  const A = w.companyA;
  const [rA, rA2] = [w.riderA.id, w.riderA2.id];

  // Company A. Saturday 23:59:59 in Kuwait: the week before. Sunday 00:00: the first day.
  await makeOrder(db, A, { createdAt: at('2026-05-02T20:59:59Z'), deliveryFeeMinor: 9999 });
  await makeOrder(db, A, { createdAt: at('2026-05-02T21:00:00Z') });
  // Created Sunday 23:59:59, delivered Monday 00:30 (cash): counted as created Sunday, delivered Monday.
  await makeOrder(db, A, { createdAt: at('2026-05-03T20:59:59Z'), deliveredAt: at('2026-05-03T21:30:00Z'), status: 'delivered', riderId: rA, deliveryFeeMinor: 1250, codAmountMinor: 5000 });
  // Tuesday, paid by card: revenue without cash.
  await makeOrder(db, A, { createdAt: at('2026-05-05T08:00:00Z'), deliveredAt: at('2026-05-05T09:00:00Z'), status: 'delivered', riderId: rA2, deliveryFeeMinor: 500, codAmountMinor: 0, paymentMethod: 'card' });
  // Friday, the weekend: cash.
  await makeOrder(db, A, { createdAt: at('2026-05-08T10:00:00Z'), deliveredAt: at('2026-05-08T11:00:00Z'), status: 'delivered', riderId: rA, deliveryFeeMinor: 750, codAmountMinor: 2000 });
  // Created Monday, cancelled Thursday 00:30 (its event); created Thursday, cancelled Saturday 23:00 (no event: its update).
  const c1 = await makeOrder(db, A, { createdAt: at('2026-05-04T10:00:00Z'), updatedAt: at('2026-05-09T22:00:00Z'), status: 'cancelled' });
  await db.insert(orderStatusEvents).values({ orderId: c1.id, status: 'cancelled', at: at('2026-05-06T21:30:00Z') });
  await makeOrder(db, A, { createdAt: at('2026-05-07T10:00:00Z'), updatedAt: at('2026-05-09T20:00:00Z'), status: 'cancelled' });
  // Created Saturday 23:00, delivered Sunday 00:00 of the next week.
  await makeOrder(db, A, { createdAt: at('2026-05-09T20:00:00Z'), deliveredAt: at('2026-05-09T21:00:00Z'), status: 'delivered', riderId: rA, deliveryFeeMinor: 8888 });

  // Duty. Sunday 21:00 to Monday 02:00 less a 30-minute break: 150 min Sunday, 120 Monday.
  await shift(rA, '2026-05-03T18:00:00Z', '2026-05-03T23:00:00Z', [['2026-05-03T19:00:00Z', '2026-05-03T19:30:00Z']]);
  // Tuesday 08:00 to 16:00: 480 min.
  await shift(rA2, '2026-05-05T05:00:00Z', '2026-05-05T13:00:00Z');
  // Friday from 09:00, still on duty at 15:00: 360 min, nothing after now.
  await shift(rA, '2026-05-08T06:00:00Z', null);

  // Company B (Dubai): Sunday 23:59:59 is the week before; Monday 00:00 and Sunday 23:59:59 are in; Monday 00:00 after is not.
  const B = w.companyB;
  await makeOrder(db, B, { createdAt: at('2026-05-03T19:59:59Z'), status: 'delivered', riderId: w.riderB.id, deliveryFeeMinor: 111 });
  await makeOrder(db, B, { createdAt: at('2026-05-03T20:00:00Z'), status: 'delivered', riderId: w.riderB.id, deliveryFeeMinor: 1500, codAmountMinor: 3000 });
  await makeOrder(db, B, { createdAt: at('2026-05-10T19:59:59Z') });
  await makeOrder(db, B, { createdAt: at('2026-05-10T20:00:00Z') });
  await shift(w.riderB.id, '2026-05-05T05:00:00Z', '2026-05-05T07:00:00Z');
});

const pick = (r: WeeklyReport, keys: (keyof WeeklyReport['days'][number])[]) => r.days.map((d) => Object.fromEntries(keys.map((k) => [k, d[k]])));

describe('weeklyReport: the working week', () => {
  test('Fri–Sat (Kuwait): Sunday to Saturday, Friday and Saturday marked; any day of the week finds it', async () => {
    const r = await weeklyReport(db, w.companyA.id, { weekStart: '2026-05-07' }, NOW);
    expect(r).toMatchObject({ weekend: 'fri-sat', timeZone: 'Asia/Kuwait', currency: 'KWD', weekStart: '2026-05-03', weekEnd: '2026-05-09' });
    expect(r).toMatchObject({ previousWeekStart: '2026-04-26', nextWeekStart: '2026-05-10', currentWeekStart: '2026-05-03' });
    expect(r.days.map((d) => d.date)).toEqual(['2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09']);
    expect(r.days.map((d) => d.weekend)).toEqual([false, false, false, false, false, true, true]);
  });

  test('Sat–Sun (UAE): Monday to Sunday, Saturday and Sunday marked; a Sunday is the last day of its week', async () => {
    const r = await weeklyReport(db, w.companyB.id, { weekStart: '2026-05-10' }, NOW);
    expect(r).toMatchObject({ weekend: 'sat-sun', timeZone: 'Asia/Dubai', currency: 'AED', weekStart: '2026-05-04', weekEnd: '2026-05-10', previousWeekStart: '2026-04-27' });
    expect(r.days.map((d) => d.weekend)).toEqual([false, false, false, false, false, true, true]);
  });

  test('a Kuwait company that chose Sat–Sun starts its week on Monday, in Kuwait time', async () => {
    const c = await makeCompany(db, { name: 'Gamma', region: 'kuwait', currency: 'KWD', weekend: 'sat-sun' });
    await makeOrder(db, c, { createdAt: at('2026-05-03T20:59:59Z') }); // Sunday 23:59:59 in Kuwait: the week before
    await makeOrder(db, c, { createdAt: at('2026-05-03T21:00:00Z') }); // Monday 00:00
    const r = await weeklyReport(db, c.id, { weekStart: '2026-05-06' }, NOW);
    expect([r.weekStart, r.weekEnd, r.timeZone]).toEqual(['2026-05-04', '2026-05-10', 'Asia/Kuwait']);
    expect(r.days.map((d) => d.ordersCreated)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  test('without a weekStart: the week of today in the company’s zone (Saturday 23:59 Kuwait vs Sunday 00:30)', async () => {
    expect((await weeklyReport(db, w.companyA.id, {}, NOW)).weekStart).toBe('2026-05-03');
    expect((await weeklyReport(db, w.companyA.id, {}, at('2026-05-09T20:59:00Z'))).weekStart).toBe('2026-05-03');
    expect((await weeklyReport(db, w.companyA.id, {}, at('2026-05-09T21:30:00Z'))).weekStart).toBe('2026-05-10');
    // 21:30Z on Sunday is Monday 01:30 in Dubai: already the next UAE week.
    expect((await weeklyReport(db, w.companyB.id, {}, at('2026-05-10T19:30:00Z'))).weekStart).toBe('2026-05-04');
    expect((await weeklyReport(db, w.companyB.id, {}, at('2026-05-10T21:30:00Z'))).weekStart).toBe('2026-05-11');
  });
});

describe('weeklyReport: the figures', () => {
  test('per day in Kuwait time: created, delivered, cancelled, revenue and cash by when each happened', async () => {
    const r = await weeklyReport(db, w.companyA.id, { weekStart: '2026-05-03' }, NOW);
    expect(pick(r, ['ordersCreated', 'delivered', 'cancelled'])).toEqual([
      { ordersCreated: 2, delivered: 0, cancelled: 0 },
      { ordersCreated: 1, delivered: 1, cancelled: 0 },
      { ordersCreated: 1, delivered: 1, cancelled: 0 },
      { ordersCreated: 0, delivered: 0, cancelled: 0 },
      { ordersCreated: 1, delivered: 0, cancelled: 1 },
      { ordersCreated: 1, delivered: 1, cancelled: 0 },
      { ordersCreated: 1, delivered: 0, cancelled: 1 },
    ]);
    expect(r.days.map((d) => d.revenue.KWD)).toEqual([0, 1250, 500, 0, 0, 750, 0]);
    expect(r.days.map((d) => d.codCollected.KWD)).toEqual([0, 5000, 0, 0, 0, 2000, 0]);
    expect(r.days.every((d) => d.revenue.AED === 0 && d.codCollected.AED === 0)).toBe(true);
  });

  test('duty: a shift across midnight split between days, completed breaks left out, an open shift up to now', async () => {
    const r = await weeklyReport(db, w.companyA.id, { weekStart: '2026-05-03' }, NOW);
    expect(r.days.map((d) => d.dutyMinutes)).toEqual([150, 120, 480, 0, 0, 360, 0]);
    expect(r.days.map((d) => d.activeRiders)).toEqual([1, 1, 1, 0, 0, 1, 0]);
  });

  test('totals: sums of the days; active riders counted once over the week', async () => {
    const r = await weeklyReport(db, w.companyA.id, { weekStart: '2026-05-03' }, NOW);
    expect(r.totals).toEqual({ ordersCreated: 7, delivered: 3, cancelled: 2, revenue: { KWD: 2500, AED: 0 }, codCollected: { KWD: 7000, AED: 0 }, activeRiders: 2, dutyMinutes: 1110 });
  });

  test('Dubai day boundaries (UTC+4) for the UAE company, and only its own rows', async () => {
    const r = await weeklyReport(db, w.companyB.id, { weekStart: '2026-05-04' }, NOW);
    expect(r.days.map((d) => d.ordersCreated)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    expect(r.days[0]).toMatchObject({ delivered: 1, revenue: { KWD: 0, AED: 1500 }, codCollected: { AED: 3000 }, activeRiders: 1 });
    expect(r.days[1]!.dutyMinutes).toBe(120);
    // The same rider delivered on Monday and was on duty on Tuesday: one rider over the week.
    expect(r.totals).toMatchObject({ ordersCreated: 2, delivered: 1, cancelled: 0, activeRiders: 1, dutyMinutes: 120 });
  });

  test('CSV: a row per day and the total, money with the currency’s decimals', async () => {
    const rows = parseCsv(weeklyReportToCsv(await weeklyReport(db, w.companyA.id, { weekStart: '2026-05-03' }, NOW)));
    const header = rows.findIndex((row) => row[0] === 'Date');
    expect(rows[header]).toEqual(['Date', 'Day', 'Weekend', 'Orders created', 'Delivered', 'Cancelled', 'Revenue (KWD)', 'COD collected (KWD)', 'Active riders', 'Duty minutes']);
    expect(rows[header + 2]).toEqual(['2026-05-04', 'Monday', 'no', '1', '1', '0', '1.250', '5.000', '1', '120']);
    expect(rows[header + 6]!.slice(0, 3)).toEqual(['2026-05-08', 'Friday', 'yes']);
    expect(rows[header + 8]).toEqual(['Total', '', '', '7', '3', '2', '2.500', '7.000', '2', '1110']);
  });

  test('CSV of the UAE company: AED with 2 decimals', async () => {
    const rows = parseCsv(weeklyReportToCsv(await weeklyReport(db, w.companyB.id, { weekStart: '2026-05-04' }, NOW)));
    expect(rows.find((r) => r[0] === 'Date')).toContain('Revenue (AED)');
    expect(rows.find((r) => r[0] === '2026-05-04')!.slice(6, 8)).toEqual(['15.00', '30.00']);
    expect(rows.find((r) => r[0] === 'Weekend')).toEqual(['Weekend', 'Sat-Sun']);
    // Local time with Dubai's offset beside the zone's name (issue 21, item 5).
    expect(rows.find((r) => r[0] === 'Time zone')).toEqual(['Time zone', 'Asia/Dubai']);
    expect(rows.find((r) => r[0] === 'Generated at')).toEqual(['Generated at', localIso(NOW, 'Asia/Dubai')]);
    expect(localIso(NOW, 'Asia/Dubai')).toEndWith('+04:00');
  });
});

describe('company.weeklyReport: who may ask', () => {
  test('a manager gets their own company only; a companyId sent along is ignored', async () => {
    const b = await callerFor(db, w.managerB.id);
    const r = await (b.company.weeklyReport as (i: unknown) => Promise<WeeklyReport>)({ weekStart: '2026-05-04', companyId: w.companyA.id });
    expect(r.companyName).toBe('Beta Express');
    expect(r.totals.revenue.KWD).toBe(0);
    const a = await callerFor(db, w.managerA.id);
    expect((await a.company.weeklyReport({ weekStart: '2026-05-03' })).totals.ordersCreated).toBe(7);
  });

  test('riders, admins and visitors are refused; a bad weekStart is a validation error', async () => {
    await expectTRPCError((await callerFor(db, w.riderA.user.id)).company.weeklyReport(), 'FORBIDDEN', DENIED.company);
    await expectTRPCError((await callerFor(db, w.admin.id)).company.weeklyReport(), 'FORBIDDEN', DENIED.company);
    await expectTRPCError((await callerFor(db, null)).company.weeklyReport(), 'UNAUTHORIZED');
    const err = await expectTRPCError((await callerFor(db, w.managerA.id)).company.weeklyReport({ weekStart: '2026-02-30' }), 'BAD_REQUEST');
    expect(firstIssue(err)).toBe('weekStart: Week start must be a date in the format YYYY-MM-DD');
  });
});

describe('GET /api/company/reports/weekly.csv', () => {
  test('guards: signed out 401, rider and admin 403', async () => {
    expect((await req(app, '/api/company/reports/weekly.csv')).status).toBe(401);
    for (const email of ['rider.a@example.com', 'admin@kwtdelivery.com']) {
      const res = await getWith(app, '/api/company/reports/weekly.csv', await login(app, email, TEST_PASSWORD));
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({ code: 'FORBIDDEN', message: DENIED.company });
    }
  });

  test('the caller’s own week as an attachment with a BOM; a bad weekStart is 400', async () => {
    const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
    const res = await getWith(app, '/api/company/reports/weekly.csv?weekStart=2026-05-05', cookie);
    const rows = await csvAttachmentRows(res, 'kwt-weekly-alpha-couriers-2026-05-03.csv');
    expect(rows.find((r) => r[0] === 'Total')?.slice(3, 6)).toEqual(['7', '3', '2']);
    const bad = await getWith(app, '/api/company/reports/weekly.csv?weekStart=soon', cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('BAD_REQUEST');
  });
});
