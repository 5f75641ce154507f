import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../db/client';
import { applyMigrations } from '../db/migrate';

/**
 * A migrated database behind the libSQL remote protocol (Hrana v2 over HTTP): test/fake-libsql-server.ts in
 * another process, on a fresh SQLite file. `stop()` closes the client and the server.
 */
export async function startRemoteDb(token = 'remote-test-token') {
  const file = join(mkdtempSync(join(tmpdir(), 'kwt-remote-')), 'primary.db');
  const server = Bun.spawn([process.execPath, join(import.meta.dir, 'fake-libsql-server.ts'), file, token], { stdout: 'pipe', stderr: 'inherit' });
  const reader = (server.stdout as ReadableStream<Uint8Array>).getReader();
  let out = '';
  while (!/PORT (\d+)/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
  const url = `http://127.0.0.1:${/PORT (\d+)/.exec(out)![1]}`;
  const db: Db = await createDb({ url, authToken: token });
  await applyMigrations(db);
  return {
    db,
    url,
    stop: () => {
      db.$client.close();
      server.kill();
    },
  };
}
