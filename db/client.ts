import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { serializeWrites } from './serialize';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DbConfig {
  url: string;
  authToken?: string;
}

/** An embedded file (file:...) or a libSQL/Turso server (libsql://...), with no code change. */
export async function createDb({ url, authToken }: DbConfig): Promise<Db> {
  const isFile = url.startsWith('file:');
  if (isFile) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  // `timeout` is the busy timeout of every pooled connection (a transaction takes its own connection).
  const client = createClient({ url, authToken, ...(isFile ? { timeout: 5000 } : {}) });
  if (isFile) {
    // WAL + busy timeout: readers never block the writer and concurrent writers wait, not fail.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema }) as Db;
  // One writer at a time in this process: the embedded driver's busy wait would block the event loop (db/serialize.ts).
  return isFile ? serializeWrites(db) : db;
}
