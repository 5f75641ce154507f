import { beforeAll, describe, expect, test } from 'bun:test';
import { freshWorldApp, callerFor, getWith, login, req, csvAttachmentRows } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeRider, TEST_PASSWORD } from '../../../../test/factories';
import type { LedgerAccount, LedgerKind } from '../../../shared/cash/ledger-types';
import type { Currency } from '../../../shared/money';
import { parseCsv } from '../../lib/csv';
import { postJournal } from './ledger';
import { dailyReconciliation } from './reconciliation';

const { db, w, app } = await freshWorldApp();
const ids = {} as Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5' | 'formula', string>;

type Line = [LedgerAccount, number];
async function post(riderId: string, companyId: string, kind: LedgerKind, at: string, lines: Line[], currency: Currency = 'KWD', orderId: string | null = null, submissionId: string | null = null) {
  await postJournal(db, { kind, riderId, companyId, currency, orderId, submissionId, at: new Date(at), lines: lines.map(([account, amountMinor]) => ({ account, amountMinor })) });
}
const collection = (minor: number): Line[] => [
  ['customer', -minor],
  ['hand', minor],
];

/**
 * Kuwait is UTC+3: the calendar day 2025-05-03 runs from 2025-05-02T21:00Z to 2025-05-03T21:00Z.
 */
beforeAll(async () => {
  const A = w.companyA.id;
  const r1 = w.riderA.id;
  const r2 = (await makeRider(db, w.companyA, { name: 'Badr Two', withUser: false })).rider.id;
  const r3 = w.riderA2.id;
  const r4 = (await makeRider(db, w.companyA, { name: 'Zaid Settled', withUser: false })).rider.id;
  Object.assign(ids, { r1, r2, r3, r4 });
  // r1: the day's edges, a reversal, a hand-over counted short, resolved the next day.
  await post(r1, A, 'collection', '2025-05-02T20:59:59Z', collection(10_000)); // 23:59:59 on the 2nd
  await post(r1, A, 'collection', '2025-05-02T21:00:00Z', collection(5_000)); // 00:00 on the 3rd
  await post(r1, A, 'collection', '2025-05-03T07:00:00Z', collection(2_000), 'KWD', 'o2');
  await post(r1, A, 'collection_reversal', '2025-05-03T08:00:00Z', [['hand', -2_000], ['customer', 2_000]], 'KWD', 'o2');
  await post(r1, A, 'handover_submitted', '2025-05-03T09:00:00Z', [['hand', -12_000], ['transit', 12_000]]);
  await post(r1, A, 'handover_received', '2025-05-03T10:00:00Z', [['transit', -12_000], ['company', 11_500], ['discrepancy', 500]]);
  await post(r1, A, 'collection', '2025-05-03T20:59:59Z', collection(750)); // 23:59:59 on the 3rd
  await post(r1, A, 'collection', '2025-05-03T21:00:00Z', collection(1_000)); // 00:00 on the 4th
  await post(r1, A, 'discrepancy_resolved', '2025-05-04T08:00:00Z', [['discrepancy', -500], ['writeoff', 500]]);
  // r2: AED cash in a KWD company; handed over, not yet counted.
  await post(r2, A, 'collection', '2025-05-03T12:00:00Z', collection(5_000), 'AED');
  await post(r2, A, 'handover_submitted', '2025-05-03T13:00:00Z', [['hand', -3_000], ['transit', 3_000]], 'AED');
  // r3: nothing that day, cash from before still outstanding.
  await post(r3, A, 'collection', '2025-04-30T10:00:00Z', collection(1_000));
  // r4: settled before the day: left out.
  await post(r4, A, 'collection', '2025-05-01T10:00:00Z', collection(4_000));
  await post(r4, A, 'handover_submitted', '2025-05-01T11:00:00Z', [['hand', -4_000], ['transit', 4_000]]);
  await post(r4, A, 'handover_received', '2025-05-01T12:00:00Z', [['transit', -4_000], ['company', 4_000]]);
  // r5: one count short by 0.300 and another over by 0.300 the same day: reported apart, never netted to 0.
  const r5 = (await makeRider(db, w.companyA, { name: 'Nadia Netted', withUser: false })).rider.id;
  ids.r5 = r5;
  await post(r5, A, 'collection', '2025-05-03T05:00:00Z', collection(10_000));
  await post(r5, A, 'handover_submitted', '2025-05-03T06:00:00Z', [['hand', -4_000], ['transit', 4_000]], 'KWD', null, 's5a');
  await post(r5, A, 'handover_received', '2025-05-03T07:00:00Z', [['transit', -4_000], ['company', 3_700], ['discrepancy', 300]], 'KWD', null, 's5a');
  await post(r5, A, 'handover_submitted', '2025-05-03T08:00:00Z', [['hand', -3_000], ['transit', 3_000]], 'KWD', null, 's5b');
  await post(r5, A, 'handover_received', '2025-05-03T09:00:00Z', [['transit', -3_000], ['company', 3_300], ['discrepancy', -300]], 'KWD', null, 's5b');
  // Company B's rider the same day: never in A's report.
  await post(w.riderB.id, w.companyB.id, 'collection', '2025-05-03T10:00:00Z', collection(9_900), 'AED');
  // A rider whose name a spreadsheet would run as a formula.
  ids.formula = (await makeRider(db, w.companyB, { name: '=HYPERLINK("http://x")', withUser: false })).rider.id;
  await post(ids.formula, w.companyB.id, 'collection', '2025-05-03T10:00:00Z', collection(100), 'AED');
});

const zeros = { collectedMinor: 0, handedOverMinor: 0, receivedMinor: 0, outstandingMinor: 0, shortMinor: 0, overMinor: 0, discrepancyCount: 0, unresolvedShortMinor: 0, unresolvedOverMinor: 0 };

describe('dailyReconciliation', () => {
  test('per rider and currency over the Kuwait day, balances as of its end, totals per currency', async () => {
    const r = await dailyReconciliation(db, w.companyA.id, '2025-05-03', new Date('2025-05-10T09:00:00Z'));
    expect(r).toMatchObject({ date: '2025-05-03', timeZone: 'Asia/Kuwait', from: '2025-05-02T21:00:00.000Z', to: '2025-05-03T21:00:00.000Z', previousDate: '2025-05-02', nextDate: '2025-05-04', today: '2025-05-10' });
    expect(r.rows).toEqual([
      // 5.000 + 2.000 − 2.000 + 0.750 collected; 10.000 from the day before is outstanding, not collected.
      { riderId: ids.r3, riderName: 'Aziz Alpha', currency: 'KWD', ...zeros, outstandingMinor: 1_000 },
      // Short 0.300 and over 0.300: both shown, two counts differed, both still unresolved.
      { riderId: ids.r5, riderName: 'Nadia Netted', currency: 'KWD', collectedMinor: 10_000, handedOverMinor: 7_000, receivedMinor: 7_000, outstandingMinor: 3_000, shortMinor: 300, overMinor: 300, discrepancyCount: 2, unresolvedShortMinor: 300, unresolvedOverMinor: 300 },
      { riderId: ids.r1, riderName: 'Rami Alpha', currency: 'KWD', ...zeros, collectedMinor: 5_750, handedOverMinor: 12_000, receivedMinor: 11_500, outstandingMinor: 3_750 + 500, shortMinor: 500, discrepancyCount: 1, unresolvedShortMinor: 500 },
      { riderId: ids.r2, riderName: 'Badr Two', currency: 'AED', ...zeros, collectedMinor: 5_000, handedOverMinor: 3_000, outstandingMinor: 5_000 },
    ]);
    expect(r.totals).toEqual([
      { currency: 'KWD', riders: 3, collectedMinor: 15_750, handedOverMinor: 19_000, receivedMinor: 18_500, outstandingMinor: 8_250, shortMinor: 800, overMinor: 300, discrepancyCount: 3, unresolvedShortMinor: 800, unresolvedOverMinor: 300 },
      { currency: 'AED', riders: 1, ...zeros, collectedMinor: 5_000, handedOverMinor: 3_000, outstandingMinor: 5_000 },
    ]);
  });

  test('the next day: the midnight collection, the discrepancy written off', async () => {
    const r = await dailyReconciliation(db, w.companyA.id, '2025-05-04', new Date('2025-05-10T09:00:00Z'));
    expect(r.rows.find((row) => row.riderId === ids.r1)).toEqual({
      riderId: ids.r1,
      riderName: 'Rami Alpha',
      currency: 'KWD',
      ...zeros,
      collectedMinor: 1_000,
      outstandingMinor: 3_750 + 1_000,
    });
  });

  test('the day before: only what was collected by 23:59:59 Kuwait time', async () => {
    const r = await dailyReconciliation(db, w.companyA.id, '2025-05-02', new Date('2025-05-10T09:00:00Z'));
    expect(r.rows.find((row) => row.riderId === ids.r1)).toMatchObject({ collectedMinor: 10_000, outstandingMinor: 10_000 });
    expect(r.rows.find((row) => row.riderId === ids.r4)).toBeUndefined();
  });

  test('a UAE company: its own riders only, the Dubai day, and an empty day still totals its currency', async () => {
    const r = await dailyReconciliation(db, w.companyB.id, '2025-05-03', new Date('2025-05-10T09:00:00Z'));
    expect(r.timeZone).toBe('Asia/Dubai');
    expect(r.from).toBe('2025-05-02T20:00:00.000Z');
    expect(r.rows.map((row) => row.riderId).sort()).toEqual([w.riderB.id, ids.formula].sort());
    const empty = await dailyReconciliation(db, w.companyB.id, '2025-01-01', new Date('2025-05-10T09:00:00Z'));
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual([{ currency: 'AED', riders: 0, ...zeros }]);
  });

  test('today by default (in the zone); no future day; no next day after today', async () => {
    const now = new Date('2025-05-03T22:30:00Z'); // 01:30 on the 4th in Kuwait
    const r = await dailyReconciliation(db, w.companyA.id, undefined, now);
    expect([r.date, r.nextDate]).toEqual(['2025-05-04', null]);
    await expect(dailyReconciliation(db, w.companyA.id, '2025-05-05', now)).rejects.toThrow('The date cannot be after today');
  });

  test('company.reconciliation: own company, validated date; riders and admins refused', async () => {
    const a = await callerFor(db, w.managerA.id);
    expect((await a.company.reconciliation({ date: '2025-05-03' })).rows).toHaveLength(4);
    expect(firstIssue(await expectTRPCError(a.company.reconciliation({ date: '2025-02-30' }), 'BAD_REQUEST'))).toBe('date: Date must be a date in the format YYYY-MM-DD');
    await expectTRPCError((await callerFor(db, w.riderA.user.id)).company.reconciliation({ date: '2025-05-03' }), 'FORBIDDEN', DENIED.company);
    await expectTRPCError((await callerFor(db, w.admin.id)).company.reconciliation(), 'FORBIDDEN', DENIED.company);
  });
});

describe('GET /api/company/reconciliation.csv', () => {
  test('the company’s own day as CSV: BOM, file name, figures as decimals, totals per currency', async () => {
    const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
    const res = await getWith(app, '/api/company/reconciliation.csv?date=2025-05-03', cookie);
    const rows = await csvAttachmentRows(res, 'kwt-reconciliation-alpha-couriers-2025-05-03.csv');
    expect(rows.slice(0, 4)).toEqual([['KWT Delivery daily cash reconciliation'], ['Company', 'Alpha Couriers'], ['Date', '2025-05-03'], ['Time zone', 'Asia/Kuwait']]);
    // Generated at: Kuwait local time with its offset (issue 21, item 5).
    expect(rows[4]![0]).toBe('Generated at');
    expect(rows[4]![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    const table = rows.slice(rows.findIndex((r) => r[0] === 'Rider'));
    expect(table).toEqual([
      ['Rider', 'Currency', 'Collected', 'Handed over', 'Received', 'Outstanding (end of day)', 'Short', 'Over', 'Discrepancy count', 'Unresolved short', 'Unresolved over'],
      ['Aziz Alpha', 'KWD', '0.000', '0.000', '0.000', '1.000', '0.000', '0.000', '0', '0.000', '0.000'],
      ['Nadia Netted', 'KWD', '10.000', '7.000', '7.000', '3.000', '0.300', '0.300', '2', '0.300', '0.300'],
      ['Rami Alpha', 'KWD', '5.750', '12.000', '11.500', '4.250', '0.500', '0.000', '1', '0.500', '0.000'],
      ['Badr Two', 'AED', '50.00', '30.00', '0.00', '50.00', '0.00', '0.00', '0', '0.00', '0.00'],
      ['Total', 'KWD', '15.750', '19.000', '18.500', '8.250', '0.800', '0.300', '3', '0.800', '0.300'],
      ['Total', 'AED', '50.00', '30.00', '0.00', '50.00', '0.00', '0.00', '0', '0.00', '0.00'],
    ]);
  });

  test('another company sees only its own riders; a formula-like name is neutralised', async () => {
    const cookie = await login(app, 'manager@beta.example', TEST_PASSWORD);
    const text = await (await getWith(app, '/api/company/reconciliation.csv?date=2025-05-03', cookie)).text();
    expect(text).not.toContain('Rami Alpha');
    expect(text).toContain('Rashed Beta');
    expect(parseCsv(text).some((r) => r[0] === `'=HYPERLINK("http://x")`)).toBe(true);
  });

  test('guards: signed out 401, rider and admin 403, a bad date 400', async () => {
    const out = await req(app, '/api/company/reconciliation.csv?date=2025-05-03');
    expect(out.status).toBe(401);
    expect((await out.json()).error).toEqual({ code: 'UNAUTHORIZED', message: DENIED.signedOut });
    for (const email of ['rider.a@example.com', 'admin@kwtdelivery.com']) {
      const res = await getWith(app, '/api/company/reconciliation.csv', await login(app, email, TEST_PASSWORD));
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'FORBIDDEN', message: DENIED.company });
    }
    const bad = await getWith(app, '/api/company/reconciliation.csv?date=03-05-2025', await login(app, 'manager@alpha.example', TEST_PASSWORD));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'BAD_REQUEST', message: 'date: Date must be a date in the format YYYY-MM-DD' });
  });
});
