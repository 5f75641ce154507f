import { afterAll, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createDb } from '../../db/client';
import { freshDbFile } from '../../test/db';
import { makeCompany, makeRider, TEST_PASSWORD } from '../../test/factories';

/**
 * The real server (bun src/server/index.ts) stopped with SIGTERM while requests are in flight: a ping whose
 * body is still arriving and a burst of pings. The slow one completes, new connections are refused, the
 * process exits 0, and every ping the server acknowledged is in the database exactly once.
 */
const ROOT = join(import.meta.dir, '../..');
let child: ReturnType<typeof Bun.spawn> | undefined;
afterAll(() => child?.kill('SIGKILL'));

/** Collects a stream's text as it comes; `until` waits for a pattern in it. */
function collect(stream: ReadableStream<Uint8Array>) {
  const seen = { text: '' };
  const decoder = new TextDecoder();
  let wake: (() => void) | undefined;
  const done = (async () => {
    for await (const chunk of stream) {
      seen.text += decoder.decode(chunk);
      wake?.();
    }
    wake?.();
  })();
  let ended = false;
  void done.then(() => (ended = true));
  return {
    seen,
    done,
    async until(pattern: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const m = pattern.exec(seen.text);
        if (m) return m;
        if (ended) throw new Error(`server output ended before ${pattern}:\n${seen.text}`);
        await new Promise<void>((r) => (wake = r));
      }
    },
  };
}

/** Sends the request line, headers and the first part of the body now; `finish` sends the rest and resolves to the raw answer. */
function slowPost(port: number, path: string, cookie: string, body: string, split: number) {
  const sock = connect(port, '127.0.0.1');
  let answer = '';
  const closed = new Promise<string>((resolve) => {
    sock.on('data', (d) => (answer += d));
    sock.on('close', () => resolve(answer));
    sock.on('error', () => resolve(answer));
  });
  const opened = new Promise<void>((resolve) => sock.on('connect', () => resolve()));
  return opened.then(() => {
    sock.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, split)}`);
    return {
      finish: () => {
        sock.write(body.slice(split));
        return closed;
      },
    };
  });
}

test('SIGTERM drains requests in flight, loses no acknowledged ping and exits 0', async () => {
  const file = await freshDbFile();
  const setup = await createDb({ url: `file:${file}` });
  const { rider, user } = await makeRider(setup, await makeCompany(setup));
  setup.$client.close();

  child = Bun.spawn([process.execPath, join(ROOT, 'src/server/index.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${file}`, PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: 'true', SEED_DEMO: 'false', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '10000' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = collect(child.stdout as ReadableStream<Uint8Array>);
  const err = collect(child.stderr as ReadableStream<Uint8Array>);
  const port = Number((await out.until(/"msg":"KWT Delivery listening[^\n]*"port":(\d+)/))[1]);
  const base = `http://127.0.0.1:${port}`;

  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user!.email, password: TEST_PASSWORD }) });
  expect(login.status).toBe(200);
  const cookie = /kwt_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const path = `/api/riders/${rider.id}/location`;
  // Ten minutes before the server's clock (its Date header), not this process's: the child may not share our clock.
  const t0 = Date.parse(login.headers.get('date')!) - 600_000;

  // In flight when the signal comes: a ping whose body is half sent...
  const slowBody = JSON.stringify({ lat: 29.3759, lng: 47.9774, recordedAt: t0 });
  const slow = await slowPost(port, path, cookie, slowBody, 10);
  // ...and a burst of pings, some of which will be refused at the door.
  const burst = Array.from({ length: 150 }, (_, i) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ lat: 29.3, lng: 47.9, recordedAt: t0 + 1 + i }) }).then(
      async (r) => ({ i, status: r.status, body: await r.text() }),
      () => ({ i, status: 0, body: '' }),
    ),
  );
  await Bun.sleep(5);
  child.kill('SIGTERM');
  await Bun.sleep(300);

  // The listener is closed: a new connection is refused...
  const late = await fetch(`${base}/healthz`).then(
    (r) => r.status,
    (e: Error) => e.message,
  );
  expect(String(late)).toMatch(/Unable to connect|ECONNREFUSED|refused/i);
  // ...while the slow request, already accepted, completes.
  const slowAnswer = await slow.finish();
  expect(slowAnswer).toStartWith('HTTP/1.1 200');
  expect(slowAnswer).toContain(`"recordedAt":"${new Date(t0).toISOString()}"`);

  const results = await Promise.all(burst);
  const acked = results.filter((r) => r.status === 200);
  for (const r of results) expect([0, 200]).toContain(r.status);
  expect(acked.length).toBeGreaterThan(0);
  expect(await child.exited).toBe(0);
  await Promise.all([out.done, err.done]);
  const stdout = out.seen.text;
  expect(stdout).toContain('"msg":"shutting down","signal":"SIGTERM"');
  expect(stdout).toContain('"msg":"stopped","signal":"SIGTERM"');
  expect(err.seen.text).toBe('');

  // Every acknowledged ping is stored once (in location_pings, or in the surge inbox a later start moves on).
  const db = await createDb({ url: `file:${file}` });
  const stored = await db.$client.execute({
    sql: `SELECT recorded_at AS t, COUNT(*) AS n FROM (SELECT recorded_at FROM location_pings WHERE rider_id = ? UNION ALL SELECT recorded_at FROM ping_inbox WHERE rider_id = ?) GROUP BY recorded_at`,
    args: [rider.id, rider.id],
  });
  const count = new Map(stored.rows.map((r) => [Number(r.t), Number(r.n)]));
  expect(count.get(t0)).toBe(1);
  for (const r of acked) expect(count.get(t0 + 1 + r.i)).toBe(1);
  for (const n of count.values()) expect(n).toBe(1);
  db.$client.close();
}, 30_000);
