import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../db/client';
import { applyMigrations } from '../db/migrate';

/**
 * One migrated template database per test process; every test file copies it,
 * so migrations run once and each file starts from an empty, migrated schema.
 */
let dir: string | undefined;
let template: Promise<string> | undefined;
let counter = 0;

function workDir(): string {
  dir ??= mkdtempSync(join(tmpdir(), 'kwt-test-'));
  return dir;
}

/** Called once after the whole run by test/setup.ts (bun test fires no 'exit' event). */
export function removeTestDbs(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  template = undefined;
}

async function buildTemplate(): Promise<string> {
  const path = join(workDir(), 'template.db');
  const db = await createDb({ url: `file:${path}` });
  await applyMigrations(db);
  // The working rules' time-of-day pauses (issue 9: summer midday bans, iftar) would make any test that
  // assigns an order to a motorcycle rider depend on the wall clock; tests of the rules switch them on.
  await db.$client.execute('UPDATE region_rules SET summer_motorcycle_ban = 0, summer_midday_break = 0, iftar_pause = 0');
  // Fold the WAL into the main file so a plain file copy carries the whole schema.
  // (The file stays in WAL mode: leaving it needs the only connection, and createDb keeps a pool open. A copy of
  // the checkpointed file is complete without its -wal, and createDb opens every copy in WAL mode anyway.)
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return path;
}

export function templatePath(): Promise<string> {
  template ??= buildTemplate();
  return template;
}

/** A fresh, migrated, empty database in its own file. */
export async function freshDb(): Promise<Db> {
  return createDb({ url: `file:${await freshDbFile()}` });
}

/** The file of a fresh, migrated, empty database, for tests that open it more than once (two processes). */
export async function freshDbFile(): Promise<string> {
  const source = await templatePath();
  const sub = join(workDir(), `db-${++counter}`);
  mkdirSync(sub, { recursive: true });
  const path = join(sub, 'test.db');
  copyFileSync(source, path);
  return path;
}
