/**
 * Crash and replay (issue 11, item 3), against the real server in a child process (test/crash/server-process.ts)
 * on a database file of its own:
 * 1. Riders' cash submissions, order status changes and location pings, each with its Idempotency-Key, in
 *    hundreds of concurrent lanes; the server is killed with SIGKILL twice in the middle (writes in flight),
 *    the file is checked while it is down, the server is started again on it, and every write that got no
 *    answer is sent again with the same key. Then every acknowledged write is stored exactly once, nothing is
 *    half written, and every write sent once more gets its first answer back.
 * 2. The rider outbox (src/client/outbox/queue.ts, run here with an in-memory store and a fetch to the
 *    server): writes queued while the server is down, flushed when it is back, the server killed after it
 *    committed one of them but before the answer arrived, flushed again: each write stored exactly once.
 * docs/crash-safety.md says what guarantees this and what it proves.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { createDb, type Db } from '../../db/client';
import { memoryStore } from '../client/outbox/memory-store';
import { createOutbox } from '../client/outbox/queue';
import type { Outcome } from '../client/outbox/types';
import { freshDbFile } from '../../test/db';
import { halfWritten, timesStored, totals } from '../../test/crash/checks';
import { prepareCrashDb } from '../../test/crash/fixtures';
import { startAppServer, type AppServer } from '../../test/crash/server-process';
import { acknowledged, allWrites, cashWrite, orderWrites, pingWrite, runLanes, sendOnce, type Lane, type Write, type WriteKind } from '../../test/crash/writes';

const NOTHING_HALF_WRITTEN = {
  unbalancedJournals: [],
  duplicatePings: [],
  statusWithoutHistory: [],
  deliveredWithoutTime: [],
  historyNotShown: [],
  deliveredWithoutCollection: [],
  handoverWithoutJournal: [],
  journalWithoutHandover: [],
};

const running = new Set<AppServer>();
async function start(file: string): Promise<AppServer> {
  const s = await startAppServer(file);
  running.add(s);
  return s;
}
async function kill(s: AppServer) {
  running.delete(s);
  await s.kill('SIGKILL');
}
afterEach(async () => {
  for (const s of [...running]) await kill(s);
});

async function withFile<T>(file: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await createDb({ url: `file:${file}` });
  try {
    return await fn(db);
  } finally {
    db.$client.close();
  }
}

/** The cash answer without its one-time code: the only part a replay does not repeat (only its hash is kept). */
const withoutCode = (a: unknown) => {
  const { code: _c, qr: _q, codeExpiresAt: _e, ...rest } = a as Record<string, unknown>;
  return rest;
};

describe('crash and replay: SIGKILL while riders write', () => {
  test('every acknowledged write is stored exactly once, nothing is half written, and a replay gets the first answer', async () => {
    const t0 = performance.now();
    const file = await freshDbFile();
    const riders = await prepareCrashDb(file, { riders: 6, ordersPerRider: 4 });
    const phoneTime = Date.now() - 3_600_000;
    // Lanes of about the same length, so every kind is still in flight when the server dies.
    const lanes: Lane[] = riders.flatMap((rider) => [
      { writes: Array.from({ length: 6 }, () => cashWrite(rider, 1.25)), next: 0 },
      { writes: [...orderWrites(rider, rider.orders[0]!, phoneTime), ...orderWrites(rider, rider.orders[1]!, phoneTime + 1000)], next: 0 },
      { writes: [...orderWrites(rider, rider.orders[2]!, phoneTime + 2000), ...orderWrites(rider, rider.orders[3]!, phoneTime + 3000)], next: 0 },
      ...Array.from({ length: 40 }, (_, l) => ({ writes: Array.from({ length: 6 }, (_, i) => pingWrite(rider, l * 6 + i, phoneTime)), next: 0 })),
    ]);
    const writes = allWrites(lanes);
    const drivenOrders = riders.flatMap((r) => r.orders);
    const ofKind = (k: WriteKind) => writes.filter((w) => w.kind === k);
    const share = (k: WriteKind) => ofKind(k).filter((w) => w.acked).length / ofKind(k).length;
    // The first answer to every 9th write is lost on its way to the phone (the server applied it): retried with its key.
    const loseFirstAnswer = (w: Write) => writes.indexOf(w) % 9 === 4;

    let server = await start(file);
    const kills: { acked: number; lanesInFlight: number; committedUnanswered: number; inInbox: number }[] = [];
    for (const fraction of [0.3, 0.65]) {
      // Kill once every kind has this share acknowledged (cumulative): each unfinished lane has a write out.
      let dying: Promise<void> | null = null;
      let lanesInFlight = 0;
      const victim = server;
      await runLanes(lanes, {
        base: () => victim.base,
        loseFirstAnswer,
        onAck: () => {
          if (dying || Math.min(share('ping'), share('cash'), share('status')) < fraction) return;
          lanesInFlight = lanes.filter((l) => l.next < l.writes.length).length;
          dying = kill(victim);
        },
      });
      expect(dying).not.toBeNull();
      await dying;
      // The file as the next start finds it: the acknowledged writes all there, once; the others there once or not at all; nothing half written.
      const seen = await withFile(file, async (db) => {
        expect(await halfWritten(db, drivenOrders)).toEqual(NOTHING_HALF_WRITTEN);
        // Committed with no answer ever given (the kill came between the commit and the answer).
        let committedUnanswered = 0;
        for (const w of writes) {
          const n = await timesStored(db, w);
          if (w.acked) expect({ write: w.key, stored: n }).toEqual({ write: w.key, stored: 1 });
          else expect(n).toBeLessThanOrEqual(1);
          if (!w.acked && !w.answers.length && n === 1) committedUnanswered++;
        }
        return { committedUnanswered, inInbox: (await totals(db)).inbox };
      });
      kills.push({ acked: acknowledged(lanes).length, lanesInFlight, ...seen });
      expect(lanesInFlight).toBeGreaterThan(100);
      server = await start(file);
    }

    // Back up: each lane goes on from the write that got no answer, with the same key.
    await runLanes(lanes, { base: () => server.base, loseFirstAnswer });
    expect(acknowledged(lanes).length).toBe(writes.length);
    const lostAnswers = writes.filter((w) => w.lostAnswer).length;

    // Every write sent once more. Every answer a write ever got (a lost one, the retry's, this replay's) is its
    // first answer; a hand-over's without its one-time code after the first (only the code's hash is kept).
    const replays = await Promise.all(writes.map((w) => sendOnce(server.base, w)));
    expect(replays.filter((r) => r?.status !== 200)).toEqual([]);
    let answeredFromRecord = 0;
    for (const w of writes) {
      const [first, ...later] = w.answers;
      expect(first!.status).toBe(200);
      for (const a of later) {
        expect(a.status).toBe(200);
        if (w.kind === 'cash') {
          expect(a.body).toEqual(withoutCode(first!.body));
          expect(a.body).not.toHaveProperty('code');
        } else expect(a.body).toEqual(first!.body);
      }
      if (w.kind === 'cash' && w.answers.length > 2) answeredFromRecord++;
    }
    expect(answeredFromRecord).toBeGreaterThan(0);
    // The surge inbox (pings committed there through two crashes) is moved on by the restarted server once it is quiet.
    const inboxBefore = await withFile(file, async (db) => (await totals(db)).inbox);
    const drainedWithin = await withFile(file, async (db) => {
      const t = performance.now();
      while ((await totals(db)).inbox > 0 && performance.now() - t < 10_000) await Bun.sleep(25);
      return performance.now() - t;
    });
    await kill(server);

    const final = await withFile(file, async (db) => {
      expect(await halfWritten(db, drivenOrders)).toEqual(NOTHING_HALF_WRITTEN);
      const stored = await Promise.all(writes.map((w) => timesStored(db, w)));
      expect(stored.filter((n) => n !== 1)).toEqual([]);
      return totals(db);
    });
    // Exactly the planned writes and nothing else (the fixtures add no pings, hand-overs or status history).
    // Pings went through the surge inbox (hundreds arrive at once) and it was left full by a kill or the replays.
    expect(Math.max(inboxBefore, ...kills.map((k) => k.inInbox))).toBeGreaterThan(0);
    expect({ pings: final.pings, inbox: final.inbox, handovers: final.handovers, statusEvents: final.statusEvents }).toEqual({
      pings: ofKind('ping').length,
      inbox: 0,
      handovers: ofKind('cash').length,
      statusEvents: ofKind('status').length,
    });
    console.log(
      `crash-replay: ${writes.length} writes (${ofKind('ping').length} pings, ${ofKind('cash').length} cash submissions, ${ofKind('status').length} status changes) in ${lanes.length} lanes; ` +
        `kills ${JSON.stringify(kills)}; ${lostAnswers} writes sent without an answer seen at least once (${answeredFromRecord} hand-overs answered from their key's record); ${writes.length} replays answered as the first time; ` +
        `${inboxBefore} pings in the surge inbox after the replays, moved on in ${drainedWithin.toFixed(0)} ms; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }, 60_000);
});

describe('the rider outbox: offline, then a crash while it flushes', () => {
  test('writes queued while the server is down reach it exactly once, across a crash that loses an answer', async () => {
    const file = await freshDbFile();
    const [rider] = await prepareCrashDb(file, { riders: 1, ordersPerRider: 2 });
    const phoneTime = Date.now() - 600_000;
    let server = await start(file);
    // The phone's fetch; `loseAnswer` = n: the n-th answer from now on is lost (the server committed it, then died).
    let answered = 0;
    let loseAnswer = Infinity;
    const fetchToServer = async (url: string, init: RequestInit) => {
      const res = await fetch(server.base + url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: `kwt_session=${rider!.token}` } });
      if (++answered === loseAnswer) {
        await kill(server);
        throw new TypeError('Failed to fetch');
      }
      return res;
    };
    const settled = new Map<string, Outcome>();
    const outbox = createOutbox({ store: memoryStore(), fetch: fetchToServer, onSettled: (e, o) => settled.set(e.key, o) });
    await outbox.setOwner(rider!.userId);

    // Offline: the server is down while the rider works.
    await kill(server);
    const [pick1, deliver1] = orderWrites(rider!, rider!.orders[0]!, phoneTime);
    const [pick2, deliver2] = orderWrites(rider!, rider!.orders[1]!, phoneTime + 1000);
    const plan: Write[] = [
      ...Array.from({ length: 8 }, (_, i) => pingWrite(rider!, i, phoneTime)),
      pick1!,
      cashWrite(rider!, 2.5), // the 10th: its answer is lost below
      deliver1!,
      ...Array.from({ length: 6 }, (_, i) => pingWrite(rider!, 8 + i, phoneTime)),
      pick2!,
      deliver2!,
      cashWrite(rider!, 1),
    ];
    for (const w of plan) {
      const outcome = await outbox.send({ method: 'POST', url: w.path, body: w.body });
      expect(outcome.kind).toBe('queued');
      w.key = outcome.key;
    }
    expect(outbox.getSnapshot().pending.map((e) => e.key)).toEqual(plan.map((w) => w.key));

    // Back online; the server commits the 10th write and dies before its answer arrives.
    server = await start(file);
    answered = 0;
    loseAnswer = 10;
    await outbox.replay();
    const lost = plan[9]!;
    expect(outbox.getSnapshot().pending.map((e) => e.key)).toEqual(plan.slice(9).map((w) => w.key));
    expect(outbox.getSnapshot().pending[0]).toMatchObject({ key: lost.key, attempts: 1, lastError: 'Failed to fetch' });
    await withFile(file, async (db) => {
      expect(await halfWritten(db, rider!.orders)).toEqual(NOTHING_HALF_WRITTEN);
      expect(await Promise.all(plan.map((w) => timesStored(db, w)))).toEqual(plan.map((_, i) => (i < 10 ? 1 : 0)));
    });

    // Up again: the outbox replays from the lost one, with its key; the server answers it from its record.
    server = await start(file);
    loseAnswer = Infinity;
    await outbox.replay();
    expect(outbox.getSnapshot().pending).toEqual([]);
    expect(plan.map((w) => settled.get(w.key)?.kind)).toEqual(plan.map(() => 'sent'));
    const replayed = (settled.get(lost.key) as { result: Record<string, unknown> }).result;
    expect(replayed).toMatchObject({ success: true, amount: 2.5, currency: 'KWD', status: 'pending' });
    expect(replayed).not.toHaveProperty('code');
    await kill(server);

    await withFile(file, async (db) => {
      expect(await halfWritten(db, rider!.orders)).toEqual(NOTHING_HALF_WRITTEN);
      expect(await Promise.all(plan.map((w) => timesStored(db, w)))).toEqual(plan.map(() => 1));
      expect(await totals(db)).toMatchObject({ pings: 14, handovers: 2, statusEvents: 4 });
    });
  }, 30_000);
});
