import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { etaModel, locationPings } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeCompany, makeOrder, makeRider, markPickedUp } from '../../../../test/factories';
import { gulfHour, learnTravelModel, loadTravelModel, plausible, SHRINK_DAY, SHRINK_HOUR } from './learn';
import { DEFAULT_TRAVEL_MODEL } from './travel';

let db: Db;
const KM_LAT = 1 / 111.32;
const HOME = { lat: 29.3, lng: 48.0 };
const kmLng = (km: number) => km / (111.32 * Math.cos((HOME.lat * Math.PI) / 180));
/** 05:00 UTC on a winter day: 08:00 in Kuwait. */
const DAY = Date.UTC(2026, 0, 12, 5, 0);

/**
 * A delivered order whose rider went 1 km north then 1 km east (an L: road km 2, straight km √2) at `kmh`, with
 * a ping every 100 m including the corner, starting at `start`.
 */
async function leg(company: Awaited<ReturnType<typeof makeCompany>>, riderId: string, start: number, kmh: number, jump = false) {
  const minutes = (2 / kmh) * 60;
  const delivered = start + minutes * 60_000;
  const dropoff = { lat: HOME.lat + KM_LAT, lng: HOME.lng + kmLng(1) };
  const order = await makeOrder(db, company, { riderId, status: 'delivered', deliveredAt: new Date(delivered), pickupLat: HOME.lat, pickupLng: HOME.lng, dropoffLat: dropoff.lat, dropoffLng: dropoff.lng, createdAt: new Date(start - 600_000) });
  await markPickedUp(db, order, new Date(start));
  const pings = [];
  for (let i = 0; i <= 20; i++) {
    const km = i / 10;
    const at = HOME.lat + Math.min(km, 1) * KM_LAT;
    const lng = HOME.lng + kmLng(Math.max(0, km - 1));
    // A GPS jump 5 km off the road in the middle of the leg (a leg to leave out).
    pings.push({ riderId, lat: jump && i === 10 ? at + 5 * KM_LAT : at, lng, recordedAt: new Date(start + (km / 2) * minutes * 60_000) });
  }
  await db.insert(locationPings).values(pings);
}

beforeAll(async () => {
  db = await freshDb();
});

describe('gulfHour', () => {
  test('Kuwait is UTC+3 and the UAE UTC+4, across midnight', () => {
    expect(gulfHour(Date.UTC(2026, 0, 12, 5, 59), 'kuwait')).toBe(8);
    expect(gulfHour(Date.UTC(2026, 0, 12, 21, 30), 'kuwait')).toBe(0);
    expect(gulfHour(Date.UTC(2026, 0, 12, 20, 0), 'uae')).toBe(0);
    expect(gulfHour(Date.UTC(2026, 6, 12, 19, 59), 'uae')).toBe(23);
  });
});

describe('learnTravelModel / loadTravelModel', () => {
  test('a company without history gets the defaults, and no rows', async () => {
    const company = await makeCompany(db);
    expect(await learnTravelModel(db, company.id, new Date(DAY))).toEqual([]);
    expect(await loadTravelModel(db, company.id)).toEqual(DEFAULT_TRAVEL_MODEL);
  });

  test('speed per hour and detour from the pings of past deliveries, pulled towards the defaults when thin', async () => {
    const company = await makeCompany(db);
    const { rider } = await makeRider(db, company, { vehicleType: 'motorcycle', withUser: false });
    // 12 legs at 08:00 Kuwait at 24 km/h on 12 days; 1 leg at 13:00 at 12 km/h; one with a GPS jump; one after `until`.
    for (let d = 0; d < 12; d++) await leg(company, rider.id, DAY - (d + 1) * 86_400_000, 24);
    await leg(company, rider.id, DAY - 86_400_000 + 5 * 3_600_000, 12);
    await leg(company, rider.id, DAY - 3 * 86_400_000 + 2 * 3_600_000, 24, true);
    await leg(company, rider.id, DAY + 3_600_000, 60);

    const rows = await learnTravelModel(db, company.id, new Date(DAY));
    const all = rows.find((r) => r.hour === -1)!;
    expect(all.samples).toBe(13);
    expect(rows.filter((r) => r.vehicleType === 'motorcycle')).toHaveLength(25);
    expect(rows.every((r) => r.vehicleType === 'motorcycle')).toBe(true);

    // Road km over hours of the 13 legs: 26 km in 12 × 5 + 10 minutes = 22.29 km/h; towards the default 28 with weight 10.
    const raw = 26 / (70 / 60);
    const allDay = (13 * raw + SHRINK_DAY * 28) / (13 + SHRINK_DAY);
    expect(all.speedKmh).toBeCloseTo(allDay, 1);
    expect(all.detourFactor).toBeCloseTo((13 * Math.SQRT2 + SHRINK_DAY * 1.35) / (13 + SHRINK_DAY), 2);
    expect(rows.find((r) => r.hour === 8)!.speedKmh).toBeCloseTo((12 * 24 + SHRINK_HOUR * allDay) / (12 + SHRINK_HOUR), 1);
    expect(rows.find((r) => r.hour === 13)!.speedKmh).toBeCloseTo((12 + SHRINK_HOUR * allDay) / (1 + SHRINK_HOUR), 1);
    expect(rows.find((r) => r.hour === 20)!.speedKmh).toBe(all.speedKmh);

    const model = await loadTravelModel(db, company.id);
    expect(model.speedKmh.motorcycle[8]).toBeCloseTo(rows.find((r) => r.hour === 8)!.speedKmh, 6);
    expect(model.speedKmh.motorcycle[3]).toBe(all.speedKmh);
    expect(model.detourFactor.motorcycle).toBeCloseTo(all.detourFactor, 6);
    // A vehicle without legs keeps the defaults.
    expect(model.speedKmh.car).toEqual(DEFAULT_TRAVEL_MODEL.speedKmh.car);
    expect(model.detourFactor.car).toBe(DEFAULT_TRAVEL_MODEL.detourFactor.car);

    // Relearning replaces the rows; a model learned before `until` leaves out what came after.
    await learnTravelModel(db, company.id, new Date(DAY + 86_400_000));
    const stored = await db.select().from(etaModel);
    expect(stored.filter((r) => r.companyId === company.id && r.hour === -1)[0]!.samples).toBe(14);
  });

  test('implausible legs are left out', () => {
    const ok = { vehicle: 'car' as const, hour: 9, roadKm: 3, straightKm: 2, hours: 0.15 };
    expect(plausible(ok)).toBe(true);
    expect(plausible({ ...ok, hours: 1 / 60 })).toBe(false);
    expect(plausible({ ...ok, roadKm: 10 })).toBe(false);
    expect(plausible({ ...ok, straightKm: 0.1, roadKm: 0.2 })).toBe(false);
    expect(plausible({ ...ok, roadKm: 1.9 })).toBe(false);
  });
});
