import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';

/**
 * The real server started as production on an empty database (outside Docker, whose image also sets
 * SEED_DEMO=false): no demo account may appear, and asking for the demo is refused at start.
 */
const ROOT = join(import.meta.dir, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kwt-prod-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the server until its output matches `waitFor` (or, without one, until it exits by itself). */
async function start(env: Record<string, string>, dbFile: string, waitFor?: RegExp) {
  const child = Bun.spawn([process.execPath, 'src/server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: 'true', DATABASE_URL: `file:${dbFile}`, CAPTURES_DIR: join(dir, 'captures'), LOG_LEVEL: 'info', SEED_DEMO: '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let text = '';
  const read = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) text += new TextDecoder().decode(chunk);
  };
  const reading = Promise.all([read(child.stdout), read(child.stderr)]);
  const deadline = Date.now() + 30_000;
  while (!waitFor?.test(text) && child.exitCode === null && Date.now() < deadline) await Bun.sleep(50);
  const exited = child.exitCode;
  child.kill();
  await child.exited;
  await reading;
  return { text, exited };
}

test('NODE_ENV=production on an empty database starts without creating the demo accounts', async () => {
  const file = join(dir, 'prod.db');
  const { text, exited } = await start({ NODE_ENV: 'production' }, file, /KWT Delivery listening on/);
  expect(exited).toBeNull();
  expect(text).not.toContain('Seeded demo data');
  const db = createClient({ url: `file:${file}` });
  const users = await db.execute('select count(*) as n from users');
  db.close();
  expect(Number(users.rows[0]!.n)).toBe(0);
}, 40_000);

test('NODE_ENV=production with SEED_DEMO=true is refused at start, naming the setting', async () => {
  const { text, exited } = await start({ NODE_ENV: 'production', SEED_DEMO: 'true' }, join(dir, 'refused.db'));
  expect(text).toContain('SEED_DEMO: must not be true in production');
  expect(exited).not.toBeNull();
  expect(exited).not.toBe(0);
}, 40_000);
