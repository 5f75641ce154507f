import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { locationPings, riders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

const pingsOf = (riderId: string) => db.select().from(locationPings).where(eq(locationPings.riderId, riderId));

describe('tracking.location', () => {
  test('a rider stores a ping for themself and moves their last known position', async () => {
    const caller = await callerFor(db, w.riderA.user.id);
    const before = Date.now();
    const res = await caller.tracking.location({ id: w.riderA.id, lat: 29.3759, lng: 47.9774, accuracy: 12 });
    expect(res.success).toBe(true);
    const pings = await pingsOf(w.riderA.id);
    expect(pings).toHaveLength(1);
    expect(pings[0]).toMatchObject({ lat: 29.3759, lng: 47.9774, accuracyM: 12 });
    const rider = await db.query.riders.findFirst({ where: eq(riders.id, w.riderA.id) });
    expect(rider!.lastLat).toBe(29.3759);
    expect(rider!.lastLng).toBe(47.9774);
    expect(rider!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
  });

  test('rider A posting for rider B’s id is refused and nothing is stored', async () => {
    const caller = await callerFor(db, w.riderA.user.id);
    await expectTRPCError(caller.tracking.location({ id: w.riderB.id, lat: 25.2, lng: 55.27 }), 'FORBIDDEN', DENIED.ownRider);
    expect(await pingsOf(w.riderB.id)).toHaveLength(0);
  });

  test('a company manager cannot post for its own rider either', async () => {
    const caller = await callerFor(db, w.managerA.id);
    await expectTRPCError(caller.tracking.location({ id: w.riderA2.id, lat: 29, lng: 48 }), 'FORBIDDEN', DENIED.ownRider);
    expect(await pingsOf(w.riderA2.id)).toHaveLength(0);
  });

  test('lat 91 is a bad request naming the field', async () => {
    const caller = await callerFor(db, w.riderA.user.id);
    const err = await expectTRPCError(caller.tracking.location({ id: w.riderA.id, lat: 91, lng: 47 }), 'BAD_REQUEST');
    expect(firstIssue(err)).toBe('lat: lat must be between -90 and 90');
  });

  test('other bad coordinates are bad requests', async () => {
    const caller = await callerFor(db, w.riderA.user.id);
    const lng = await expectTRPCError(caller.tracking.location({ id: w.riderA.id, lat: 29, lng: -181 }), 'BAD_REQUEST');
    expect(firstIssue(lng)).toBe('lng: lng must be between -180 and 180');
    await expectTRPCError(caller.tracking.location({ id: w.riderA.id, lat: Number.NaN, lng: 47 }), 'BAD_REQUEST');
    await expectTRPCError(caller.tracking.location({ id: w.riderA.id, lat: '29' as unknown as number, lng: 47 }), 'BAD_REQUEST');
    await expectTRPCError(caller.tracking.location({ id: '', lat: 29, lng: 47 }), 'BAD_REQUEST');
  });

  test('a recordedAt in the future is clamped to now', async () => {
    const caller = await callerFor(db, w.riderB.user.id);
    const res = await caller.tracking.location({ id: w.riderB.id, lat: 25.2, lng: 55.27, recordedAt: Date.now() + 86_400_000 });
    expect(Date.parse(res.recordedAt)).toBeLessThanOrEqual(Date.now());
    const earlier = Date.now() - 120_000;
    const res2 = await caller.tracking.location({ id: w.riderB.id, lat: 25.2, lng: 55.27, recordedAt: earlier });
    expect(Date.parse(res2.recordedAt)).toBe(earlier);
  });
});
