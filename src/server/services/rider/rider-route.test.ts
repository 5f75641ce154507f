import { beforeAll, describe, expect, test } from 'bun:test';
import { dutyBreaks, dutyShifts, locationPings } from '../../../../db/schema';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { pathLengthKm } from '../../../shared/geo';
import { trackingToday } from './rider-day';

/** A fixed day: 10 March 2026, 15:00 in Kuwait (12:00 UTC); Kuwait's day began at 21:00 UTC the evening before. */
const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(`2026-03-${iso}Z`);

const { db, w } = await freshWorld();
const PINGS = [
  { lat: 29.3759, lng: 47.9774 },
  { lat: 29.3659, lng: 47.9874 },
  { lat: 29.3459, lng: 48.0074 },
  { lat: 29.3375, lng: 48.0263 },
];

beforeAll(async () => {
  const rider = w.riderA.id;
  // Yesterday evening's shift runs past Kuwait midnight: 2 h of it count today (21:00–23:00 UTC).
  const [late] = await db.insert(dutyShifts).values({ riderId: rider, startedAt: at('09T19:00:00'), endedAt: at('09T23:00:00'), startOdometerKm: 1000 }).returning();
  await db.insert(dutyBreaks).values({ shiftId: late!.id, startedAt: at('09T19:30:00'), endedAt: at('09T20:00:00') }); // before midnight: no effect
  // Today's shift, still open: 05:00–12:00 UTC = 7 h, less a completed 30-minute break; the ongoing break still counts.
  const [open] = await db.insert(dutyShifts).values({ riderId: rider, startedAt: at('10T05:00:00'), startOdometerKm: 1040 }).returning();
  await db.insert(dutyBreaks).values([
    { shiftId: open!.id, startedAt: at('10T07:00:00'), endedAt: at('10T07:30:00') },
    { shiftId: open!.id, startedAt: at('10T11:45:00') },
  ]);
  // 6 delivered today (one yesterday, which must not count); pings today plus one from yesterday.
  for (let i = 0; i < 6; i++) await makeOrder(db, w.companyA, { riderId: rider, status: 'delivered', createdAt: at('10T06:00:00'), deliveredAt: at(`10T0${6 + (i % 4)}:10:00`) });
  await makeOrder(db, w.companyA, { riderId: rider, status: 'delivered', createdAt: at('09T10:00:00'), deliveredAt: at('09T10:30:00') });
  await db.insert(locationPings).values([
    { riderId: rider, lat: 10, lng: 10, recordedAt: at('09T20:00:00') },
    ...PINGS.map((p, i) => ({ riderId: rider, ...p, recordedAt: new Date(at('10T06:00:00').getTime() + i * 600_000) })),
  ]);
});

describe("Today's Route: computed from the rider's own pings, shifts and orders", () => {
  test('distance, time on duty (completed breaks excluded) and efficiency', async () => {
    const t = await trackingToday(db, w.riderA.id, now);
    const km = Math.round(pathLengthKm(PINGS) * 10) / 10;
    expect(km).toBeGreaterThan(4);
    expect(t.kmTraveled).toBe(km);
    expect(t.ordersCompleted).toBe(6);
    // 2 h + 7 h − 0.5 h = 8.5 h = 510 min; 6 / 8.5 = 0.71 orders an hour; 0.71 / 3 × 100 = 24 %.
    expect(t.route).toEqual({
      distanceKm: km, dutyMinutes: 510, onDuty: true, ordersPerHour: 0.71, efficiency: 23.5,
      lastLocation: { ...PINGS[3]!, at: new Date(at('10T06:00:00').getTime() + 3 * 600_000).toISOString() },
    });
  });

  test('a rider with no shift today: 0 minutes and 0 % efficiency, whatever the orders', async () => {
    await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', createdAt: now, deliveredAt: now });
    const t = await trackingToday(db, w.riderB.id, now);
    expect(t.route).toEqual({ distanceKm: 0, dutyMinutes: 0, onDuty: false, ordersPerHour: 0, efficiency: 0, lastLocation: null });
  });

  test('efficiency is capped at 100', async () => {
    const rider = w.riderA2.id;
    await db.insert(dutyShifts).values({ riderId: rider, startedAt: at('10T11:00:00'), endedAt: at('10T12:00:00') });
    for (let i = 0; i < 5; i++) await makeOrder(db, w.companyA, { riderId: rider, status: 'delivered', createdAt: at('10T11:00:00'), deliveredAt: at('10T11:30:00') });
    const t = await trackingToday(db, rider, now);
    expect(t.route).toMatchObject({ dutyMinutes: 60, ordersPerHour: 5, efficiency: 100, onDuty: false });
  });
});
