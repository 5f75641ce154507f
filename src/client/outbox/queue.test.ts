import { describe, expect, test } from 'bun:test';
import { memoryStore } from './memory-store';
import { createOutbox, serverMessage, verdict } from './queue';
import type { OutboxEntry } from './types';

interface Call {
  url: string;
  key: string;
  body: unknown;
}

/** A fake server: answers from a script per call, records every request. */
function fakeServer() {
  const calls: Call[] = [];
  let script: ((call: Call) => Response | 'network') | null = null;
  const fetch = async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call = { url, key: headers['Idempotency-Key']!, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = script ? script(call) : Response.json({ success: true });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { calls, fetch, answer: (fn: typeof script) => (script = fn) };
}

function setup() {
  const store = memoryStore();
  const server = fakeServer();
  let n = 0;
  const dropped: string[] = [];
  const unauthorized: OutboxEntry[] = [];
  let clock = 1_000;
  const outbox = createOutbox({
    store,
    fetch: server.fetch,
    newKey: () => `key-${String(++n).padStart(4, '0')}`,
    now: () => clock++,
    onDropped: (_e, message) => dropped.push(message),
    onUnauthorized: (e) => unauthorized.push(e),
  });
  return { store, server, outbox, dropped, unauthorized };
}

const post = (url: string, body: Record<string, unknown> = {}) => ({ method: 'POST' as const, url, body });

describe('snapshots', () => {
  test('a refresh that changes nothing keeps the snapshot and tells no one; a new entry or a try does', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('rider-1');
    let notices = 0;
    outbox.subscribe(() => notices++);
    const empty = outbox.getSnapshot();
    await outbox.setOwner('rider-1');
    await outbox.replay();
    expect(outbox.getSnapshot()).toBe(empty);
    expect(notices).toBe(0);
    server.answer(() => 'network');
    await outbox.send(post('/api/x'));
    const queued = outbox.getSnapshot();
    expect(queued.pending).toHaveLength(1);
    expect(notices).toBeGreaterThan(0);
    const before = notices;
    await outbox.setOwner('rider-1');
    expect(outbox.getSnapshot().pending).toBe(queued.pending);
    expect(notices).toBe(before);
  });
});

describe('verdicts', () => {
  test('2xx ok, 401 sign in, 408/429/5xx retry, other 4xx drop', () => {
    expect([200, 204].map(verdict)).toEqual(['ok', 'ok']);
    expect(verdict(401)).toBe('auth');
    expect([408, 429, 500, 502, 503].map(verdict)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([400, 403, 404, 409, 413].map(verdict)).toEqual(['drop', 'drop', 'drop', 'drop', 'drop']);
  });

  test('the server message, else "status: text"', () => {
    expect(serverMessage(400, 'Bad Request', { success: false, message: 'm', error: { code: 'BAD_REQUEST', message: 'The PIN does not match this order' } }, '')).toBe(
      'The PIN does not match this order',
    );
    expect(serverMessage(404, 'Not Found', null, '')).toBe('404: Not Found');
    expect(serverMessage(400, 'Bad Request', null, 'nope')).toBe('400: nope');
  });
});

describe('outbox', () => {
  test('online: each write is sent at once with its own key and removed', async () => {
    const { outbox, server, store } = setup();
    await outbox.setOwner('u1');
    const a = await outbox.send(post('/api/rider/duty/start', { startOdometerKm: 84512, at: 5 }));
    expect(a).toMatchObject({ kind: 'sent', key: 'key-0001' });
    expect(server.calls).toEqual([{ url: '/api/rider/duty/start', key: 'key-0001', body: { startOdometerKm: 84512, at: 5 } }]);
    expect(store.entries.size).toBe(0);
    expect(outbox.getSnapshot().done.map((d) => d.entry.key)).toEqual(['key-0001']);
  });

  test('offline: writes are kept in order; the replay sends them oldest first with the same keys', async () => {
    const { outbox, server, store } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    const outcomes = [
      await outbox.send(post('/api/rider/duty/break/start', { at: 10 })),
      await outbox.send(post('/api/rider/duty/break/end', { at: 20 })),
      await outbox.send(post('/api/riders/r1/cash/submit', { amount: 5 })),
    ];
    expect(outcomes.map((o) => o.kind)).toEqual(['queued', 'queued', 'queued']);
    expect(outbox.getSnapshot().pending.map((e) => e.url)).toEqual(['/api/rider/duty/break/start', '/api/rider/duty/break/end', '/api/riders/r1/cash/submit']);
    // While the head fails nothing behind it is tried: order is kept.
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set(['key-0001']));
    const head = (await store.list())[0]!;
    expect([head.attempts, head.lastError]).toEqual([3, 'Failed to fetch']);

    server.answer(() => Response.json({ success: true }));
    server.calls.length = 0;
    await outbox.replay();
    expect(server.calls.map((c) => [c.url, c.key])).toEqual([
      ['/api/rider/duty/break/start', 'key-0001'],
      ['/api/rider/duty/break/end', 'key-0002'],
      ['/api/riders/r1/cash/submit', 'key-0003'],
    ]);
    expect(outbox.getSnapshot().pending).toEqual([]);
  });

  test('5xx, 429 and 408 keep the entry; the retry reuses its key', async () => {
    const { outbox, server, store } = setup();
    await outbox.setOwner('u1');
    for (const status of [500, 503, 429, 408]) {
      server.answer(() => Response.json({ error: { message: 'busy' } }, { status }));
      await outbox.replay();
    }
    server.answer(() => Response.json({ error: { message: 'busy' } }, { status: 503 }));
    const first = await outbox.send(post('/api/performance/sync', { efficiency: 80 }));
    expect(first).toMatchObject({ kind: 'queued', error: 'busy' });
    for (const status of [500, 429, 408]) {
      server.answer(() => new Response('', { status }));
      await outbox.replay();
    }
    expect(store.entries.size).toBe(1);
    server.answer(() => Response.json({ success: true }));
    await outbox.replay();
    expect(store.entries.size).toBe(0);
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set(['key-0001']));
    expect(server.calls).toHaveLength(5);
  });

  test('a 4xx drops the entry with the server message, and the queue goes on', async () => {
    const { outbox, server, dropped } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    await outbox.send(post('/api/rider/orders/o1/status', { status: 'delivered', recipientName: 'Noura', pin: '0000' }));
    await outbox.send(post('/api/riders/r1/cash/submit', { amount: 2 }));
    server.answer((c) =>
      c.url.includes('/orders/') ? Response.json({ error: { code: 'BAD_REQUEST', message: 'The PIN does not match this order' } }, { status: 400 }) : Response.json({ success: true }),
    );
    await outbox.replay();
    expect(dropped).toEqual(['The PIN does not match this order']);
    expect(outbox.getSnapshot().pending).toEqual([]);
    expect(outbox.getSnapshot().done.map((d) => d.entry.url)).toEqual(['/api/riders/r1/cash/submit']);
  });

  test('the outcome of a refused write is told to its sender', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('u1');
    server.answer(() => Response.json({ error: { message: 'You hold 2.5 KWD; you cannot submit more than that' } }, { status: 400 }));
    expect(await outbox.send(post('/api/riders/r1/cash/submit', { amount: 9 }))).toMatchObject({
      kind: 'dropped',
      status: 400,
      message: 'You hold 2.5 KWD; you cannot submit more than that',
    });
  });

  test('401 keeps the entry and asks for sign-in; nothing behind it is sent', async () => {
    const { outbox, server, store, unauthorized } = setup();
    await outbox.setOwner('u1');
    server.answer(() => Response.json({ error: { message: 'You need to sign in' } }, { status: 401 }));
    expect((await outbox.send(post('/api/rider/duty/end', { endOdometerKm: 84600 }))).kind).toBe('unauthorized');
    expect((await outbox.send(post('/api/riders/r1/location', { lat: 1, lng: 2 }))).kind).toBe('unauthorized');
    expect(store.entries.size).toBe(2);
    expect(unauthorized.map((e) => e.key)).toEqual(['key-0001', 'key-0001']);
    expect(server.calls.every((c) => c.key === 'key-0001')).toBe(true);
  });

  test('only the signed-in owner’s entries are counted and replayed', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    await outbox.send(post('/api/rider/duty/break/start'));
    await outbox.setOwner('u2');
    expect(outbox.getSnapshot().pending).toEqual([]);
    server.answer(() => Response.json({ success: true }));
    server.calls.length = 0;
    await outbox.replay();
    expect(server.calls).toEqual([]);
    await outbox.setOwner('u1');
    await outbox.replay();
    expect(server.calls.map((c) => c.key)).toEqual(['key-0001']);
  });

  test('a later write takes a field from an earlier answer (proof photo → delivery)', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    const photo = await outbox.send({ ...post('/api/ocr/submit', { type: 'proof', image: 'data:image/jpeg;base64,AAAA' }), keepResult: true });
    await outbox.send({
      ...post('/api/rider/orders/o1/status', { status: 'delivered', recipientName: 'Noura' }),
      refs: { proofCaptureId: { key: photo.key, field: 'captureId' } },
    });
    server.answer((c) => (c.url === '/api/ocr/submit' ? Response.json({ captureId: 'cap_123' }) : Response.json({ success: true })));
    await outbox.replay();
    expect(server.calls.at(-1)!.body).toEqual({ status: 'delivered', recipientName: 'Noura', proofCaptureId: 'cap_123' });
  });

  test('a pending snapshot is replaced by a newer one with the same coalesce tag', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    await outbox.send({ ...post('/api/performance/sync', { n: 1 }), coalesce: 'performance' });
    await outbox.send({ ...post('/api/performance/sync', { n: 2 }), coalesce: 'performance' });
    expect(outbox.getSnapshot().pending.map((e) => e.body)).toEqual([{ n: 2 }]);
  });

  test('a newer snapshot the device has no room for leaves the older one queued (never a loss)', async () => {
    const { outbox, server, store } = setup();
    await outbox.setOwner('u1');
    server.answer(() => 'network');
    await outbox.send({ ...post('/api/performance/sync', { n: 1 }), coalesce: 'performance' });
    const put = store.put;
    store.put = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const refused = await outbox.send({ ...post('/api/performance/sync', { n: 2 }), coalesce: 'performance' }).catch((e: unknown) => e);
    store.put = put;
    expect((refused as DOMException).name).toBe('QuotaExceededError');
    expect((await store.list()).map((e) => e.body)).toEqual([{ n: 1 }]);
    expect(outbox.getSnapshot().pending.map((e) => e.body)).toEqual([{ n: 1 }]);
  });

  test('writes sent while a replay runs wait their turn and are all sent once', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('u1');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    const slow = async (url: string, init: RequestInit) => {
      seen.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      if (seen.length === 1) await gate;
      return server.fetch(url, init);
    };
    const o2 = createOutbox({ store: memoryStore(), fetch: slow, newKey: (() => { let i = 0; return () => `k${++i}-padding`; })() });
    await o2.setOwner('u1');
    const p1 = o2.send(post('/a'));
    const p2 = o2.send(post('/b'));
    const p3 = o2.send(post('/c'));
    await new Promise((r) => setTimeout(r, 5));
    release();
    expect((await Promise.all([p1, p2, p3])).map((o) => o.kind)).toEqual(['sent', 'sent', 'sent']);
    expect(seen).toEqual(['k1-padding', 'k2-padding', 'k3-padding']);
    void outbox;
  });
});

describe('outcomes kept for the rider\u2019s outbox list (issue 20)', () => {
  test('the first attempt the rider waits for is live; a retry, and an entry that waited behind another, are replays; each carries when it was recorded', async () => {
    const store = memoryStore();
    const calls: [string, string | undefined, string | undefined][] = [];
    let online = true;
    let clock = 5_000;
    let n = 0;
    const outbox = createOutbox({
      store,
      newKey: () => `key-${++n}`,
      now: () => clock++,
      fetch: async (url, init) => {
        const h = init.headers as Record<string, string>;
        calls.push([url, h['X-Replay'], h['X-Recorded-At']]);
        if (!online) throw new TypeError('Failed to fetch');
        return Response.json({ success: true });
      },
    });
    await outbox.setOwner('rider-1');
    await outbox.send(post('/api/live'));
    online = false;
    await outbox.send(post('/api/a'));
    await outbox.send(post('/api/b'));
    online = true;
    await outbox.replay();
    expect(calls.map(([url, replay]) => [url, replay])).toEqual([
      ['/api/live', '0'],
      ['/api/a', '0'],
      ['/api/a', '1'], // b's own send found a still waiting: a retry
      ['/api/a', '1'],
      ['/api/b', '1'], // never tried while the rider waited: a replay on its first attempt
    ]);
    const recorded = new Map((await store.listOutcomes()).map((r) => [r.url, String(r.createdAt)]));
    for (const [url, , at] of calls) expect(at).toBe(recorded.get(url)!);
  });

  test('sent, sent with the server\u2019s flags, refused with its reason: each kept in the store and shown newest first', async () => {
    const { outbox, server, store } = setup();
    await outbox.setOwner('rider-1');
    server.answer((call) => {
      if (call.url === '/api/flagged') return Response.json({ success: true, flags: [{ kind: 'pin_mismatch', outcome: 'applied', reason: 'The PIN typed offline does not match this order.' }] });
      if (call.url === '/api/refused') return Response.json({ error: { code: 'CONFLICT', message: 'The company ended this duty at 10:00.' } }, { status: 409 });
      return Response.json({ success: true });
    });
    await outbox.send({ ...post('/api/rider/orders/o1/status', { status: 'picked_up' }), meta: { kind: 'order', orderId: 'o1' } });
    const flagged = await outbox.send(post('/api/flagged'));
    expect(flagged).toMatchObject({ kind: 'sent', flags: [{ kind: 'pin_mismatch', outcome: 'applied', reason: 'The PIN typed offline does not match this order.' }] });
    await outbox.send(post('/api/refused'));
    const shown = outbox.getSnapshot().outcomes.map((r) => [r.url, r.state, r.reason]);
    expect(shown).toEqual([
      ['/api/refused', 'refused', 'The company ended this duty at 10:00.'],
      ['/api/flagged', 'flagged', 'The PIN typed offline does not match this order.'],
      ['/api/rider/orders/o1/status', 'sent', null],
    ]);
    const [first] = await store.listOutcomes();
    expect([first!.status, first!.meta, first!.owner]).toEqual(['picked_up', { kind: 'order', orderId: 'o1' }, 'rider-1']);
  });

  test('a background write (pings) is kept only when refused; another owner\u2019s outcomes are not shown', async () => {
    const { outbox, server } = setup();
    await outbox.setOwner('rider-1');
    await outbox.send({ ...post('/api/ping'), background: true });
    expect(outbox.getSnapshot().outcomes).toEqual([]);
    server.answer(() => Response.json({ error: { message: 'Too far' } }, { status: 400 }));
    await outbox.send({ ...post('/api/ping'), background: true });
    expect(outbox.getSnapshot().outcomes.map((r) => r.state)).toEqual(['refused']);
    await outbox.setOwner('rider-2');
    expect(outbox.getSnapshot().outcomes).toEqual([]);
  });

  test('outcomes recorded by another outbox on the same store (the service worker\u2019s replay) show on the next refresh', async () => {
    const store = memoryStore();
    const fetch = async () => Response.json({ success: true, flags: [{ kind: 'cash_limit', outcome: 'applied', reason: 'Over the limit.' }] });
    const page = createOutbox({ store, fetch: async () => { throw new TypeError('Failed to fetch'); } });
    await page.setOwner('rider-1');
    await page.send(post('/api/delivered'));
    const worker = createOutbox({ store, fetch });
    await worker.setOwner('rider-1');
    await worker.replay();
    expect(page.getSnapshot().outcomes).toEqual([]);
    await page.refresh();
    expect(page.getSnapshot().outcomes.map((r) => [r.state, r.reason])).toEqual([['flagged', 'Over the limit.']]);
    expect(page.getSnapshot().pending).toEqual([]);
  });

  test('a replay that finds the queue emptied by another tab or the worker shows it empty (no stale count)', async () => {
    const store = memoryStore();
    const offline = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const tabB = createOutbox({ store, fetch: offline });
    await tabB.setOwner('rider-1');
    await tabB.send(post('/api/picked-up'));
    expect(tabB.getSnapshot().pending.length).toBe(1);
    const tabA = createOutbox({ store, fetch: async () => Response.json({ success: true }) });
    await tabA.setOwner('rider-1');
    await tabA.replay();
    await tabB.replay();
    expect(tabB.getSnapshot().pending).toEqual([]);
  });

  test('a write the service worker sent before this tab tried it is answered from the worker’s record', async () => {
    const store = memoryStore();
    const worker = createOutbox({ store, fetch: async () => Response.json({ success: true, submissionId: 's1' }) });
    await worker.setOwner('rider-1');
    let workerRan = false;
    // This tab's first look at the queue comes after the worker has sent and removed the write.
    const list = store.list;
    store.list = async () => {
      if (!workerRan && (await list()).length) {
        workerRan = true;
        await worker.replay();
      }
      return list();
    };
    const page = createOutbox({ store, fetch: async () => Response.json({ success: false }, { status: 500 }) });
    await page.setOwner('rider-1');
    const outcome = await page.send({ ...post('/api/riders/r1/cash/submit', { amount: 5 }), keepResult: true });
    expect(outcome.kind).toBe('sent');
    expect((outcome as { result: unknown }).result).toEqual({ success: true, submissionId: 's1' });
  });

  test('the last 50 are kept, for 3 days', async () => {
    const store = memoryStore();
    let clock = 0;
    const outbox = createOutbox({ store, fetch: async () => Response.json({}), now: () => clock });
    await outbox.setOwner('rider-1');
    for (let i = 0; i < 55; i++) {
      clock += 1000;
      await outbox.send(post(`/api/w${i}`));
    }
    const kept = await store.listOutcomes();
    expect([kept.length, kept[0]!.url, kept.at(-1)!.url]).toEqual([50, '/api/w5', '/api/w54']);
    clock += 3 * 24 * 3_600_000 - 10_000;
    await outbox.setOwner('rider-1');
    // Kept from 3 days before now: w44 (recorded at 45 s) and later.
    expect((await store.listOutcomes()).map((r) => r.url)).toEqual(Array.from({ length: 11 }, (_, i) => `/api/w${44 + i}`));
  });
});

/** A Web Lock as the browser grants it: one holder at a time, waiters in the order they asked. */
function fifoLock() {
  let tail: Promise<unknown> = Promise.resolve();
  let requests = 0;
  const withLock = <T>(fn: () => Promise<T>): Promise<T> => {
    requests++;
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
  return { withLock, requests: () => requests };
}

describe('the lock shared with the service worker and the other tabs', () => {
  test('a write made while the worker replays waits once for the lock; a replay asked for meanwhile joins it; nothing is stuck', async () => {
    const server = fakeServer();
    const lock = fifoLock();
    const outbox = createOutbox({ store: memoryStore(), fetch: server.fetch, withLock: lock.withLock });
    await outbox.setOwner('rider-1');
    let releaseWorker!: () => void;
    const worker = lock.withLock(() => new Promise<void>((r) => (releaseWorker = r)));
    const before = lock.requests();
    const sent = outbox.send(post('/api/riders/r1/location', { lat: 29.3 }));
    // The app's start-up replay, asked for while the write's own replay waits for the lock.
    const startUp = outbox.replay();
    await new Promise((r) => setTimeout(r, 10));
    expect(server.calls).toHaveLength(0);
    releaseWorker();
    await worker;
    expect((await sent).kind).toBe('sent');
    await startUp;
    expect(server.calls.map((c) => c.url)).toEqual(['/api/riders/r1/location']);
    expect(lock.requests() - before).toBe(1);
    // A later write still goes out at once.
    expect((await outbox.send(post('/api/riders/r1/location', { lat: 29.4 }))).kind).toBe('sent');
    expect(server.calls).toHaveLength(2);
  });
});

describe('a lock the browser refuses', () => {
  test('the write is kept and answered as queued, and the next replay sends it', async () => {
    const server = fakeServer();
    let refuse = true;
    const withLock = <T>(fn: () => Promise<T>): Promise<T> => (refuse ? Promise.reject(new DOMException('The request was aborted.', 'AbortError')) : fn());
    const outbox = createOutbox({ store: memoryStore(), fetch: server.fetch, withLock });
    await outbox.setOwner('rider-1');
    const first = await outbox.send(post('/api/riders/r1/location', { lat: 29.3 }));
    expect({ kind: first.kind, sent: server.calls.length }).toEqual({ kind: 'queued', sent: 0 });
    expect(outbox.getSnapshot().pending).toHaveLength(1);
    refuse = false;
    await outbox.replay();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/riders/r1/location']);
    expect(outbox.getSnapshot().pending).toHaveLength(0);
  });
});
