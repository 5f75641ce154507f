import { eq } from 'drizzle-orm';
import type { VehicleType } from '../src/shared/compliance/rules';
import type { Currency } from '../src/shared/money';
import { REGIONS } from '../src/shared/regions';
import { zoneOffsetMinutes } from '../src/shared/time';
import type { Db } from './client';
import { dutyBreaks, dutyShifts, locationPings, newId, orders, orderStatusEvents, riders, type companies } from './schema';
import type { SeedCashOrder } from './seed-cash';
import { buildOrders } from './seed-orders';
import { cityOf } from './seed-places';
import { shiftPings, type SeedPing } from './seed-pings';
import type { Rand } from './seed-random';
import { planShifts } from './seed-shifts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface FleetSeed {
  company: typeof companies.$inferSelect;
  riders: (typeof riders.$inferSelect)[];
  /** How many orders in all (the Orders tab's sample count). */
  orders: number;
  addresses: readonly string[];
  pickups: readonly string[];
  phonePrefix: string;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters. */
const CHUNK = 400;
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * The demo's working month (issue 21), one story per company: the shifts (seed-shifts.ts), the orders
 * delivered in them (seed-orders.ts, seed-trips.ts), the pings along each trip's roads (seed-pings.ts),
 * odometer readings that cover the kilometres ridden, and each rider's last position and time from their
 * last ping. Returns the orders (for the cash ledger) and when each rider handed over their cash: 20
 * minutes after each shift ended.
 */
export async function seedDuty(tx: Tx, rand: Rand, fleets: readonly FleetSeed[], now: number) {
  const cashOrders: SeedCashOrder[] = [];
  const handoverTimes = new Map<string, number[]>();
  for (const fleet of fleets) {
    const { company } = fleet;
    const region = REGIONS[company.region];
    const shifts = planShifts(rand, fleet.riders, zoneOffsetMinutes(region.timezone, new Date(now)), now);
    const vehicles = new Map(fleet.riders.filter((r) => r.status === 'active').map((r) => [r.id, r.vehicleType as VehicleType]));
    const city = cityOf(company.currency);
    const co = { id: company.id, currency: company.currency as Currency, region: company.region, city, addresses: fleet.addresses, pickups: fleet.pickups, phonePrefix: fleet.phonePrefix, vehicles };
    const built = buildOrders(rand, co, shifts, fleet.orders, now);

    const shiftRows: (typeof dutyShifts.$inferInsert)[] = [];
    const breakRows: (typeof dutyBreaks.$inferInsert)[] = [];
    const pings: SeedPing[] = [];
    const odometer = new Map(fleet.riders.map((r, i) => [r.id, 40_000 + i * 7_919]));
    for (const s of [...shifts].sort((a, b) => a.start - b.start)) {
      const id = newId();
      const trail = shiftPings(rand, city, s, built.trips, vehicles.get(s.riderId) ?? 'motorcycle', now);
      pings.push(...trail.pings);
      // The odometer covers the GPS kilometres and a few more (a ride home, a detour).
      const startKm = odometer.get(s.riderId)! + rand.int(1, 6);
      const endKm = s.end === null ? null : startKm + Math.ceil(trail.km * 1.05) + rand.int(0, 3);
      odometer.set(s.riderId, endKm ?? startKm);
      shiftRows.push({ id, riderId: s.riderId, startedAt: new Date(s.start), endedAt: s.end === null ? null : new Date(s.end), startOdometerKm: startKm, endOdometerKm: endKm, endedBy: s.end === null ? null : 'rider' });
      for (const b of s.breaks) breakRows.push({ shiftId: id, startedAt: new Date(b.start), endedAt: new Date(b.end) });
      if (s.end !== null) handoverTimes.set(s.riderId, [...(handoverTimes.get(s.riderId) ?? []), s.end + 20 * 60_000]);
    }
    await insertAll(shiftRows, (c) => tx.insert(dutyShifts).values(c));
    await insertAll(breakRows, (c) => tx.insert(dutyBreaks).values(c));
    await insertAll(built.rows, (c) => tx.insert(orders).values(c));
    await insertAll(built.events, (c) => tx.insert(orderStatusEvents).values(c));
    await insertAll(pings, (c) => tx.insert(locationPings).values(c));

    // Each rider's last known position: their last ping.
    const lastOf = new Map<string, SeedPing>();
    for (const p of pings) if ((lastOf.get(p.riderId)?.recordedAt ?? 0) < p.recordedAt) lastOf.set(p.riderId, p);
    for (const [riderId, p] of lastOf) await tx.update(riders).set({ lastLat: p.lat, lastLng: p.lng, lastSeenAt: p.recordedAt }).where(eq(riders.id, riderId));

    for (const o of built.rows) {
      cashOrders.push({ id: o.id, status: o.status!, riderId: o.riderId ?? null, companyId: o.companyId, currency: o.currency!, paymentMethod: o.paymentMethod!, codAmountMinor: o.codAmountMinor ?? 0, deliveredAt: o.deliveredAt ?? null });
    }
  }
  return { orders: cashOrders, handoverTimes };
}
