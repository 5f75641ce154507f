import { afterEach, expect, test } from 'bun:test';
import { desc } from 'drizzle-orm';
import { syncRuns } from '../../../../db/schema';
import { testEnv } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { SERVICE_ACCOUNT_JSON, SPREADSHEET_ID, startFakeSheets, type FakeSheets } from '../../../../test/fake-sheets';
import { makeWorld } from '../../../../test/world';
import { sheetsTarget } from '../../google/sheets-client';
import { cancelSheetsRetry, retryPending, syncWithRetry } from './sheets-retry';

let fake: FakeSheets | undefined;
afterEach(() => {
  cancelSheetsRetry();
  fake?.stop();
});

test('a failed sync retries by itself in the background and then succeeds', async () => {
  const db = await freshDb();
  const w = await makeWorld(db);
  fake = startFakeSheets();
  const target = sheetsTarget(testEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: SERVICE_ACCOUNT_JSON, GOOGLE_SHEETS_SPREADSHEET_ID: SPREADSHEET_ID, GOOGLE_SHEETS_ROOT_URL: fake.rootUrl }));
  fake.setMode('fail');
  await expect(syncWithRetry(db, target, w.admin.id, [50, 50])).rejects.toThrow('Google Sheets did not answer');
  expect(retryPending()).toBe(true);
  fake.setMode('ok');
  for (let i = 0; i < 100 && retryPending(); i++) await Bun.sleep(20);
  await Bun.sleep(300);
  const runs = await db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt));
  expect(runs.map((r) => r.status)).toEqual(['success', 'error']);
  expect(retryPending()).toBe(false);
});

test('no configuration: nothing to retry', async () => {
  const db = await freshDb();
  await expect(syncWithRetry(db, null, null, [10])).rejects.toThrow('Google Sheets is not configured');
  expect(retryPending()).toBe(false);
});
