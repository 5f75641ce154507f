import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { locationPings, riders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';
import { distanceKm } from '../../../shared/geo';
import { STALE_AFTER_MS } from '../../../shared/schemas/fleet';
import { fleetPositions, localDayBounds, riderHistory } from './fleet';
import { recordLocation } from './locations';
import { staffActor } from '../access';

const { db, w } = await freshWorld();
const now = new Date();
const seen = new Date(now.getTime() - 2 * 60_000);

beforeAll(async () => {
  await db.insert(locationPings).values([
    { riderId: w.riderA.id, lat: 29.30, lng: 47.90, recordedAt: new Date(seen.getTime() - 60_000) },
    { riderId: w.riderA.id, lat: 29.31, lng: 47.91, recordedAt: seen },
    { riderId: w.riderB.id, lat: 25.2, lng: 55.27, recordedAt: new Date(now.getTime() - 30 * 60_000) },
  ]);
  await db.update(riders).set({ onDuty: true, lastSeenAt: seen }).where(eq(riders.id, w.riderA.id));
});

describe('tracking.fleet: the tenant wall', () => {
  test('company A sees only its own riders, with the latest ping as position', async () => {
    const fleet = await (await callerFor(db, w.managerA.id)).tracking.fleet();
    expect(fleet.map((r) => r.id).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    const a = fleet.find((r) => r.id === w.riderA.id)!;
    expect(a).toMatchObject({ lat: 29.31, lng: 47.91, onDuty: true, stale: false, company: 'Alpha Couriers', lastSeenAt: seen.toISOString() });
    expect(fleet.find((r) => r.id === w.riderA2.id)).toMatchObject({ lat: null, lng: null, lastSeenAt: null, stale: true });
  });

  test('a company asking for another company still gets only its own', async () => {
    const fleet = await (await callerFor(db, w.managerA.id)).tracking.fleet({ companyId: w.companyB.id });
    expect(fleet.every((r) => r.companyId === w.companyA.id)).toBe(true);
  });

  test('an admin sees every rider, or one company when asked', async () => {
    const admin = await callerFor(db, w.admin.id);
    expect((await admin.tracking.fleet()).length).toBe(4);
    const b = await admin.tracking.fleet({ companyId: w.companyB.id });
    expect(b.map((r) => r.id).sort()).toEqual([w.riderB.id, w.riderB2.id].sort());
    expect(b.find((r) => r.id === w.riderB.id)).toMatchObject({ lat: 25.2, stale: true });
  });

  test('riders have no fleet view', async () => {
    await expectTRPCError((await callerFor(db, w.riderA.user.id)).tracking.fleet(), 'FORBIDDEN', 'Access denied: Viewing analytics requires company or admin privileges');
  });

  test('fleetLive sends the list at once and again when a rider moves', async () => {
    const live = await (await callerFor(db, w.managerA.id)).tracking.fleetLive();
    const it = live[Symbol.asyncIterator]();
    const first = await it.next();
    expect((first.value as { id: string }[]).map((r) => r.id).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    await recordLocation(db, w.riderA2.id, { lat: 29.4, lng: 47.8 });
    const second = (await it.next()).value as { id: string; lat: number | null; stale: boolean }[];
    expect(second.find((r) => r.id === w.riderA2.id)).toMatchObject({ lat: 29.4, stale: false });
    await it.return?.();
  });

  test('stale at exactly 10 minutes without a sighting', async () => {
    const at = (ms: number) => fleetPositions(db, staffActor(w.managerA.id, w.companyA.id), {}, new Date(seen.getTime() + ms)).then((f) => f.find((r) => r.id === w.riderA.id)!.stale);
    expect(await at(STALE_AFTER_MS - 1)).toBe(false);
    expect(await at(STALE_AFTER_MS)).toBe(true);
  });
});

describe('tracking.history: a rider’s local day as a line', () => {
  test('local day bounds: Kuwait is UTC+3, Dubai UTC+4', () => {
    expect(localDayBounds('2026-03-10', 'Asia/Kuwait').from.toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(localDayBounds('2026-03-10', 'Asia/Dubai').to.toISOString()).toBe('2026-03-10T20:00:00.000Z');
  });

  test('only that Kuwait day’s pings, in order, with the distance', async () => {
    const rider = w.riderA2.id;
    await db.insert(locationPings).values([
      { riderId: rider, lat: 29.0, lng: 48.0, recordedAt: new Date('2026-03-09T20:59:59.999Z') }, // 23:59 the day before
      { riderId: rider, lat: 29.1, lng: 48.1, recordedAt: new Date('2026-03-09T21:00:00.000Z') }, // 00:00 in Kuwait
      { riderId: rider, lat: 29.2, lng: 48.2, recordedAt: new Date('2026-03-10T20:59:00.000Z') },
      { riderId: rider, lat: 29.3, lng: 48.3, recordedAt: new Date('2026-03-10T21:00:00.000Z') }, // next day
    ]);
    const h = await (await callerFor(db, w.managerA.id)).tracking.history({ riderId: rider, date: '2026-03-10' });
    expect(h.points.map((p) => p.lat)).toEqual([29.1, 29.2]);
    expect(h.distanceKm).toBe(Math.round(distanceKm({ lat: 29.1, lng: 48.1 }, { lat: 29.2, lng: 48.2 }) * 10) / 10);
  });

  test('another company’s rider is NOT_FOUND; an admin may look at any', async () => {
    const date = '2026-03-10';
    await expectTRPCError((await callerFor(db, w.managerB.id)).tracking.history({ riderId: w.riderA2.id, date }), 'NOT_FOUND', 'Rider not found');
    await expect(riderHistory(db, staffActor(w.managerB.id, w.companyB.id), w.riderA.id, date)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await (await callerFor(db, w.admin.id)).tracking.history({ riderId: w.riderA2.id, date })).points.length).toBe(2);
  });

  test('map config is public', async () => {
    const cfg = await (await callerFor(db, null)).tracking.mapConfig();
    expect(cfg.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(cfg.attribution).toContain('OpenStreetMap');
  });
});
