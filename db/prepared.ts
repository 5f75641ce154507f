import type { Client, InValue } from '@libsql/client';
import Database from 'libsql';

/**
 * Reads on the per-request hot path (the session lookup) through statements prepared once.
 *
 * The libSQL client prepares every statement on every call, and reads the column list twice: for a
 * small indexed lookup that is most of its cost (about 100 µs of a 110 µs lookup here; a kept
 * statement answers in about 10 µs). For an embedded file this keeps one more connection of the same
 * libSQL library, read only by these statements, each reset after its rows are read (so it holds no
 * snapshot and sees every commit, as the client's pooled connections do). Other databases
 * (libsql://, :memory:) go through the client as before. Only for reads outside a transaction.
 */
interface Kept {
  conn: Database.Database;
  statements: Map<string, Database.Statement<unknown[]>>;
}

/** Page cache of the kept connection, in KiB. */
const KEPT_CACHE_KB = 16_384;

const files = new WeakMap<Client, string>();
const kept = new WeakMap<Client, Kept>();

/** createDb registers its embedded database file here. */
export function registerFile(client: Client, path: string): void {
  files.set(client, path);
  const close = client.close.bind(client);
  client.close = () => {
    const k = kept.get(client);
    kept.delete(client);
    if (k?.conn.open) k.conn.close();
    close();
  };
}

function statementFor(client: Client, path: string, sql: string) {
  let k = kept.get(client);
  if (!k) {
    const conn = new Database(path, { timeout: 5000 });
    // The lookups' pages (sessions, users, riders: about 13 MB for 20,000 riders) stay cached; 2 MB by default.
    conn.exec(`PRAGMA cache_size = -${KEPT_CACHE_KB}`);
    kept.set(client, (k = { conn, statements: new Map() }));
  }
  let statement = k.statements.get(sql);
  if (!statement) {
    statement = k.conn.prepare(sql).raw(true);
    k.statements.set(sql, statement);
  }
  return statement;
}

const asArray = (row: unknown) => Array.from(row as ArrayLike<unknown>, (v) => (typeof v === 'bigint' ? Number(v) : v));

/** The rows of a read, each as an array of column values in SELECT order (integers as numbers). */
export async function readRows(client: Client, sql: string, args: InValue[]): Promise<unknown[][]> {
  const path = files.get(client);
  if (!path) return (await client.execute({ sql, args })).rows.map(asArray);
  return statementFor(client, path, sql).all(...args) as unknown[][];
}

/** The first row of a read (as readRows), or undefined: a single-row lookup, cheaper than readRows. */
export async function readRow(client: Client, sql: string, args: InValue[]): Promise<unknown[] | undefined> {
  const path = files.get(client);
  if (!path) {
    const [row] = (await client.execute({ sql, args })).rows;
    return row && asArray(row);
  }
  return (statementFor(client, path, sql).get(...args) as unknown[] | undefined) ?? undefined;
}
