import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKSTOP_PAGES } from './checkpointer';
import { createDb } from './client';

const dir = mkdtempSync(join(tmpdir(), 'kwt-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('background WAL checkpoints', () => {
  test('the worker copies committed pages into the database file; commits no longer checkpoint below the backstop', async () => {
    const file = join(dir, 'bg.db');
    const db = await createDb({ url: `file:${file}`, backgroundCheckpoints: true });
    const c = db.$client;
    expect(Number((await c.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(BACKSTOP_PAGES);
    await c.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const before = statSync(file).size;
    // About 2 MB: 500 pages, below the backstop, so only the worker can have moved them into the file.
    await c.execute({ sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t (body) SELECT hex(randomblob(500)) FROM n", args: [] });
    let grown = false;
    for (let i = 0; i < 40 && !grown; i++) {
      await Bun.sleep(50);
      grown = statSync(file).size > before + 1_000_000;
    }
    expect(grown).toBe(true);
    c.close();
  });

  test('without the option, nothing changes: SQLite checkpoints in commits at 1,000 pages', async () => {
    const db = await createDb({ url: `file:${join(dir, 'fg.db')}` });
    expect(Number((await db.$client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(1000);
    db.$client.close();
  });
});
