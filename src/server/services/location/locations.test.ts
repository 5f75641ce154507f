import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { idempotencyKeys, locationPings, riders } from '../../../../db/schema';
import { login, postJson, testApp } from '../../../../test/app';
import { TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { onChange } from '../../lib/events';
import { startDuty } from '../rider';
import { PingWriter, recordLocation } from './locations';

const { db, w } = await freshWorld();

/** The same database, counting write transactions (each batch is one `batch` call) and how many have committed. */
function watched(real: Db, opts: { fail?: Error } = {}) {
  const stats = { transactions: 0, committed: 0 };
  const client = new Proxy(real.$client, {
    get(target, prop, receiver) {
      if (prop !== 'batch') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<Db['$client']['batch']>) => {
        stats.transactions++;
        if (opts.fail) throw opts.fail;
        const result = await target.batch(...args);
        stats.committed++;
        return result;
      };
    },
  });
  const proxy = new Proxy(real, { get: (target, prop, receiver) => (prop === '$client' ? client : Reflect.get(target, prop, receiver)) });
  return { db: proxy, stats };
}

const ping = (riderId: string, i: number, over: Partial<Parameters<PingWriter['write']>[0]> = {}) => ({
  riderId,
  userId: null,
  key: undefined,
  replay: null,
  lat: 29 + i / 1000,
  lng: 47 + i / 1000,
  accuracyM: 5,
  recordedAt: new Date(1_790_000_000_000 + i * 1000),
  receivedAt: new Date(),
  ...over,
});
const pingsOf = (riderId: string) => db.select().from(locationPings).where(eq(locationPings.riderId, riderId)).orderBy(asc(locationPings.id));
const riderRow = async (id: string) => (await db.select().from(riders).where(eq(riders.id, id)))[0]!;

describe('group commit of location pings', () => {
  test('concurrent pings share transactions, keep arrival order, and every acknowledged ping is stored', async () => {
    const { db: spy, stats } = watched(db);
    const writer = new PingWriter(spy, { maxBatch: 50, surgeBatch: 1000 });
    const before = (await pingsOf(w.riderA2.id)).length;
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => writer.write(ping(w.riderA2.id, i))));
    expect(answers.every((a) => a.success)).toBe(true);
    // 300 pings in batches of at most 50: 6 transactions at least, far fewer than 300.
    expect(stats.transactions).toBeGreaterThanOrEqual(6);
    expect(stats.transactions).toBeLessThan(20);
    const rows = (await pingsOf(w.riderA2.id)).slice(before);
    expect(rows).toHaveLength(300);
    expect(rows.map((r) => r.lat)).toEqual(Array.from({ length: 300 }, (_, i) => 29 + i / 1000));
    expect(answers.map((a) => a.recordedAt)).toEqual(rows.map((r) => r.recordedAt.toISOString()));
  });

  test('a promise settles only after its transaction has committed', async () => {
    const { db: spy, stats } = watched(db);
    const writer = new PingWriter(spy);
    const seenAtAnswer: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => writer.write(ping(w.riderB2.id, i)).then(() => seenAtAnswer.push(stats.committed))));
    expect(seenAtAnswer.every((n) => n >= 1)).toBe(true);
  });

  test('the rider’s last position is their latest fix, per rider: in one batch, and a late ping never moves them back', async () => {
    const writer = new PingWriter(db);
    const a = [ping(w.riderA2.id, 900), ping(w.riderB2.id, 903), ping(w.riderA2.id, 904), ping(w.riderB2.id, 901), ping(w.riderA2.id, 902)];
    await Promise.all(a.map((p) => writer.write(p)));
    const position = async (id: string) => {
      const r = await riderRow(id);
      return [r.lastLat, r.lastLng, r.lastSeenAt?.getTime()];
    };
    // A2's latest is the third to arrive (904); B2's the second (903).
    expect(await position(w.riderA2.id)).toEqual([a[2]!.lat, a[2]!.lng, a[2]!.recordedAt.getTime()]);
    expect(await position(w.riderB2.id)).toEqual([a[1]!.lat, a[1]!.lng, a[1]!.recordedAt.getTime()]);
    // An outbox replaying an older fix later: stored, but the rider stays where their latest fix put them.
    await writer.write(ping(w.riderA2.id, 500));
    expect(await position(w.riderA2.id)).toEqual([a[2]!.lat, a[2]!.lng, a[2]!.recordedAt.getTime()]);
    await writer.write(ping(w.riderA2.id, 905));
    expect((await position(w.riderA2.id))[2]).toBe(ping(w.riderA2.id, 905).recordedAt.getTime());
  });

  test('a fix read a moment before the duty started still moves the rider from where they were last time', async () => {
    // Yesterday's position, and a duty started at 06:00 in Kuwait.
    const yesterday = new Date('2026-10-15T15:00:00Z');
    await db.update(riders).set({ lastLat: 29.0, lastLng: 47.9, lastSeenAt: yesterday, onDuty: false }).where(eq(riders.id, w.riderA.id));
    const start = new Date('2026-10-16T03:00:00Z');
    expect((await startDuty(db, w.riderA.id, { startOdometerKm: 10 }, start)).success).toBe(true);
    // The phone's first ping carries a fix read 2 s before the button was pressed (a cached reading up to 5 s old).
    await recordLocation(db, w.riderA.id, { lat: 29.3375, lng: 48.0758, recordedAt: start.getTime() - 2_000 }, undefined, new Date(start.getTime() + 1_000));
    const row = await riderRow(w.riderA.id);
    // Seen at the start (presence), the position dated by the phone.
    expect({ lat: row.lastLat, lng: row.lastLng, positionAt: row.positionAt?.getTime(), seen: row.lastSeenAt?.getTime(), onDuty: row.onDuty }).toEqual({
      lat: 29.3375,
      lng: 48.0758,
      positionAt: start.getTime() - 2_000,
      seen: start.getTime(),
      onDuty: true,
    });
  });

  test('a ping with the server’s time: its Idempotency-Key is kept, and the ping stored once (twice in one batch, replayed later)', async () => {
    const writer = new PingWriter(db);
    const user = w.riderA.user.id;
    const before = (await pingsOf(w.riderA.id)).length;
    const first = ping(w.riderA.id, 1, { userId: user, key: 'ping-key-00001', replay: 'key' });
    const [a, b] = await Promise.all([writer.write(first), writer.write({ ...first, lat: 1, recordedAt: new Date(1_790_000_999_000) })]);
    expect(b).toEqual(a);
    const replay = await writer.write({ ...first, lat: 2, recordedAt: new Date(1_790_000_888_000) });
    expect(replay).toEqual(a);
    expect((await pingsOf(w.riderA.id)).length).toBe(before + 1);
    // The same key from another account is another ping.
    await writer.write(ping(w.riderB.id, 2, { userId: w.riderB.user.id, key: 'ping-key-00001', replay: 'key' }));
    const keys = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'ping-key-00001'));
    expect(keys.map((k) => k.userId).sort()).toEqual([user, w.riderB.user.id].sort());
  });

  test('a ping with the phone’s time is recognised by rider and time: stored once, no idempotency_keys row', async () => {
    const writer = new PingWriter(db);
    const before = (await pingsOf(w.riderB.id)).length;
    const at = new Date(1_790_000_123_456);
    const first = ping(w.riderB.id, 5, { userId: w.riderB.user.id, key: 'phone-time-0001', replay: 'ping', recordedAt: at });
    const [a, b] = await Promise.all([writer.write(first), writer.write({ ...first })]);
    expect(b).toEqual(a);
    expect(await writer.write({ ...first })).toEqual({ success: true, recordedAt: at.toISOString() });
    // Another time is another ping, whatever its key.
    await writer.write({ ...first, recordedAt: new Date(at.getTime() + 1) });
    expect((await pingsOf(w.riderB.id)).length).toBe(before + 2);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'phone-time-0001'))).toHaveLength(0);
  });

  test('one bad ping fails only its own request; the rest of its batch is stored', async () => {
    const writer = new PingWriter(db);
    const before = (await pingsOf(w.riderB2.id)).length;
    const results = await Promise.allSettled([
      writer.write(ping(w.riderB2.id, 1)),
      writer.write(ping(w.riderB2.id, 2, { lat: Number.NaN })),
      writer.write(ping(w.riderB2.id, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await pingsOf(w.riderB2.id)).length).toBe(before + 2);
  });

  test('a failing database rejects every waiter with its error', async () => {
    const boom = new Error('disk I/O error');
    const { db: broken } = watched(db, { fail: boom });
    const writer = new PingWriter(broken);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => writer.write(ping(w.riderA2.id, i))));
    expect(results.every((r) => r.status === 'rejected' && r.reason === boom)).toBe(true);
    // And the writer keeps going afterwards.
    const healthy = new PingWriter(db);
    expect((await healthy.write(ping(w.riderA2.id, 7))).success).toBe(true);
  });

  test('live views hear of a batch once it has committed', async () => {
    const topics: string[] = [];
    const off = onChange((t) => topics.push(t));
    await Promise.all([1, 2, 3].map((i) => recordLocation(db, w.riderA2.id, { lat: 29.1, lng: 47.1 + i / 100 })));
    off();
    expect(topics).toContain('locations');
    expect(topics.length).toBeLessThanOrEqual(3);
  });

  test('over REST: concurrent pings and a replayed Idempotency-Key, each answered once stored', async () => {
    const app = testApp(db);
    const cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
    const before = (await pingsOf(w.riderA.id)).length;
    const send = (i: number, key: string) =>
      postJson(app, `/api/riders/${w.riderA.id}/location`, { lat: 29.2 + i / 100, lng: 47.9, accuracy: 8 }, { cookie, headers: { 'Idempotency-Key': key } });
    const res = await Promise.all([send(1, 'rest-ping-0001'), send(2, 'rest-ping-0002'), send(1, 'rest-ping-0001')]);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    const [a, , c] = await Promise.all(res.map((r) => r.json()));
    expect(c).toEqual(a);
    expect((await pingsOf(w.riderA.id)).length).toBe(before + 2);
  });

  test('over REST as the rider app sends it (recordedAt from the phone): a replay is answered the same, stored once', async () => {
    const app = testApp(db);
    const cookie = await login(app, w.riderB.user.email, TEST_PASSWORD);
    const before = (await pingsOf(w.riderB.id)).length;
    const body = { lat: 25.2, lng: 55.3, accuracy: 6, recordedAt: Date.now() - 5_000 };
    const send = () => postJson(app, `/api/riders/${w.riderB.id}/location`, body, { cookie, headers: { 'Idempotency-Key': 'rest-phone-0001' } });
    const [r1, r2] = await Promise.all([send(), send()]);
    const r3 = await send();
    const answers = await Promise.all([r1, r2, r3].map((r) => r.json()));
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ success: true, recordedAt: new Date(body.recordedAt).toISOString() });
    expect((await pingsOf(w.riderB.id)).length).toBe(before + 1);
  });
});
