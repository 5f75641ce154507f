import { expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { companies } from '../db/schema';
import { missingMigrations } from '../src/server/http/health';
import { freshDbFile } from '../test/db';
import { makeCompany } from '../test/factories';
import { defaultBackupPath, embeddedPath } from './db-backup';

const ROOT = join(import.meta.dir, '..');

function runBackup(env: Record<string, string>, args: string[] = []) {
  const r = Bun.spawnSync([process.execPath, join(ROOT, 'scripts/db-backup.ts'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

test('an online backup while writes go on restores into a working database with the data', async () => {
  const file = await freshDbFile();
  const db = await createDb({ url: `file:${file}` });
  for (let i = 0; i < 40; i++) await makeCompany(db, { name: `Before ${i}` });

  // A writer that keeps committing while the backup runs (another process's view of the same file).
  let writing = true;
  let during = 0;
  const writer = (async () => {
    while (writing && during < 2000) {
      await makeCompany(db, { name: `During ${during}` });
      during++;
      // A real macrotask gap: the embedded driver can resolve without one, which would starve the event loop.
      await Bun.sleep(1);
    }
  })();
  await Bun.sleep(20);
  const out = join(mkdtempSync(join(tmpdir(), 'kwt-backup-')), 'nested', 'backup.db');
  const r = Bun.spawn([process.execPath, join(ROOT, 'scripts/db-backup.ts'), '--out', out], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${file}` }, stdout: 'pipe', stderr: 'pipe' });
  const [code, stdout, stderr] = await Promise.all([r.exited, new Response(r.stdout).text(), new Response(r.stderr).text()]);
  const duringBackup = during;
  await Bun.sleep(20);
  writing = false;
  await writer;
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Backup written: .*backup\.db \(\d+\.\d MB, \d+ tables, integrity ok, \d+ ms\)\n$/);
  expect(duringBackup).toBeGreaterThan(0);
  expect(existsSync(`${out}-wal`)).toBe(false);

  // Restore: the copy goes into place as the database file of a stopped server, which then starts on it.
  const restored = join(mkdtempSync(join(tmpdir(), 'kwt-restore-')), 'kwt-delivery.db');
  copyFileSync(out, restored);
  const back = await createDb({ url: `file:${restored}` });
  await applyMigrations(back);
  expect(await missingMigrations(back)).toEqual([]);
  const names = new Set((await back.select({ name: companies.name }).from(companies)).map((c) => c.name));
  for (let i = 0; i < 40; i++) expect(names.has(`Before ${i}`)).toBe(true);
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(companies);
  expect(names.size).toBeGreaterThanOrEqual(40);
  expect(names.size).toBeLessThanOrEqual(total);
  // A consistent snapshot: the "During" rows it has are a prefix of the ones written (no gap).
  const kept = [...names].filter((n) => n.startsWith('During ')).map((n) => Number(n.slice(7)));
  expect(kept.length === 0 || Math.max(...kept) === kept.length - 1).toBe(true);
  expect(String((await back.$client.execute('PRAGMA integrity_check')).rows[0]?.[0])).toBe('ok');
  // The restored database takes writes.
  await makeCompany(back, { name: 'After restore' });
  back.$client.close();
  db.$client.close();
});

test('an existing --out is refused; a libsql:// database is sent to Turso point-in-time restore', async () => {
  const file = await freshDbFile();
  const taken = runBackup({ DATABASE_URL: `file:${file}` }, ['--out', file]);
  expect(taken.code).toBe(1);
  expect(taken.err).toContain(`Backup failed: ${file} already exists: choose another --out`);

  const remote = runBackup({ DATABASE_URL: 'libsql://kwt-delivery-acme.turso.io', DATABASE_AUTH_TOKEN: 'token-value' });
  expect(remote.code).toBe(2);
  expect(remote.err).toContain('DATABASE_URL points at a libSQL server');
  expect(remote.err).toContain('turso db create <new-name> --from-db <database> --timestamp');
  expect(remote.err).not.toContain('token-value');
});

test('paths: the default backup goes to backups/ beside the database with a UTC stamp', () => {
  expect(embeddedPath('file:/data/kwt-delivery.db')).toBe('/data/kwt-delivery.db');
  expect(embeddedPath('file::memory:')).toBeNull();
  expect(embeddedPath('libsql://x.turso.io')).toBeNull();
  expect(defaultBackupPath('/data/kwt-delivery.db', new Date('2026-11-22T13:05:09.123Z'))).toBe('/data/backups/kwt-delivery-20261122T130509Z.db');
});
