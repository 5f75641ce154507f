import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { freshDb } from '../db';
import { makeCompany } from '../factories';
import { dbState, expectNoWrite } from './harness';

/** The fuzz oracle "a refused input wrote nothing" must see a write that leaves every row count as it was. */
let db: Db;
beforeAll(async () => {
  db = await freshDb();
  await makeCompany(db);
});
afterAll(() => db.$client.close());

const fails = async (check: Promise<void>) => {
  let failed = false;
  await check.catch(() => (failed = true));
  return failed;
};

test('an UPDATE between the readings fails the oracle, though no count moved', async () => {
  const before = await dbState(db);
  await db.run(sql`UPDATE companies SET name = 'changed by a refused call'`);
  expect(await fails(expectNoWrite(db, before))).toBe(true);
});

test('a write that changes nothing (UPDATE … WHERE 0) is a write too; reads are not', async () => {
  let before = await dbState(db);
  await db.run(sql`SELECT count(*) FROM companies`);
  await db.$client.execute('SELECT 1');
  expect(await fails(expectNoWrite(db, before))).toBe(false);
  before = await dbState(db);
  await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE companies SET name = name WHERE 0`);
  });
  expect(await fails(expectNoWrite(db, before))).toBe(true);
});
