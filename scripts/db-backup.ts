/**
 * `bun run db:backup [--out file]`: a consistent copy of the embedded database while the server runs.
 * SQLite's `VACUUM INTO` reads one snapshot (a read transaction: in WAL mode writers carry on) and writes it
 * as a new, compacted, self-contained file (no -wal beside it). The copy is then opened and checked
 * (`PRAGMA integrity_check`). Restore: docs/operations.md. A libSQL server or Turso database (libsql://,
 * http(s)://, ws(s)://) has no file here to copy: the command says to use Turso's point-in-time restore.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { loadEnv } from '../src/server/env';

export interface BackupResult {
  out: string;
  bytes: number;
  tables: number;
  ms: number;
}

/** The file of a file: URL, or null for a server. */
export function embeddedPath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  const path = url.slice('file:'.length).split('?')[0]!;
  return path && path !== ':memory:' ? path : null;
}

/** `<dir>/backups/<name>-<UTC time>.db` beside the database. */
export function defaultBackupPath(dbPath: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return join(dirname(dbPath), 'backups', `${basename(dbPath).replace(/\.db$/, '')}-${stamp}.db`);
}

export async function backupDatabase(dbPath: string, out: string): Promise<BackupResult> {
  const started = performance.now();
  if (!existsSync(dbPath)) throw new Error(`No database at ${dbPath}`);
  const target = resolve(out);
  if (existsSync(target)) throw new Error(`${target} already exists: choose another --out`);
  mkdirSync(dirname(target), { recursive: true });
  const source = createClient({ url: `file:${dbPath}` });
  try {
    await source.execute('PRAGMA busy_timeout = 10000');
    await source.execute({ sql: 'VACUUM INTO ?', args: [target] });
  } finally {
    source.close();
  }
  const copy = createClient({ url: `file:${target}` });
  try {
    const check = await copy.execute('PRAGMA integrity_check');
    const verdict = String(check.rows[0]?.[0]);
    if (verdict !== 'ok') throw new Error(`The backup at ${target} failed its integrity check: ${verdict}`);
    const tables = await copy.execute("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'");
    return { out: target, bytes: statSync(target).size, tables: Number(tables.rows[0]!.n), ms: Math.round(performance.now() - started) };
  } finally {
    copy.close();
  }
}

export const REMOTE_MESSAGE =
  'DATABASE_URL points at a libSQL server, not a file on this machine: there is nothing here to copy. ' +
  'Turso keeps point-in-time backups of every database: restore one into a new database with\n' +
  '  turso db create <new-name> --from-db <database> --timestamp <UTC time, e.g. 2026-11-22T10:00:00Z>\n' +
  'then point DATABASE_URL (and a new DATABASE_AUTH_TOKEN) at it. See docs/operations.md.';

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Usage: bun run db:backup [--out file]   (default: backups/ beside the database)');
    process.exit(0);
  }
  const env = loadEnv();
  const path = embeddedPath(env.DATABASE_URL);
  if (!path) {
    console.error(REMOTE_MESSAGE);
    process.exit(2);
  }
  try {
    const r = await backupDatabase(path, values.out ?? defaultBackupPath(path));
    console.log(`Backup written: ${r.out} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${r.tables} tables, integrity ok, ${r.ms} ms)`);
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
