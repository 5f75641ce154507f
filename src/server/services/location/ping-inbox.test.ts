import { beforeAll, describe, expect, test } from 'bun:test';
import { asc, count, eq } from 'drizzle-orm';
import { createDb, type Db } from '../../../../db/client';
import { locationPings, pingInbox, riders } from '../../../../db/schema';
import { freshDbFile } from '../../../../test/db';
import { makeCompany, makeRider } from '../../../../test/factories';
import { PingWriter } from './locations';
import { drainInbox } from './ping-inbox';

let file: string;
let db: Db;
let company: Awaited<ReturnType<typeof makeCompany>>;

beforeAll(async () => {
  file = await freshDbFile();
  db = await createDb({ url: `file:${file}` });
  company = await makeCompany(db);
});

const T0 = 1_790_000_000_000;
const ping = (riderId: string, i: number, replay: 'ping' | null = 'ping') => ({
  riderId,
  userId: 'u',
  key: replay ? `key-${riderId}-${i}` : undefined,
  replay,
  lat: 29 + i / 1000,
  lng: 47 + i / 1000,
  accuracyM: 5,
  recordedAt: new Date(T0 + i * 1000),
  receivedAt: new Date(),
});
const newRider = async () => (await makeRider(db, company, { withUser: false })).rider.id;
const pingsOf = (riderId: string) => db.select().from(locationPings).where(eq(locationPings.riderId, riderId)).orderBy(asc(locationPings.recordedAt));
const waiting = async () => (await db.select({ n: count() }).from(pingInbox))[0]!.n;
const riderRow = async (id: string) => (await db.select().from(riders).where(eq(riders.id, id)))[0]!;
async function idle(writer: PingWriter) {
  for (let i = 0; i < 200 && (writer.waiting || writer.inboxWaiting !== 0); i++) await Bun.sleep(5);
  expect(writer.inboxWaiting).toBe(0);
}

describe('surges go through the inbox', () => {
  test('a big batch is acknowledged from the inbox, then moved on once, with each rider’s latest fix', async () => {
    const [a, b] = [await newRider(), await newRider()];
    const writer = new PingWriter(db, { surgeBatch: 8 });
    // Interleaved, out of phone-time order for b.
    const sent = Array.from({ length: 40 }, (_, i) => (i % 2 ? ping(b, 100 - i) : ping(a, i)));
    const answers = await Promise.all(sent.map((p) => writer.write(p)));
    expect(answers.map((x) => x.recordedAt)).toEqual(sent.map((p) => p.recordedAt.toISOString()));
    expect(writer.stats.surgePings).toBe(40);
    await idle(writer);
    expect(await waiting()).toBe(0);
    expect(writer.stats.drained).toBe(40);
    const [pa, pb] = [await pingsOf(a), await pingsOf(b)];
    expect(pa.map((p) => p.recordedAt.getTime())).toEqual(Array.from({ length: 20 }, (_, i) => T0 + i * 2000));
    expect(pb).toHaveLength(20);
    // a's latest phone time is i = 38; b's is 100 - 1 = 99, sent first.
    expect((await riderRow(a)).lastSeenAt?.getTime()).toBe(T0 + 38_000);
    expect((await riderRow(b)).lastLat).toBeCloseTo(29.099, 6);
  });

  test('a replay is stored once, whether its first copy waits in the inbox or was moved on', async () => {
    const r = await newRider();
    const writer = new PingWriter(db, { surgeBatch: 4 });
    const first = Array.from({ length: 6 }, (_, i) => ping(r, i));
    await Promise.all(first.map((p) => writer.write(p)));
    // While they wait: the same six again, in a surge and one by one.
    await Promise.all(first.map((p) => writer.write({ ...p, receivedAt: new Date() })));
    await idle(writer);
    await writer.write(first[0]!);
    await Promise.all([...first, ping(r, 6)].map((p) => writer.write(p)));
    await idle(writer);
    expect((await pingsOf(r)).map((p) => p.recordedAt.getTime())).toEqual(Array.from({ length: 7 }, (_, i) => T0 + i * 1000));
  });

  test('the inbox has no index: a replay waiting beside its original, or stored directly before it moves, is dropped when moved on', async () => {
    const r = await newRider();
    // Two copies of ping 1 and one of ping 2 wait in the inbox; ping 2 also reaches location_pings directly.
    await db.insert(pingInbox).values([1, 1, 2].map((i) => ({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + i * 1000), receivedAt: new Date(), byPhoneTime: true })));
    await db.insert(locationPings).values({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + 2000), receivedAt: new Date() });
    expect(await drainInbox(db, 10)).toBe(3);
    expect((await pingsOf(r)).map((p) => p.recordedAt.getTime())).toEqual([T0 + 1000, T0 + 2000]);
    // Pings without the phone's time (the column's default: a row from before the column is never dropped) are never
    // taken for replays, even at the same millisecond.
    await db.insert(pingInbox).values([0, 0].map(() => ({ riderId: r, lat: 30, lng: 48, recordedAt: new Date(T0 + 5000), receivedAt: new Date() })));
    await drainInbox(db, 10);
    expect((await pingsOf(r)).filter((p) => p.recordedAt.getTime() === T0 + 5000)).toHaveLength(2);
    const indexes = await db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ping_inbox'");
    expect(indexes.rows).toHaveLength(0);
  });

  test('pings left in the inbox by a stopped process are moved on when a writer first has nothing to do', async () => {
    const r = await newRider();
    await db.insert(pingInbox).values(Array.from({ length: 5 }, (_, i) => ({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + i), receivedAt: new Date() })));
    const writer = new PingWriter(db);
    expect(writer.inboxWaiting).toBeNull();
    await writer.write(ping(r, 50, null));
    await idle(writer);
    expect(await pingsOf(r)).toHaveLength(6);
  });

  test('a move takes a quarter of what waits, within its bounds: a big backlog goes in few moves, a small one in the smallest', async () => {
    const r = await newRider();
    await db.insert(pingInbox).values(Array.from({ length: 400 }, (_, i) => ({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + 200_000 + i), receivedAt: new Date() })));
    const writer = new PingWriter(db, { drainChunk: 10, maxDrainChunk: 40, drainEveryMs: 0 });
    await writer.write(ping(r, 900, null));
    await idle(writer);
    expect(writer.stats.drained).toBe(400);
    // 40 (a quarter, capped) seven times while 160 or more wait, then a quarter of the rest (30, 23, 17, 13), then 10
    // until empty: 15 moves, where a fixed 10 would take 40.
    expect(writer.stats.moves).toBeGreaterThanOrEqual(12);
    expect(writer.stats.moves).toBeLessThanOrEqual(20);
    await db.insert(pingInbox).values(Array.from({ length: 15 }, (_, i) => ({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + 300_000 + i), receivedAt: new Date() })));
    const small = new PingWriter(db, { drainChunk: 10, maxDrainChunk: 40, drainEveryMs: 0 });
    await small.write(ping(r, 901, null));
    await idle(small);
    expect(small.stats).toMatchObject({ drained: 15, moves: 2 });
  });

  test('two processes draining the same inbox move every ping exactly once', async () => {
    const r = await newRider();
    await db.insert(pingInbox).values(Array.from({ length: 300 }, (_, i) => ({ riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + i), receivedAt: new Date() })));
    const other = await createDb({ url: `file:${file}` });
    try {
      const moved = await Promise.all([drainInbox(db, 50), drainInbox(other, 70), drainInbox(db, 50), drainInbox(other, 200)]);
      expect(moved.reduce((s, n) => s + n, 0)).toBe(300);
    } finally {
      other.$client.close();
    }
    expect(await waiting()).toBe(0);
    expect(await pingsOf(r)).toHaveLength(300);
  });

  test('a chunk is a count of pings, whatever gaps their ids have', async () => {
    const r = await newRider();
    await db.insert(pingInbox).values(Array.from({ length: 10 }, (_, i) => ({ id: 1_000_000 + i * 7, riderId: r, lat: 29, lng: 47, recordedAt: new Date(T0 + 50_000 + i), receivedAt: new Date() })));
    expect(await drainInbox(db, 4)).toBe(4);
    expect(await drainInbox(db, 4)).toBe(4);
    expect(await drainInbox(db, 4)).toBe(2);
    expect(await waiting()).toBe(0);
  });

  test('a rider deleted while their pings wait takes them along; the others still move', async () => {
    const [gone, stays] = [await newRider(), await newRider()];
    const writer = new PingWriter(db, { surgeBatch: 2 });
    await Promise.all([ping(gone, 1), ping(stays, 1), ping(gone, 2), ping(stays, 2)].map((p) => writer.write(p)));
    await db.delete(riders).where(eq(riders.id, gone));
    await idle(writer);
    expect(await pingsOf(stays)).toHaveLength(2);
    expect(await pingsOf(gone)).toHaveLength(0);
  });
});
