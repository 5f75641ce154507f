import { expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from './client';

/** db/serialize.ts: in one process, concurrent writers queue instead of blocking the event loop into SQLITE_BUSY. */
test('transactions that await between statements, and plain writes meanwhile, all succeed in order and quickly', async () => {
  const db = await createDb({ url: `file:${join(mkdtempSync(join(tmpdir(), 'kwt-serialize-')), 'x.db')}` });
  await db.run(sql`create table t (n integer)`);
  const started = Date.now();
  const tx = (n: number) =>
    db.transaction(async (t) => {
      await t.run(sql`insert into t values (${n})`);
      await new Promise((r) => setTimeout(r, 20));
      await t.run(sql`insert into t values (${n})`);
    });
  const results = await Promise.allSettled([tx(1), tx(2), db.run(sql`insert into t values (9)`), tx(3), db.all(sql`select count(*) from t`)]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  expect(Date.now() - started).toBeLessThan(2_000);
  const rows = await db.all<{ n: number }>(sql`select n from t order by rowid`);
  // Each transaction's two rows stay together: nothing ran inside another's turn.
  expect(rows.map((r) => r.n).join('')).toMatch(/^(?=.*11)(?=.*22)(?=.*33)[1239]{7}$/);
  db.$client.close();
});

test('work started inside a transaction that outlives it queues like any writer; afterWrites runs after the commit', async () => {
  const { afterWrites } = await import('./serialize');
  const db = await createDb({ url: `file:${join(mkdtempSync(join(tmpdir(), 'kwt-serialize-')), 'x.db')}` });
  await db.run(sql`create table t (n integer)`);
  let leaked: Promise<unknown> | null = null;
  const seenAfterCommit: number[] = [];
  let release!: () => void;
  const afterRan = new Promise<void>((r) => (release = r));
  await db.transaction(async (t) => {
    await t.run(sql`insert into t values (1)`);
    // A timer started inside the turn inherits its async context, but runs after the turn ended.
    leaked = new Promise((resolve) => setTimeout(() => resolve(db.run(sql`insert into t values (2)`)), 30));
    afterWrites(() => {
      void db.all<{ c: number }>(sql`select count(*) as c from t`).then((r) => {
        seenAfterCommit.push(Number(r[0]!.c));
        release();
      });
    });
  });
  await afterRan;
  expect(seenAfterCommit).toEqual([1]); // the transaction's row was committed when the callback ran
  const started = Date.now();
  // Another writer holds the turn while the leaked write arrives: it must wait its turn, not block the loop into SQLITE_BUSY.
  const other = db.transaction(async (t) => {
    await t.run(sql`insert into t values (3)`);
    await new Promise((r) => setTimeout(r, 60));
    await t.run(sql`insert into t values (3)`);
  });
  await Promise.all([other, leaked]);
  expect(Date.now() - started).toBeLessThan(2_000);
  const rows = await db.all<{ n: number }>(sql`select n from t order by rowid`);
  expect(rows.map((r) => r.n).sort().join('')).toBe('1233');
  db.$client.close();
});
