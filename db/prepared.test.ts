import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb } from './client';
import { readRow, readRows } from './prepared';

const dir = mkdtempSync(join(tmpdir(), 'kwt-prepared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readRows: hot-path reads through kept statements', () => {
  test('an embedded file: rows as arrays, every commit seen at once, closed with the client', async () => {
    const db = await createDb({ url: `file:${join(dir, 'a.db')}` });
    await db.$client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, at INTEGER)');
    const read = () => readRows(db.$client, 'SELECT name, at FROM t WHERE id = ?', [1]);
    expect(await read()).toEqual([]);
    await db.$client.execute({ sql: 'INSERT INTO t VALUES (1, ?, ?)', args: ['one', 1_790_000_000_000] });
    expect(await read()).toEqual([['one', 1_790_000_000_000]]);
    await db.transaction(async (tx) => {
      await tx.run(sql`UPDATE t SET name = 'uno' WHERE id = 1`);
    });
    expect(await read()).toEqual([['uno', 1_790_000_000_000]]);
    expect(await readRow(db.$client, 'SELECT name FROM t WHERE id = ?', [1])).toEqual(['uno']);
    expect(await readRow(db.$client, 'SELECT name FROM t WHERE id = ?', [2])).toBeUndefined();
    db.$client.close();
    expect(db.$client.closed).toBe(true);
  });

  test('an in-memory database goes through the client, with the same row shape', async () => {
    const db = await createDb({ url: 'file::memory:' });
    await db.$client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    await db.$client.execute("INSERT INTO t VALUES (7, 'seven')");
    expect(await readRows(db.$client, 'SELECT id, name FROM t WHERE id = ?', [7])).toEqual([[7, 'seven']]);
    expect(await readRow(db.$client, 'SELECT id, name FROM t WHERE id = ?', [7])).toEqual([7, 'seven']);
    expect(await readRow(db.$client, 'SELECT id, name FROM t WHERE id = ?', [8])).toBeUndefined();
    db.$client.close();
  });
});
