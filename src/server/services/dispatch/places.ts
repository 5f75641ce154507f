import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import { findArea } from '../../../shared/gulf/areas';
import { currentLocale } from '../../../shared/i18n';
import type { AddressParts } from '../../../shared/schemas/address';
import type { OrderRow } from './facts';

const pinOf = (parts: unknown) => (parts as AddressParts | null)?.pin ?? null;

/**
 * The order's pickup and drop-off coordinates, filled from its address pins when missing (an order made in the form
 * or imported with a pin has them only there). Returns the order as it now is.
 */
export async function withCoordinates(db: Db, order: OrderRow): Promise<OrderRow> {
  const pickup = order.pickupLat === null ? pinOf(order.pickupAddressParts) : null;
  const dropoff = order.dropoffLat === null ? pinOf(order.deliveryAddressParts) : null;
  if (!pickup && !dropoff) return order;
  const patch = {
    ...(pickup ? { pickupLat: pickup.lat, pickupLng: pickup.lng } : {}),
    ...(dropoff ? { dropoffLat: dropoff.lat, dropoffLng: dropoff.lng } : {}),
  };
  const [row] = await db.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
  return row ?? order;
}

/**
 * The area of an address, in the reader's language: the structured address's area, else the first part of the
 * one-line text ("Salmiya, Block 10, …" → "Salmiya"). A rider sees only the drop-off's area before accepting.
 */
export function areaName(parts: unknown, text: string): string {
  const p = parts as AddressParts | null;
  if (p?.area) {
    const area = findArea(p.country, p.country === 'KW' ? p.governorate : p.emirate, p.area);
    if (area) return currentLocale() === 'ar' ? area.ar : area.en;
    return p.area;
  }
  return text.split(/[,،]/)[0]!.trim();
}
