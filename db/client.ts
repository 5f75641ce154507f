import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpointer';
import { registerFile } from './prepared';
import { serializeWrites } from './serialize';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DbConfig {
  url: string;
  authToken?: string;
  /** An embedded file only: WAL checkpoints in a worker thread, not in commits (db/checkpointer.ts). For the server. */
  backgroundCheckpoints?: boolean;
  /**
   * An embedded replica: `url` is the local file: copy, this the libSQL/Turso primary (authenticated with
   * `authToken`). Reads are answered from the copy, writes go to the primary; the copy pulls every `syncInterval` s.
   */
  syncUrl?: string;
  syncInterval?: number;
}

/**
 * Connections in an embedded database's pool: one for the writer's open transaction (db/serialize.ts lets one
 * at a time), the others for reads beside it. Each holds its own page cache (up to 2 MB), so not the client's 20.
 */
const FILE_POOL = 4;

/** An embedded file (file:...) or a libSQL/Turso server (libsql://...), with no code change. */
export async function createDb({ url, authToken, backgroundCheckpoints = false, syncUrl, syncInterval }: DbConfig): Promise<Db> {
  if (syncUrl) return createReplica({ url, authToken, syncUrl, syncInterval });
  const isFile = url.startsWith('file:');
  if (isFile) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  // `timeout` is the busy timeout of every pooled connection (a transaction takes its own connection).
  const client = createClient({ url, authToken, ...(isFile ? { timeout: 5000, concurrency: FILE_POOL } : {}) });
  if (isFile) {
    const path = url.slice('file:'.length);
    const onDisk = path && path !== ':memory:' && !path.includes('?') ? path : null;
    // Hot-path reads keep their prepared statements on a connection of their own (db/prepared.ts).
    if (onDisk) registerFile(client, onDisk);
    // WAL + busy timeout: readers never block the writer and concurrent writers wait, not fail.
    await client.execute('PRAGMA journal_mode = WAL');
    // busy_timeout, synchronous and foreign_keys belong to a connection, not to the file. Borrowing every pooled
    // connection at once opens each now, and each gets them; set on one connection only, a transaction that
    // happened to run on another committed with synchronous = FULL (an fsync per commit).
    const background = backgroundCheckpoints && onDisk !== null;
    const perConnection = `PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;${background ? ` PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES};` : ''}`;
    await Promise.all(Array.from({ length: FILE_POOL }, () => client.executeMultiple(perConnection)));
    if (background) {
      const checkpointer = startCheckpointer(onDisk);
      const close = client.close.bind(client);
      client.close = () => {
        checkpointer.stop();
        close();
      };
    }
  } else {
    await client.execute('PRAGMA foreign_keys = ON');
  }
  const db = drizzle(client, { schema }) as Db;
  // One writer at a time in this process: the embedded driver's busy wait would block the event loop (db/serialize.ts).
  // A server's writes are only counted (for the session cache).
  return serializeWrites(db, { queue: isFile });
}

/**
 * An embedded replica (docs/deploy.md): one connection to the local copy, which libSQL keeps in step with the
 * primary. Its file belongs to libSQL's replication (no WAL pragmas, checkpointer or second connection of ours);
 * writes are the primary's, so they are only counted here, as with a remote database. The first sync runs now,
 * so the process starts on current data.
 */
async function createReplica({ url, authToken, syncUrl, syncInterval }: DbConfig & { syncUrl: string }): Promise<Db> {
  const path = url.slice('file:'.length);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const client = createClient({ url, authToken, syncUrl, syncInterval, readYourWrites: true });
  await client.sync();
  await client.execute('PRAGMA foreign_keys = ON');
  return serializeWrites(drizzle(client, { schema }) as Db, { queue: false });
}

/**
 * Whether a failed call met a database handle already closed (a stopping server, the end of a test file): libSQL says
 * CLIENT_CLOSED, or drizzle wraps it ("Failed query", its cause "Client is closed"). Background work then stops quietly.
 */
export function isClientClosed(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === 'CLIENT_CLOSED' || /client (is|was manually) closed/i.test(e.message ?? '')) return true;
  }
  return false;
}
