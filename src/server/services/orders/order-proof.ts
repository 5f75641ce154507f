import { and, asc, desc, eq, gt, gte, lte } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db } from '../../../../db/client';
import { captures, flaggedRecords, locationPings, orders } from '../../../../db/schema';
import { notFound, unauthorized } from '../../errors';
import { assertCan, type Actor } from '../access';
import { sniffImage } from '../../lib/image-bytes';
import { msg } from '../../../shared/i18n/message';

/**
 * Proof of delivery as the company and the admin see it (issue 21, item 4): who took the parcel, whether the
 * customer's PIN matched, the photo, and where the rider was when it was delivered. Nothing new is stored for
 * it: the order keeps the name, photo and PIN check; a PIN that did not match was flagged when the offline
 * delivery reached the server (conflicts/flags.ts: online, a wrong PIN is refused); the place is the rider's
 * ping nearest the delivery moment, read when asked, so pings that arrive late (an offline phone) still count.
 */

/** A ping further than this from the delivery moment does not say where it happened. */
export const PROOF_PING_WINDOW_MS = 10 * 60_000;

export type PinCheck = 'matched' | 'mismatch' | 'not_entered';

export interface DeliveryPlace {
  lat: number;
  lng: number;
  accuracyM: number | null;
  /** When the position was taken (ISO). */
  at: string;
  /** The rider's location ping, or (without one near the moment) the position the proof photo was taken at. */
  source: 'ping' | 'photo';
}

export interface DeliveryProof {
  recipientName: string | null;
  pin: PinCheck;
  /** GET /api/orders/:id/proof-photo serves it to the order's company and admins. */
  photoUrl: string | null;
  place: DeliveryPlace | null;
}

type Order = typeof orders.$inferSelect;

/** The proof photo the order names, if it really is a proof photo of the rider who delivered it. */
async function proofCapture(db: Db, order: Pick<Order, 'proofCaptureId' | 'riderId'>) {
  if (!order.proofCaptureId || !order.riderId) return null;
  const row = await db.query.captures.findFirst({
    where: and(eq(captures.id, order.proofCaptureId), eq(captures.riderId, order.riderId), eq(captures.type, 'proof')),
  });
  return row?.imagePath ? row : null;
}

/** The rider's ping nearest `at`, within PROOF_PING_WINDOW_MS either side. */
async function nearestPing(db: Db, riderId: string, at: Date) {
  const cols = { lat: locationPings.lat, lng: locationPings.lng, accuracyM: locationPings.accuracyM, recordedAt: locationPings.recordedAt };
  const mine = eq(locationPings.riderId, riderId);
  const [[before], [after]] = await Promise.all([
    db.select(cols).from(locationPings)
      .where(and(mine, lte(locationPings.recordedAt, at), gte(locationPings.recordedAt, new Date(at.getTime() - PROOF_PING_WINDOW_MS))))
      .orderBy(desc(locationPings.recordedAt)).limit(1),
    db.select(cols).from(locationPings)
      .where(and(mine, gt(locationPings.recordedAt, at), lte(locationPings.recordedAt, new Date(at.getTime() + PROOF_PING_WINDOW_MS))))
      .orderBy(asc(locationPings.recordedAt)).limit(1),
  ]);
  const gap = (p: typeof before) => (p ? Math.abs(p.recordedAt.getTime() - at.getTime()) : Infinity);
  return gap(before) <= gap(after) ? before : after;
}

/** The proof of a delivered order; null for any other status. */
export async function deliveryProof(db: Db, order: Order): Promise<DeliveryProof | null> {
  if (order.status !== 'delivered' || !order.deliveredAt) return null;
  const deliveredAt = order.deliveredAt;
  const [photo, ping, mismatch] = await Promise.all([
    proofCapture(db, order),
    order.riderId ? nearestPing(db, order.riderId, deliveredAt) : undefined,
    order.pinVerified
      ? undefined
      : db.query.flaggedRecords.findFirst({ where: and(eq(flaggedRecords.orderId, order.id), eq(flaggedRecords.kind, 'pin_mismatch')), columns: { id: true } }),
  ]);
  const place: DeliveryPlace | null = ping
    ? { lat: ping.lat, lng: ping.lng, accuracyM: ping.accuracyM, at: ping.recordedAt.toISOString(), source: 'ping' }
    : photo && photo.lat !== null && photo.lng !== null
      ? { lat: photo.lat, lng: photo.lng, accuracyM: photo.accuracyM, at: photo.capturedAt.toISOString(), source: 'photo' }
      : null;
  return {
    recipientName: order.recipientName,
    pin: order.pinVerified ? 'matched' : mismatch ? 'mismatch' : 'not_entered',
    photoUrl: photo ? `/api/orders/${encodeURIComponent(order.id)}/proof-photo` : null,
    place,
  };
}

const CONTENT_TYPE = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * The proof photo's bytes, for the order's own company and admins. A rider (even the one who took it) is refused;
 * another company's order, an order without a photo and a missing file all answer "Order not found".
 */
export async function readProofPhoto(db: Db, actor: Actor | null, orderId: string, dir: string) {
  if (!actor) throw unauthorized(msg('error.UNAUTHORIZED'));
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  // The table decides: a role without view-analytics is refused; another company's order answers as a missing one.
  assertCan(actor, 'view-analytics', { companyId: order?.companyId ?? null }, msg('errors.orderNotFound'));
  const photo = order?.status === 'delivered' ? await proofCapture(db, order) : null;
  if (!photo?.imagePath) throw notFound(msg('errors.orderNotFound'));
  // The row holds a file name in CAPTURES_DIR (capture-store.ts); never a path out of it.
  const bytes = await readFile(join(dir, basename(photo.imagePath))).catch(() => null);
  const kind = bytes ? sniffImage(bytes) : null;
  if (!bytes || !kind) throw notFound(msg('errors.orderNotFound'));
  return { bytes, contentType: CONTENT_TYPE[kind] };
}
