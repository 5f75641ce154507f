import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, orders, syncRuns } from '../../../../db/schema';
import { callerFor, login, postJson, testApp, testEnv } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder, TEST_PASSWORD } from '../../../../test/factories';
import { SERVICE_ACCOUNT_EMAIL, SERVICE_ACCOUNT_JSON, SPREADSHEET_ID, startFakeSheets, type BatchUpdateRequest, type FakeSheets } from '../../../../test/fake-sheets';
import { freshWorld, makeWorld, type World } from '../../../../test/world';
import { parseEnv } from '../../env';
import { toDecimalString } from '../../../shared/money';
import { readStoredMessage } from '../../../shared/i18n/message';
import { MAX_ROWS_PER_REQUEST } from './sheets-sync';

const COMPANY_HEADER = ['ID', 'Name', 'Email', 'Phone', 'Address', 'Contact Person', 'Region', 'Currency', 'Active', 'Created At', 'Time Zone'];
/** Local time with the zone's offset (issue 21, item 5). */
const KUWAIT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/;
const DUBAI = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+04:00$/;

let fake: FakeSheets | undefined;
afterEach(() => {
  fake?.stop();
  fake = undefined;
});

const sheetsEnv = (f: FakeSheets, over: Record<string, string> = {}) =>
  testEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: SERVICE_ACCOUNT_JSON, GOOGLE_SHEETS_SPREADSHEET_ID: SPREADSHEET_ID, GOOGLE_SHEETS_ROOT_URL: f.rootUrl, ...over });

const runsOf = (db: Db) => db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt));
const col = (rows: unknown[][], header: unknown[], name: string) => rows.map((r) => r[header.indexOf(name)]);

describe('Google Sheets sync against a loopback fake', () => {
  let db: Db;
  let w: World;
  beforeAll(async () => {
    ({ db, w } = await freshWorld());
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, deliveryFeeMinor: 1250, codAmountMinor: 4500, status: 'delivered' });
    await makeOrder(db, w.companyB, { deliveryFeeMinor: 1250, customerName: '=HYPERLINK("http://evil")' });
  });

  test('writes Companies, Riders and Orders, records the run and audits it', async () => {
    // Companies already exists with stale rows; Riders and Orders do not.
    fake = startFakeSheets([{ title: 'Sheet1' }, { title: 'Companies', rows: [['old'], ['stale'], ['stale'], ['stale'], ['stale']] }]);
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake));
    const result = await caller.admin.syncSheets();

    expect(fake.unexpected).toEqual([]);
    expect(result.status).toBe('success');
    expect(result.counts).toEqual({ companies: 2, riders: 4, orders: 2 });
    expect(result.createdTabs).toEqual(['Riders', 'Orders']);
    // The real client signed every request with the service account key, scoped to Sheets, no token exchange.
    expect(fake.tokens.length).toBe(fake.log.length);
    expect(fake.tokens[0]).toMatchObject({ iss: SERVICE_ACCOUNT_EMAIL, sub: SERVICE_ACCOUNT_EMAIL, scope: 'https://www.googleapis.com/auth/spreadsheets' });

    // The requests, in order: read tabs, create the missing ones, then clear + write each tab.
    expect(fake.log.map((r) => `${r.method} ${decodeURIComponent(r.path.replace(`/v4/spreadsheets/${SPREADSHEET_ID}`, ''))}`)).toEqual([
      'GET ',
      'POST :batchUpdate',
      "POST /values/'Companies':clear",
      "PUT /values/'Companies'!A1",
      "POST /values/'Riders':clear",
      "PUT /values/'Riders'!A1",
      "POST /values/'Orders':clear",
      "PUT /values/'Orders'!A1",
    ]);
    expect(fake.log[0]!.search).toContain('fields=sheets.properties');
    const added = (fake.log[1]!.body as { requests: { addSheet?: { properties: { title: string } } }[] }).requests;
    expect(added.map((r) => r.addSheet?.properties.title)).toEqual(['Riders', 'Orders']);
    expect(fake.log.filter((r) => r.method === 'PUT').every((r) => r.search === '?valueInputOption=RAW')).toBe(true);

    // Stale rows are gone; each tab is header + one row per record.
    const companiesTab = fake.values('Companies');
    expect(companiesTab[0]).toEqual(COMPANY_HEADER);
    expect(companiesTab).toHaveLength(3);
    expect(col(companiesTab.slice(1), COMPANY_HEADER, 'Name').sort()).toEqual(['Alpha Couriers', 'Beta Express']);
    const ridersTab = fake.values('Riders');
    expect(ridersTab[0]!.slice(0, 6)).toEqual(['ID', 'Name', 'Email', 'Phone', 'Company ID', 'Company']);
    expect(ridersTab).toHaveLength(5);
    expect(new Set(col(ridersTab.slice(1), ridersTab[0]!, 'ID'))).toEqual(new Set([w.riderA.id, w.riderA2.id, w.riderB.id, w.riderB2.id]));

    const [header, ...rows] = fake.values('Orders');
    expect(rows).toHaveLength(2);
    const byCurrency = Object.fromEntries(rows.map((r) => [r[header!.indexOf('Currency')], r]));
    const kwd = byCurrency.KWD!;
    const aed = byCurrency.AED!;
    expect(kwd[header!.indexOf('Delivery Fee')]).toBe('1.250');
    expect(kwd[header!.indexOf('COD Amount')]).toBe('4.500');
    expect(kwd[header!.indexOf('Rider')]).toBe('Rami Alpha');
    expect(kwd[header!.indexOf('Company')]).toBe('Alpha Couriers');
    expect(kwd[header!.indexOf('Status')]).toBe('delivered');
    expect(kwd[header!.indexOf('Created At')]).toMatch(KUWAIT);
    expect(kwd[header!.indexOf('Delivered At')]).toMatch(KUWAIT);
    expect(kwd[header!.indexOf('Time Zone')]).toBe('Asia/Kuwait');
    // The Dubai order in the same tab says its own zone.
    expect(aed[header!.indexOf('Created At')]).toMatch(DUBAI);
    expect(aed[header!.indexOf('Time Zone')]).toBe('Asia/Dubai');
    expect(aed[header!.indexOf('Delivery Fee')]).toBe('12.50');
    expect(aed[header!.indexOf('Rider')]).toBe('');
    // RAW input: a formula-looking customer name stays text.
    expect(aed[header!.indexOf('Customer Name')]).toBe('=HYPERLINK("http://evil")');
    expect(fake.tabs.get('Orders')!.frozenRowCount).toBe(1);

    const [run] = await runsOf(db);
    expect(run).toMatchObject({ kind: 'sheets', status: 'success', actorId: w.admin.id, detail: { companies: 2, riders: 4, orders: 2 }, error: null });
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.startedAt.getTime());
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, 'sheets'));
    expect(entry).toMatchObject({ actorId: w.admin.id, action: 'sync', entityId: run!.id, detail: { before: null, after: { companies: 2, riders: 4, orders: 2 } } });

    const last = await caller.admin.lastSync();
    expect(last.latest).toMatchObject({ id: run!.id, status: 'success', counts: { companies: 2, riders: 4, orders: 2 } });
    expect(last.lastSuccess?.finishedAt).toBe(run!.finishedAt!.toISOString());
  });

  test('a second run replaces the rows instead of adding to them', async () => {
    fake = startFakeSheets();
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake));
    await caller.admin.syncSheets();
    const before = fake.log.length;
    await caller.admin.syncSheets();
    const second = fake.log.slice(before);
    expect(second.some((r) => r.path.endsWith(':batchUpdate'))).toBe(false);
    expect(fake.values('Orders')).toHaveLength(3);
    expect(fake.values('Riders')).toHaveLength(5);
    expect(fake.unexpected).toEqual([]);
  });

  test('an API error is recorded and answered with a clear 502', async () => {
    fake = startFakeSheets();
    fake.setMode('fail');
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake));
    const auditsBefore = (await db.select().from(auditLog).where(eq(auditLog.entity, 'sheets'))).length;
    const message = 'Google Sheets did not answer: HTTP 500 Internal error encountered.';
    await expectTRPCError(caller.admin.syncSheets(), 'BAD_GATEWAY', message);
    const [run] = await runsOf(db);
    // The run keeps the error by key (read back in the reader's language).
    expect({ ...run, error: readStoredMessage(run!.error!, 'en') }).toMatchObject({ status: 'error', error: message, actorId: w.admin.id });
    expect(run!.finishedAt).toBeInstanceOf(Date);
    expect((await db.select().from(auditLog).where(eq(auditLog.entity, 'sheets'))).length).toBe(auditsBefore);
    const last = await caller.admin.lastSync();
    expect(last.latest?.status).toBe('error');
    expect(last.lastSuccess?.status).toBe('success');
  });

  test('no answer within the timeout is recorded and answered with a clear 502', async () => {
    fake = startFakeSheets();
    fake.setMode('hang');
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake, { GOOGLE_SHEETS_TIMEOUT_MS: '300' }));
    const started = performance.now();
    await expectTRPCError(caller.admin.syncSheets(), 'BAD_GATEWAY', 'Google Sheets did not answer: no answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(fake.log).toHaveLength(1);
    const [run] = await runsOf(db);
    expect({ ...run, error: readStoredMessage(run!.error!, 'en') }).toMatchObject({ status: 'error', error: 'Google Sheets did not answer: no answer within 300 ms' });
  });

  test('without configuration: 503 "Google Sheets is not configured", nothing recorded', async () => {
    const runs = (await runsOf(db)).length;
    const caller = await callerFor(db, w.admin.id, testEnv({ GOOGLE_SHEETS_SPREADSHEET_ID: SPREADSHEET_ID }));
    await expectTRPCError(caller.admin.syncSheets(), 'SERVICE_UNAVAILABLE', 'Google Sheets is not configured');
    const app = testApp(db);
    const cookie = await login(app, 'admin@kwtdelivery.com', TEST_PASSWORD);
    const res = await postJson(app, '/api/google/sheets/sync', {}, { cookie });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Google Sheets is not configured' });
    // The SPA's path: tRPC over HTTP answers 503 with the code the button branches on.
    const trpcRes = await postJson(app, '/api/trpc/admin.syncSheets', undefined, { cookie });
    expect(trpcRes.status).toBe(503);
    const body = await trpcRes.json();
    expect([body.error.message, body.error.data.code]).toEqual(['Google Sheets is not configured', 'SERVICE_UNAVAILABLE']);
    expect((await runsOf(db)).length).toBe(runs);
  });

  test('an unreadable key file is a 503 that says so', async () => {
    const caller = await callerFor(db, w.admin.id, testEnv({ GOOGLE_SERVICE_ACCOUNT_KEY_FILE: '/nonexistent/key.json', GOOGLE_SHEETS_SPREADSHEET_ID: SPREADSHEET_ID }));
    await expectTRPCError(caller.admin.syncSheets(), 'SERVICE_UNAVAILABLE', 'Google Sheets is not configured: the service account key file cannot be read');
  });

  test('a run already in progress is refused', async () => {
    fake = startFakeSheets();
    const [running] = await db.insert(syncRuns).values({ kind: 'sheets', status: 'running', startedAt: new Date() }).returning();
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake));
    await expectTRPCError(caller.admin.syncSheets(), 'CONFLICT', 'A Google Sheets sync is already running');
    expect(fake.log).toEqual([]);
    await db.delete(syncRuns).where(eq(syncRuns.id, running!.id));
  });

  test('POST /api/google/sheets/sync with a key file answers 200 with the counts', async () => {
    fake = startFakeSheets();
    const keyFile = join(mkdtempSync(join(tmpdir(), 'kwt-key-')), 'service-account.json');
    writeFileSync(keyFile, SERVICE_ACCOUNT_JSON);
    const app = testApp(db, { GOOGLE_SERVICE_ACCOUNT_KEY_FILE: keyFile, GOOGLE_SHEETS_SPREADSHEET_ID: SPREADSHEET_ID, GOOGLE_SHEETS_ROOT_URL: fake.rootUrl });
    const res = await postJson(app, '/api/google/sheets/sync', undefined, { cookie: await login(app, 'admin@kwtdelivery.com', TEST_PASSWORD, '203.0.113.50') });
    expect(res.status).toBe(200);
    expect((await res.json()).counts).toEqual({ companies: 2, riders: 4, orders: 2 });
    expect(fake.unexpected).toEqual([]);
  });
});

describe('large Orders tab', () => {
  test(`is read page by page and written in requests of at most ${MAX_ROWS_PER_REQUEST} rows, growing the grid first`, async () => {
    const db = await freshDb();
    const w = await makeWorld(db);
    const total = MAX_ROWS_PER_REQUEST + 3;
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < total; i += 500) {
      const chunk = Array.from({ length: Math.min(500, total - i) }, (_, j) => ({
        companyId: w.companyA.id,
        customerName: `Bulk ${i + j}`,
        pickupAddress: 'A',
        deliveryAddress: 'B',
        deliveryFeeMinor: 1000 + ((i + j) % 7),
        currency: 'KWD' as const,
        createdAt: new Date(base + Math.floor((i + j) / 3) * 1000),
      }));
      await db.insert(orders).values(chunk);
    }
    // An existing, too small Orders tab must be grown, not overflowed.
    fake = startFakeSheets([{ title: 'Orders', rows: [['old']] }]);
    const caller = await callerFor(db, w.admin.id, sheetsEnv(fake));
    const result = await caller.admin.syncSheets();
    expect(result.counts.orders).toBe(total);
    expect(fake.unexpected).toEqual([]);

    const writes = fake.log.filter((r) => r.method === 'PUT' && decodeURIComponent(r.path).includes("'Orders'"));
    expect(writes.map((r) => decodeURIComponent(r.path).split('/values/')[1])).toEqual(["'Orders'!A1", `'Orders'!A${MAX_ROWS_PER_REQUEST + 1}`]);
    expect(writes.map((r) => (r.body as { values: unknown[] }).values.length)).toEqual([MAX_ROWS_PER_REQUEST, 4]);
    const grow = (fake.log.find((r) => r.path.endsWith(':batchUpdate'))!.body as { requests: BatchUpdateRequest[] }).requests;
    expect(grow.find((r) => r.updateSheetProperties)?.updateSheetProperties?.properties.gridProperties).toEqual({ rowCount: total + 1, columnCount: 26 });

    const [header, ...rows] = fake.values('Orders');
    expect(rows).toHaveLength(total);
    const ids = col(rows, header!, 'ID');
    expect(new Set(ids).size).toBe(total);
    const created = col(rows, header!, 'Created At') as string[];
    expect([...created].sort()).toEqual(created);
    expect(col(rows, header!, 'Delivery Fee').every((f) => /^1\.00[0-6]$/.test(String(f)))).toBe(true);
  }, 30_000);
});

describe('configuration', () => {
  test('a malformed service account JSON stops start-up naming the setting, without echoing the key', () => {
    expect(() => parseEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: '{"private_key":"secret"}' })).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_JSON: must be a service account JSON key/,
    );
    expect(() => parseEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: '{"private_key":"secret"}' })).not.toThrow(/secret/);
  });

  test('defaults: Google’s endpoint and a 20 s timeout', () => {
    const env = parseEnv({});
    expect(env.GOOGLE_SHEETS_ROOT_URL).toBe('https://sheets.googleapis.com/');
    expect(env.GOOGLE_SHEETS_TIMEOUT_MS).toBe(20_000);
  });

  test('money cells keep the currency’s digits', () => {
    expect(toDecimalString(1250, 'KWD')).toBe('1.250');
    expect(toDecimalString(1250, 'AED')).toBe('12.50');
    expect(toDecimalString(5, 'KWD')).toBe('0.005');
    expect(toDecimalString(-7, 'AED')).toBe('-0.07');
  });
});
