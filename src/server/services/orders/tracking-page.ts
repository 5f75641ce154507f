import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, orderStatusEvents, riders } from '../../../../db/schema';
import { addressPlace } from '../../../shared/gulf/format';
import { REGIONS } from '../../../shared/regions';
import { storedAddressParts } from '../../../shared/schemas/address';
import type { OrderStatus } from '../../../shared/schemas/oversight';
import { LIVE_POSITION_MAX_AGE_MS, TRACKING_CODE_PATTERN } from '../../../shared/schemas/track';
import { invalid, notFound } from '../../errors';
import { msg } from '../../../shared/i18n/message';
import { lastSeenDate, positionMs } from '../reports';

/** Statuses in which the order has (or had) a rider the customer may know by first name. */
const WITH_RIDER: readonly OrderStatus[] = ['assigned', 'picked_up', 'delivered', 'failed'];

/** What a customer holding the link may see. Every field is listed here on purpose: nothing else leaves. */
export interface PublicTracking {
  status: OrderStatus;
  timeline: { status: OrderStatus; at: string }[];
  rider: { firstName: string } | null;
  position: { lat: number; lng: number; updatedAt: string } | null;
  area: string;
  /**
   * The structured delivery address's area and governorate/emirate in both languages (issue 8), or
   * null for a free-text address. Coarse on purpose: never the block, street, flat, PACI or pin.
   */
  place: { area: { en: string; ar: string }; division: { en: string; ar: string } } | null;
  timezone: string;
  /** The 4-digit code the customer tells the rider at the door, while the order is on its way. */
  deliveryPin: string | null;
  /** Issue 25: the estimated arrival at the door ("arriving in about 12 min"), while the order is on its way. */
  eta: { dropoffAt: string; minutes: number } | null;
}

/** An ETA this far past is stale (the rider stopped pinging): not shown. */
const ETA_STALE_MS = 5 * 60_000;

/** The drop-off ETA as the customer sees it: whole minutes from now, at least 1; null when none or stale. */
export function customerEta(status: OrderStatus, etaDropoffAt: Date | null, now: Date): PublicTracking['eta'] {
  if ((status !== 'assigned' && status !== 'picked_up') || !etaDropoffAt || etaDropoffAt.getTime() < now.getTime() - ETA_STALE_MS) return null;
  return { dropoffAt: etaDropoffAt.toISOString(), minutes: Math.max(1, Math.round((etaDropoffAt.getTime() - now.getTime()) / 60_000)) };
}

/** The first word of a name: 'Rashid Al-Ali' → 'Rashid'. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The delivery address's first segment (Latin or Arabic comma): 'Salmiya, Block 10, …' → 'Salmiya'. */
export const deliveryArea = (address: string) => address.split(/[,،\n]/)[0]!.trim();

/** Area and governorate/emirate of stored parts, in both languages; nothing finer. */
export function coarsePlace(stored: unknown): PublicTracking['place'] {
  const parts = storedAddressParts(stored);
  if (!parts) return null;
  const en = addressPlace(parts, 'en');
  const ar = addressPlace(parts, 'ar');
  return { area: { en: en.area, ar: ar.area }, division: { en: en.division, ar: ar.division } };
}

/** The public tracking page's answer for a code; one lookup by the unique index on tracking_code. */
export async function publicTracking(db: Db, code: string, now = new Date()): Promise<PublicTracking> {
  if (!TRACKING_CODE_PATTERN.test(code)) throw invalid(msg('errors.trackingCodeInvalid'), 'code');
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      deliveryAddress: orders.deliveryAddress,
      deliveryAddressParts: orders.deliveryAddressParts,
      deliveryPin: orders.deliveryPin,
      etaDropoffAt: orders.etaDropoffAt,
      region: companies.region,
      // The assigned rider's name and last position (null before assignment).
      rider: { name: riders.name, lat: riders.lastLat, lng: riders.lastLng, seenAtMs: positionMs },
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(riders, eq(riders.id, orders.riderId))
    .where(eq(orders.trackingCode, code))
    .limit(1);
  if (!row) throw notFound(msg('errors.trackingNotFound'));
  const events = await db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, row.id))
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));

  const place = coarsePlace(row.deliveryAddressParts);
  const rider = row.rider?.name != null && WITH_RIDER.includes(row.status) ? row.rider : null;
  const seenAt = lastSeenDate(rider?.seenAtMs);
  const fresh = seenAt !== null && now.getTime() - seenAt.getTime() <= LIVE_POSITION_MAX_AGE_MS;
  const live = row.status === 'picked_up' && fresh && rider !== null && rider.lat !== null && rider.lng !== null;
  return {
    status: row.status,
    timeline: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
    rider: rider ? { firstName: firstName(rider.name) } : null,
    position: live ? { lat: rider.lat!, lng: rider.lng!, updatedAt: seenAt!.toISOString() } : null,
    area: place ? `${place.area.en}, ${place.division.en}` : deliveryArea(row.deliveryAddress),
    place,
    timezone: REGIONS[row.region].timezone,
    deliveryPin: row.status === 'assigned' || row.status === 'picked_up' ? row.deliveryPin : null,
    eta: customerEta(row.status, row.etaDropoffAt, now),
  };
}
