import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from './client';

/**
 * The embedded-replica option reaches libSQL's replication: createDb({ url: file:…, syncUrl, authToken }) asks
 * the primary at DATABASE_SYNC_URL for its info with the token, then starts the replication handshake. No libSQL
 * server can be had here (docs/deploy.md), so the primary is a stand-in in another process (the driver's first
 * sync blocks this thread, so it could not answer from this one) that refuses the handshake: the start fails
 * with libSQL's error instead of serving an empty copy.
 */
const stub = `
const srv = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch(req) {
  console.log('REQ ' + req.method + ' ' + new URL(req.url).pathname + ' ' + req.headers.get('authorization'));
  if (req.method === 'POST') return new Response(null, { status: 200, headers: { 'content-type': 'application/grpc-web+proto', 'grpc-status': '16' } });
  return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
} });
console.log('PORT ' + srv.port);
`;
const primary = Bun.spawn([process.execPath, '-e', stub], { stdout: 'pipe', stderr: 'inherit' });
afterAll(() => primary.kill());

test('a replica syncs from DATABASE_SYNC_URL with the token, and a primary that refuses stops the start', async () => {
  const reader = primary.stdout.getReader();
  let out = '';
  while (!/PORT (\d+)/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
  const port = /PORT (\d+)/.exec(out)![1];
  const file = join(mkdtempSync(join(tmpdir(), 'kwt-replica-')), 'replica.db');
  await expect(createDb({ url: `file:${file}`, syncUrl: `http://127.0.0.1:${port}`, authToken: 'replica-token', syncInterval: 5 })).rejects.toThrow(/PrimaryHandshake|handshake|sync/i);
  primary.kill();
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    out += new TextDecoder().decode(r.value);
  }
  const requests = out.split('\n').filter((l) => l.startsWith('REQ '));
  expect(requests[0]).toBe('REQ GET /info Bearer replica-token');
  expect(requests.slice(1).every((l) => l.startsWith('REQ POST /wal_log.ReplicationLog/Hello'))).toBe(true);
  expect(requests.length).toBeGreaterThan(1);
}, 20_000);
