import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from './client';

const dir = mkdtempSync(join(tmpdir(), 'kwt-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createDb on an embedded file', () => {
  test('every pooled connection has synchronous = NORMAL, foreign keys and the busy timeout, not only the first', async () => {
    const db = await createDb({ url: `file:${join(dir, 'pool.db')}` });
    const client = db.$client;
    // Hold connections with open transactions, so each read below is answered by another connection.
    const held = [await client.transaction('read'), await client.transaction('read')];
    const settings = async (run: (sql: string) => Promise<{ rows: ArrayLike<unknown>[] }>) => [
      Number((await run('PRAGMA synchronous')).rows[0]![0]),
      Number((await run('PRAGMA foreign_keys')).rows[0]![0]),
      Number((await run('PRAGMA busy_timeout')).rows[0]![0]),
    ];
    for (const tx of held) expect(await settings((sql) => tx.execute(sql))).toEqual([1, 1, 5000]);
    expect(await settings((sql) => client.execute(sql))).toEqual([1, 1, 5000]);
    for (const tx of held) await tx.rollback();
    client.close();
  });
});
