import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dispatchSettings, dutyBreaks, dutyShifts, orders, riders, webhookEndpoints } from '../db/schema';
import type { LatLng } from '../src/shared/geo';
import { makeOrder, makeRider } from './factories';
import { makeWorld } from './world';
import { freshDb } from './db';

/** A fixed instant (11:00 in Kuwait, November: no summer rule applies) the dispatch tests start from. */
export const T0 = new Date('2026-11-03T08:00:00Z');
export const later = (seconds: number, from = T0) => new Date(from.getTime() + seconds * 1000);

/** The Sultan Center in Salmiya, and points a given number of metres north of it. */
export const PICKUP: LatLng = { lat: 29.3346, lng: 48.0768 };
export const north = (metres: number, from: LatLng = PICKUP): LatLng => ({ lat: from.lat + metres / 111_195, lng: from.lng });

type Company = Awaited<ReturnType<typeof makeWorld>>['companyA'];

/** Company A of the two-tenant world in automatic dispatch (other settings default unless given). */
export async function dispatchWorld(db: Db, settings: Partial<typeof dispatchSettings.$inferInsert> = {}) {
  const w = await makeWorld(db);
  await db.insert(dispatchSettings).values({ companyId: w.companyA.id, mode: 'auto', ...settings });
  return w;
}

/** A rider of `company` on duty since an hour before T0, at `at` (null: position unknown). */
export async function riderOnDuty(db: Db, company: Company, at: LatLng | null, over: Partial<typeof riders.$inferInsert> = {}) {
  const { rider } = await makeRider(db, company, { onDuty: true, lastLat: at?.lat ?? null, lastLng: at?.lng ?? null, lastSeenAt: at ? T0 : null, ...over });
  const [shift] = await db.insert(dutyShifts).values({ riderId: rider.id, startedAt: later(-3600), startOdometerKm: 1000 }).returning();
  return { ...rider, shiftId: shift!.id };
}

export async function startBreakAt(db: Db, shiftId: string, at = later(-60)) {
  await db.insert(dutyBreaks).values({ shiftId, startedAt: at });
}

/** A pending order of `company` picked up at `pickup` and dropped off `dropMetres` north of it. */
export function pendingOrder(db: Db, company: Company, pickup: LatLng = PICKUP, over: Partial<typeof orders.$inferInsert> = {}, dropMetres = 2000) {
  const drop = north(dropMetres, pickup);
  return makeOrder(db, company, { status: 'pending', pickupLat: pickup.lat, pickupLng: pickup.lng, dropoffLat: drop.lat, dropoffLng: drop.lng, createdAt: T0, ...over });
}

export async function orderNow(db: Db, id: string) {
  return (await db.query.orders.findFirst({ where: eq(orders.id, id) }))!;
}

/** A webhook endpoint of the company wanting `events`, so their deliveries are recorded. */
export async function hookFor(db: Db, companyId: string, events: string[]) {
  const [row] = await db.insert(webhookEndpoints).values({ companyId, url: 'https://hooks.example.com/kwt', secret: 'matrix-secret', events }).returning();
  return row!;
}

/** A fresh database with the dispatch world in it (for a beforeEach). */
export async function freshDispatchWorld(settings: Parameters<typeof dispatchWorld>[1] = {}) {
  const db = await freshDb();
  return { db, w: await dispatchWorld(db, settings) };
}
