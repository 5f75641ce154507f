import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, reports } from '../../../../db/schema';
import { callerFor, getWith, postJson, testApp, testEnv, type TestApp, loginWorld, type WorldCookies } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { expectTRPCError } from '../../../../test/expect';
import { makeSubmission } from '../../../../test/cash';
import { correctCash, countSubmission, resolveSubmission } from '../../../../test/cash-steps';
import { makeCompany, makeCompanyManager, makeOrder, makeRider, makeUser, markPickedUp } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { defaultReportPeriod, reportInput, type Report } from '../../../shared/schemas/reports';
import { generateReport, periodBounds } from './reports';
import { actorOf } from '../access';
import { reportToCsv } from './reports-csv';
import { localIso } from '../../../shared/time';
import { staffActor } from '../access';

/**
 * A known month, March 2026 in Kuwait: [2026-02-28T21:00Z, 2026-03-31T21:00Z).
 * Company A (Alpha, KWD, Kuwait) and company B (Beta, AED, UAE) from test/world.ts.
 */
const PERIOD = { from: '2026-03-01', to: '2026-03-31' };
const RATE = 0.0835;
const at = (iso: string) => new Date(iso);
const plusMin = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

const { db, w } = await freshWorld();
let app: TestApp;

async function order(company: 'A' | 'B', createdAt: string, over: Parameters<typeof makeOrder>[2] & { minutes?: number } = {}) {
  const { minutes, ...rest } = over;
  const created = at(createdAt);
  const o = await makeOrder(db, company === 'A' ? w.companyA : w.companyB, {
    createdAt: created,
    ...(minutes !== undefined ? { deliveredAt: plusMin(created, minutes) } : {}),
    ...rest,
  });
  // Picked up as it was created: its order time (pick-up to delivery, docs/figures.md) is `minutes`.
  return minutes !== undefined ? markPickedUp(db, o, created) : o;
}

/** A hand-over with the ledger journals its life posted (a disputed one is back in the rider's hand). */
async function submission(riderId: string, currency: 'KWD' | 'AED', amountMinor: number, status: 'pending' | 'confirmed' | 'disputed', submittedAt: string) {
  await makeSubmission(db, { riderId, currency, amountMinor, status, submittedAt: at(submittedAt) });
}

beforeAll(async () => {
  app = testApp(db, { AED_TO_KWD_RATE: String(RATE) });
  const [rA, rA2, rB, rB2] = [w.riderA.id, w.riderA2.id, w.riderB.id, w.riderB2.id];

  // Company A, in the period: 7 orders.
  await order('A', '2026-03-05T09:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 500, codAmountMinor: 5000, minutes: 30 });
  await order('A', '2026-03-10T10:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 250, codAmountMinor: 2500, minutes: 50 });
  // 23:59 Kuwait on the last day: inside. Paid by card, so no cash.
  await order('A', '2026-03-31T20:59:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 250, paymentMethod: 'card', minutes: 10 });
  await order('A', '2026-03-12T12:00:00Z', { riderId: rA, status: 'failed', deliveryFeeMinor: 900 });
  // 00:00 Kuwait on the first day: inside.
  await order('A', '2026-02-28T21:00:00Z', { riderId: rA2, status: 'delivered', deliveryFeeMinor: 250, codAmountMinor: 1000, minutes: 45 });
  await order('A', '2026-03-15T12:00:00Z', { status: 'pending', deliveryFeeMinor: 700 });
  await order('A', '2026-03-16T12:00:00Z', { riderId: rA2, status: 'cancelled', deliveryFeeMinor: 800 });
  // 00:00 Kuwait on 1 April and 23:59:59 on 28 February: outside.
  await order('A', '2026-03-31T21:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 9999, codAmountMinor: 7777, minutes: 5 });
  await order('A', '2026-02-28T20:59:59Z', { riderId: rA2, status: 'delivered', deliveryFeeMinor: 8888, codAmountMinor: 3000, minutes: 5 });

  // Company B, in the period: 5 orders.
  await order('B', '2026-03-20T08:00:00Z', { riderId: rB, status: 'delivered', deliveryFeeMinor: 750, codAmountMinor: 10000, minutes: 20 });
  await order('B', '2026-03-21T08:00:00Z', { riderId: rB, status: 'delivered', deliveryFeeMinor: 500, paymentMethod: 'card', minutes: 45 });
  await order('B', '2026-03-22T08:00:00Z', { riderId: rB, status: 'failed' });
  await order('B', '2026-03-23T08:00:00Z', { riderId: rB, status: 'assigned' });
  await order('B', '2026-03-24T08:00:00Z', { riderId: rB2, status: 'picked_up' });

  // Cash handed in.
  await submission(rA, 'KWD', 3000, 'confirmed', '2026-03-06T10:00:00Z');
  await submission(rA, 'KWD', 2000, 'pending', '2026-03-11T10:00:00Z');
  await submission(rA, 'KWD', 1000, 'disputed', '2026-03-12T10:00:00Z');
  await submission(rA, 'KWD', 4000, 'confirmed', '2026-02-20T10:00:00Z'); // before the period
  await submission(rB, 'AED', 10000, 'confirmed', '2026-03-20T12:00:00Z');
});

const viewer = (role: 'admin' | 'company' | 'rider', userId: string, roleId: string | null = null) =>
  actorOf({ id: userId, email: `${userId}@example.com`, firstName: '', lastName: '', role, companyName: null, roleData: { id: roleId }, locale: 'en' });
const statuses = (pending: number, assigned: number, picked_up: number, delivered: number, cancelled: number, failed: number) => ({
  pending,
  assigned,
  picked_up,
  delivered,
  cancelled,
  failed,
});

describe('the period', () => {
  test('whole days in Kuwait, the last one included', () => {
    const { start, end } = periodBounds(PERIOD);
    expect(start.toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-31T21:00:00.000Z');
  });

  test('defaults: the last 30 days ending today in Kuwait', () => {
    // 00:30 on 11 March in Kuwait, still 10 March in UTC.
    expect(defaultReportPeriod(at('2026-03-10T21:30:00Z'))).toEqual({ from: '2026-02-10', to: '2026-03-11' });
    expect(reportInput.parse(undefined)).toEqual(defaultReportPeriod());
    expect(reportInput.parse({ to: '2026-03-31' })).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  test('validation names the field', () => {
    const issue = (v: unknown) => {
      const r = reportInput.safeParse(v);
      return r.success ? null : { field: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
    };
    expect(issue({ from: '2026-03-10', to: '2026-03-01' })).toEqual({ field: 'from', message: 'From date must be on or before the To date' });
    expect(issue({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ field: 'from', message: 'From date must be a date in the format YYYY-MM-DD' });
    expect(issue({ from: '2026-03-01', to: '31/03/2026' })).toEqual({ field: 'to', message: 'To date must be a date in the format YYYY-MM-DD' });
    expect(issue({ from: '2025-01-01', to: '2026-01-02' })).toEqual({ field: 'to', message: 'The period can be at most 366 days' });
    expect(issue({ from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // a leap year: 366 days
  });
});

describe('an admin’s report on the known data set', () => {
  let r: Report;
  beforeAll(async () => {
    r = (await generateReport(db, viewer('admin', w.admin.id), PERIOD, RATE, at('2026-04-01T06:00:00Z'))).report;
  });

  test('orders by status, company and region', () => {
    expect(r.orders).toEqual({ total: 12, byStatus: statuses(1, 1, 1, 6, 1, 2) });
    expect(r.byCompany).toEqual([
      { companyId: w.companyA.id, name: 'Alpha Couriers', currency: 'KWD', region: 'kuwait', total: 7, byStatus: statuses(1, 0, 0, 4, 1, 1), revenue: { minor: 9888, decimal: '9.888' } },
      { companyId: w.companyB.id, name: 'Beta Express', currency: 'AED', region: 'uae', total: 5, byStatus: statuses(0, 1, 1, 2, 0, 1), revenue: { minor: 1250, decimal: '12.50' } },
    ]);
    expect(r.byRegion).toEqual([
      { region: 'kuwait', currency: 'KWD', total: 7, byStatus: statuses(1, 0, 0, 4, 1, 1), revenue: { minor: 9888, decimal: '9.888' } },
      { region: 'uae', currency: 'AED', total: 5, byStatus: statuses(0, 1, 1, 2, 0, 1), revenue: { minor: 1250, decimal: '12.50' } },
    ]);
  });

  test('revenue per currency and in KWD at the set rate', () => {
    // Revenue counts orders by when they were delivered (docs/figures.md), as the dashboards do: 0.500 + 0.250 +
    // 0.250, plus 28 February's 8.888 (created 23:59:59, delivered 00:04:59 on 1 March); 31 March's 0.250 was
    // delivered at 00:09 on 1 April, outside. 12.50 AED × 0.0835 = 1.04375 KWD → 1.044; plus 9.888 KWD.
    expect(r.revenue).toEqual({
      KWD: { minor: 9888, decimal: '9.888' },
      AED: { minor: 1250, decimal: '12.50' },
      totalKwd: { minor: 10932, decimal: '10.932' },
    });
    expect(r.aedToKwdRate).toBe(RATE);
  });

  test('cash collected, submitted and outstanding per rider, from the ledger', () => {
    const m = (minor: number, currency: 'KWD' | 'AED') => ({ minor, decimal: currency === 'KWD' ? (minor / 1000).toFixed(3) : (minor / 100).toFixed(2) });
    expect(r.cash).toEqual([
      {
        riderId: w.riderA.id,
        name: 'Rami Alpha',
        companyName: 'Alpha Couriers',
        currency: 'KWD',
        collected: m(7500, 'KWD'), // 5.000 + 2.500; the card order and 1 April's 7.777 are not counted
        submittedPending: m(2000, 'KWD'),
        submittedConfirmed: m(3000, 'KWD'), // February's 4.000 is outside
        discrepancy: m(0, 'KWD'),
        writtenOff: m(0, 'KWD'),
        submitted: m(5000, 'KWD'),
        disputed: m(1000, 'KWD'),
        // All time: 6.277 on hand + 2.000 awaiting the count.
        outstanding: m(8277, 'KWD'),
        // 15.277 collected ever − 9.000 handed in ever (4.000 + 3.000 received, 2.000 pending); the
        // disputed 1.000 went back to Rami's hand.
        onHandAllTime: m(6277, 'KWD'),
      },
      {
        riderId: w.riderA2.id,
        name: 'Aziz Alpha',
        companyName: 'Alpha Couriers',
        currency: 'KWD',
        collected: m(1000, 'KWD'),
        submittedPending: m(0, 'KWD'),
        submittedConfirmed: m(0, 'KWD'),
        discrepancy: m(0, 'KWD'),
        writtenOff: m(0, 'KWD'),
        submitted: m(0, 'KWD'),
        disputed: m(0, 'KWD'),
        outstanding: m(4000, 'KWD'), // all time, so 28 February's 3.000 too
        onHandAllTime: m(4000, 'KWD'), // includes 28 February's 3.000
      },
      {
        riderId: w.riderB.id,
        name: 'Rashed Beta',
        companyName: 'Beta Express',
        currency: 'AED',
        collected: m(10000, 'AED'),
        submittedPending: m(0, 'AED'),
        submittedConfirmed: m(10000, 'AED'),
        discrepancy: m(0, 'AED'),
        writtenOff: m(0, 'AED'),
        submitted: m(10000, 'AED'),
        disputed: m(0, 'AED'),
        outstanding: m(0, 'AED'),
        onHandAllTime: m(0, 'AED'),
      },
    ]);
  });

  test('rider productivity', () => {
    expect(r.riders).toEqual([
      // (30 + 50 + 10) / 3 minutes; 3 of 4 finished delivered
      { riderId: w.riderA.id, name: 'Rami Alpha', companyName: 'Alpha Couriers', total: 4, delivered: 3, failed: 1, successRate: 75, avgDeliveryMinutes: 30 },
      // (20 + 45) / 2 minutes; 2 of 3
      { riderId: w.riderB.id, name: 'Rashed Beta', companyName: 'Beta Express', total: 4, delivered: 2, failed: 1, successRate: 66.7, avgDeliveryMinutes: 32.5 },
      // a cancelled order is not a failure
      { riderId: w.riderA2.id, name: 'Aziz Alpha', companyName: 'Alpha Couriers', total: 2, delivered: 1, failed: 0, successRate: 100, avgDeliveryMinutes: 45 },
      { riderId: w.riderB2.id, name: 'Bashir Beta', companyName: 'Beta Express', total: 1, delivered: 0, failed: 0, successRate: null, avgDeliveryMinutes: null },
    ]);
  });

  test('stored, audited and readable again', async () => {
    const [row] = await db.select().from(reports).where(eq(reports.id, r.id));
    expect(row!.createdBy).toBe(w.admin.id);
    expect(row!.periodFrom.toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(row!.periodTo.toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(row!.data).toEqual(r);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, r.id));
    expect(entry).toMatchObject({ actorId: w.admin.id, action: 'generate', entity: 'report' });
    expect(entry!.detail).toEqual({ before: null, after: { from: '2026-03-01', to: '2026-03-31', scope: { companyId: null, companyName: null } } });
    const admin = await callerFor(db, w.admin.id);
    expect(await admin.admin.report({ id: r.id })).toEqual(r);
  });

  test('CSV: one section per table, each with its header row; money with the currency’s digits', () => {
    const csv = reportToCsv(r);
    expect(csv.endsWith('\r\n')).toBe(true);
    const sections = csv.trimEnd().split('\r\n\r\n').map((s) => s.split('\r\n'));
    expect(sections.map((s) => s.slice(0, 2))).toEqual([
      ['KWT Delivery report', 'Field,Value'],
      ['Orders by status', 'Status,Orders'],
      ['Orders by company', 'Company,Currency,Region,Pending,Assigned,Picked up,Delivered,Cancelled,Failed,Total,Revenue'],
      ['Orders by region', 'Region,Currency,Pending,Assigned,Picked up,Delivered,Cancelled,Failed,Total,Revenue'],
      ['Revenue', 'Currency,Revenue'],
      [
        'Cash per rider',
        'Rider,Company,Currency,Collected,Submitted (pending),Submitted (confirmed),Discrepancy,Written off,Submitted,Disputed,Outstanding (all time),On hand (all time)',
      ],
      ['Rider productivity', 'Rider,Company,Orders,Delivered,Failed,Success rate (%),Average order time (minutes)'],
    ]);
    expect(sections[0]).toContain('From,2026-03-01');
    // Generated at: Kuwait local time with its offset, the zone on the line above (issue 21, item 5).
    expect(sections[0]).toContain('Time zone,Asia/Kuwait');
    expect(sections[0]).toContain(`Generated at,${localIso(new Date(r.generatedAt), 'Asia/Kuwait')}`);
    expect(sections[0]!.find((l) => l.startsWith('Generated at,'))).toMatch(/^Generated at,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    expect(sections[1]).toContain('delivered,6');
    expect(sections[2]).toContain('Alpha Couriers,KWD,kuwait,1,0,0,4,1,1,7,9.888');
    expect(sections[2]).toContain('Beta Express,AED,uae,0,1,1,2,0,1,5,12.50');
    expect(sections[4]!.slice(2)).toEqual(['KWD,9.888', 'AED,12.50', 'KWD total (AED at 0.0835),10.932']);
    expect(sections[5]).toContain('Rami Alpha,Alpha Couriers,KWD,7.500,2.000,3.000,0.000,0.000,5.000,1.000,8.277,6.277');
    expect(sections[6]).toContain('Rashed Beta,Beta Express,4,2,1,66.7,32.5');
    expect(sections[6]).toContain('Bashir Beta,Beta Express,1,0,0,,');
  });

  test('CSV quoting (RFC 4180) and no formulas from names', () => {
    const csv = reportToCsv({
      ...r,
      byCompany: [{ ...r.byCompany[0]!, name: 'Say "Hi", Co\nLtd' }, { ...r.byCompany[1]!, name: '=HYPERLINK("x")' }],
    });
    expect(csv).toContain('"Say ""Hi"", Co\nLtd",KWD');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",AED`);
  });
});

describe('the tenant wall', () => {
  test('company A’s report has only company A', async () => {
    const a = await callerFor(db, w.managerA.id, testEnv({ AED_TO_KWD_RATE: String(RATE) }));
    const { report: r } = await a.admin.generateReport(PERIOD);
    expect(r.scope).toEqual({ companyId: w.companyA.id, companyName: 'Alpha Couriers' });
    expect(r.orders).toEqual({ total: 7, byStatus: statuses(1, 0, 0, 4, 1, 1) });
    expect(r.byCompany.map((c) => c.companyId)).toEqual([w.companyA.id]);
    expect(r.byRegion.find((g) => g.region === 'uae')).toMatchObject({ total: 0, revenue: { minor: 0 } });
    expect(r.revenue).toEqual({ KWD: { minor: 9888, decimal: '9.888' }, AED: { minor: 0, decimal: '0.00' }, totalKwd: { minor: 9888, decimal: '9.888' } });
    expect(r.cash.map((c) => c.riderId).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    expect(r.riders.map((c) => c.riderId).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    expect(JSON.stringify(r)).not.toContain(w.companyB.id);
    expect(JSON.stringify(r)).not.toContain('Beta');
  });

  test('company B cannot read or list company A’s report; the admin can', async () => {
    const a = await callerFor(db, w.managerA.id);
    const b = await callerFor(db, w.managerB.id);
    const admin = await callerFor(db, w.admin.id);
    const { report } = await a.admin.generateReport(PERIOD);
    await expectTRPCError(b.admin.report({ id: report.id }), 'NOT_FOUND', 'Report not found');
    expect((await b.admin.reports()).map((x) => x.id)).not.toContain(report.id);
    const listA = await a.admin.reports();
    expect(listA.every((x) => x.companyName === 'Alpha Couriers')).toBe(true);
    expect(listA.find((x) => x.id === report.id)).toMatchObject({ from: '2026-03-01', to: '2026-03-31', totalOrders: 7 });
    expect((await admin.admin.report({ id: report.id })).id).toBe(report.id);
    // An admin's all-company report is not a company's either.
    const all = await admin.admin.generateReport(PERIOD);
    await expectTRPCError(a.admin.report({ id: all.report.id }), 'NOT_FOUND');
    expect((await admin.admin.reports()).map((x) => x.id)).toEqual(expect.arrayContaining([report.id, all.report.id]));
  });

  test('a rider is refused by the service itself too', async () => {
    await expect(generateReport(db, viewer('rider', w.riderA.user.id, w.riderA.id), PERIOD, RATE)).rejects.toThrow(
      'Access denied: Generating reports requires company or admin privileges',
    );
  });
});

describe('REST: POST /api/reports/generate and the downloads', () => {
  let cookies: WorldCookies;
  beforeAll(async () => {
    cookies = await loginWorld(app);
  });

  test('no body: the default period', async () => {
    const res = await postJson(app, '/api/reports/generate', undefined, { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, report: { ...defaultReportPeriod(), scope: { companyId: null } } });
  });

  test('from after to: 400 naming from', async () => {
    const res = await postJson(app, '/api/reports/generate', { from: '2026-03-10', to: '2026-03-01' }, { cookie: cookies.admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: 'BAD_REQUEST', message: 'from: From date must be on or before the To date', field: 'from', fields: { from: 'From date must be on or before the To date' } });
  });

  test('downloads: CSV and JSON as attachments named by the period', async () => {
    const gen = await (await postJson(app, '/api/reports/generate', PERIOD, { cookie: cookies.admin })).json();
    const id = gen.report.id as string;
    expect(gen.message).toBe('Report for 2026-03-01 to 2026-03-31 generated');

    const csv = await getWith(app, `/api/reports/${id}.csv`, cookies.admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="kwt-report-2026-03-01_2026-03-31.csv"');
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const text = await csv.text();
    expect(text.replace(/^\uFEFF/, '').startsWith('KWT Delivery report\r\nField,Value\r\n')).toBe(true);
    expect(text).toContain('Alpha Couriers,KWD,kuwait,1,0,0,4,1,1,7,9.888');

    const json = await getWith(app, `/api/reports/${id}.json`, cookies.admin);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="kwt-report-2026-03-01_2026-03-31.json"');
    const data = (await json.json()) as Report;
    expect(data).toMatchObject({ id, from: '2026-03-01', to: '2026-03-31', revenue: { totalKwd: { minor: 10932, decimal: '10.932' } } });
  });

  test('downloads are guarded like the procedure', async () => {
    const gen = await (await postJson(app, '/api/reports/generate', PERIOD, { cookie: cookies.managerA })).json();
    const id = gen.report.id as string;
    expect((await getWith(app, `/api/reports/${id}.csv`, cookies.managerA)).status).toBe(200);
    const other = await getWith(app, `/api/reports/${id}.json`, cookies.managerB);
    expect(other.status).toBe(404);
    expect((await other.json()).error).toEqual({ code: 'NOT_FOUND', message: 'Report not found' });
    const rider = await getWith(app, `/api/reports/${id}.csv`, cookies.riderA);
    expect(rider.status).toBe(403);
    expect((await rider.json()).error.message).toBe('Access denied: Generating reports requires company or admin privileges');
    const out = await getWith(app, `/api/reports/${id}.csv`);
    expect(out.status).toBe(401);
    expect((await getWith(app, `/api/reports/${id}.pdf`, cookies.admin)).status).toBe(404);
    expect((await getWith(app, '/api/reports/nosuchreport.csv', cookies.admin)).status).toBe(404);
  });
});

/**
 * Where the ledger and "orders less cash_submissions" part ways (issue 9): counted differences, write-offs,
 * withdrawn and disputed hand-overs, corrections, and cash from before the period. April 2026 in Kuwait,
 * in a database of its own so the known data set above stays as it is.
 */
describe('cash from the ledger', () => {
  const APRIL = { from: '2026-04-01', to: '2026-04-30' };
  const m = (minor: number) => ({ minor, decimal: (minor / 1000).toFixed(3) });
  let ldb: Db;
  let ids: { admin: string; manager: string; company: string; r1: string; r2: string; r3: string };

  beforeAll(async () => {
    ldb = await freshDb();
    const company = await makeCompany(ldb, { name: 'Gamma Cash', currency: 'KWD', region: 'kuwait' });
    const admin = await makeUser(ldb, { role: 'admin' });
    const manager = await makeCompanyManager(ldb, company);
    const [r1, r2, r3] = await Promise.all(['Ghazi One', 'Ghanim Two', 'Ghada Three'].map(async (name) => (await makeRider(ldb, company, { name, withUser: false })).rider.id));
    ids = { admin: admin.id, manager: manager.id, company: company.id, r1: r1!, r2: r2!, r3: r3! };
    const by = staffActor(manager.id, company.id);
    const deliver = (riderId: string, iso: string, codAmountMinor: number) => makeOrder(ldb, company, { riderId, status: 'delivered', codAmountMinor, createdAt: at(iso) });
    const hand = (riderId: string, amountMinor: number, status: 'pending' | 'confirmed' | 'disputed' | 'cancelled', iso: string) =>
      makeSubmission(ldb, { riderId, currency: 'KWD', amountMinor, status, submittedAt: at(iso) });

    // Ghazi: 3.000 collected in March, 2.000 of it handed over then; 10.000 collected in April.
    await deliver(r1!, '2026-03-20T09:00:00Z', 3000);
    await hand(r1!, 2000, 'confirmed', '2026-03-25T09:00:00Z');
    await deliver(r1!, '2026-04-02T09:00:00Z', 10000);
    // April's hand-overs: 6.000 counted 5.000, the 1.000 written off; 2.000 counted in full; 1.000
    // counted 0.500, not yet resolved; 1.500 awaiting the count; 0.500 disputed; 3.000 withdrawn.
    const short = await hand(r1!, 6000, 'pending', '2026-04-03T09:00:00Z');
    await countSubmission(ldb, by, short.id, 5000, at('2026-04-03T10:00:00Z'));
    await resolveSubmission(ldb, by, short.id, 'write_off', at('2026-04-04T09:00:00Z'));
    await hand(r1!, 2000, 'confirmed', '2026-04-05T09:00:00Z');
    const open = await hand(r1!, 1000, 'pending', '2026-04-06T09:00:00Z');
    await countSubmission(ldb, by, open.id, 500, at('2026-04-06T10:00:00Z'));
    await hand(r1!, 1500, 'pending', '2026-04-07T09:00:00Z');
    await hand(r1!, 500, 'disputed', '2026-04-08T09:00:00Z');
    await hand(r1!, 3000, 'cancelled', '2026-04-09T09:00:00Z');
    // A correction: 0.250 more on hand than the entries said.
    await correctCash(ldb, by, r1!, 0.25, at('2026-04-10T09:00:00Z'));
    // Ghanim: 4.000 collected in March, still held; nothing in April.
    await deliver(r2!, '2026-03-10T09:00:00Z', 4000);
    // Ghada: settled in March.
    await deliver(r3!, '2026-03-11T09:00:00Z', 1000);
    await hand(r3!, 1000, 'confirmed', '2026-03-12T09:00:00Z');
  });

  test('per rider: the period’s hand-overs where their cash is now, and what each rider still answers for', async () => {
    const { report } = await generateReport(ldb, viewer('admin', ids.admin), APRIL, RATE, at('2026-05-01T06:00:00Z'));
    // The old arithmetic had Ghazi at 2.000 confirmed (the status), outstanding 10.000 − 3.500 = 6.500,
    // and −3.000 on hand (13.000 collected − 16.000 in hand-overs of any status); Ghanim not listed.
    expect(report.cash).toEqual([
      {
        riderId: ids.r2,
        name: 'Ghanim Two',
        companyName: 'Gamma Cash',
        currency: 'KWD',
        collected: m(0),
        submittedPending: m(0),
        submittedConfirmed: m(0),
        discrepancy: m(0),
        writtenOff: m(0),
        submitted: m(0),
        disputed: m(0),
        outstanding: m(4000), // March's cash, still held
        onHandAllTime: m(4000),
      },
      {
        riderId: ids.r1,
        name: 'Ghazi One',
        companyName: 'Gamma Cash',
        currency: 'KWD',
        collected: m(10000), // March's 3.000 is outside
        submittedPending: m(1500),
        submittedConfirmed: m(7500), // 5.000 + 2.000 + 0.500 as counted
        discrepancy: m(500),
        writtenOff: m(1000),
        submitted: m(10500), // 6.000 + 2.000 + 1.000 + 1.500; the disputed and the withdrawn are back on hand
        disputed: m(500),
        // 13.000 − 2.000 − 6.000 − 2.000 − 1.000 − 1.500 + 0.250 = 0.750 on hand; + 1.500 + 0.500 short.
        outstanding: m(2750),
        onHandAllTime: m(750),
      },
    ]);
    const csv = reportToCsv(report);
    expect(csv).toContain('\r\nGhazi One,Gamma Cash,KWD,10.000,1.500,7.500,0.500,1.000,10.500,0.500,2.750,0.750\r\n');
    expect(csv).toContain('\r\nGhanim Two,Gamma Cash,KWD,0.000,0.000,0.000,0.000,0.000,0.000,0.000,4.000,4.000\r\n');
    expect(csv).not.toContain('Ghada Three');
  });

  test('the company’s own report has the same rows; a stored report from before the ledger still downloads', async () => {
    const { report } = await generateReport(ldb, viewer('company', ids.manager, ids.company), APRIL, RATE, at('2026-05-01T06:00:00Z'));
    expect(report.cash.map((c) => [c.name, c.outstanding.decimal])).toEqual([
      ['Ghanim Two', '4.000'],
      ['Ghazi One', '2.750'],
    ]);
    const { discrepancy: _d, writtenOff: _w, ...old } = report.cash[1]!;
    expect(reportToCsv({ ...report, cash: [old as Report['cash'][number]] })).toContain('\r\nGhazi One,Gamma Cash,KWD,10.000,1.500,7.500,,,10.500,0.500,2.750,0.750\r\n');
  });
});
