import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import type { ApiOrderCreate } from '../../../shared/schemas/api-v1';
import { formatAddress } from '../../../shared/gulf/format';
import { currentLocale } from '../../../shared/i18n';
import { exactMinor, fromMinor } from '../../../shared/money';
import { conflict, invalid } from '../../errors';
import { createOrder } from '../directory';
import type { OrderRow } from './order-transition';
import { msg } from '../../../shared/i18n/message';

/** Keys sorted at every level: two bodies that differ only in key order are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The request's fingerprint under its Idempotency-Key: SHA-256 of the parsed body (defaults filled, phones normalised), canonical JSON. */
export const apiRequestHash = (input: ApiOrderCreate) => createHash('sha256').update(JSON.stringify(canonical(input)), 'utf8').digest('hex');

const byKey = (db: Db, companyId: string, key: string) =>
  db.query.orders.findFirst({ where: and(eq(orders.companyId, companyId), eq(orders.apiIdempotencyKey, key)) });

/** The order a key already made: the same request gets it back, another request under that key is refused (Stripe's rule). */
function replay(existing: OrderRow, hash: string) {
  if (existing.apiRequestHash !== hash) throw conflict(msg('shopApi.keyReused'), 'Idempotency-Key');
  return { created: false as const, order: existing };
}

/**
 * POST /api/v1/orders: a new order of the actor's company through the one order creation service
 * (directory/createOrder: its timeline row, audit, order.created webhook and the start of dispatch, where the
 * request's `autoDispatch` overrides the company's mode), once per Idempotency-Key.
 * Two requests racing with one key: the unique index (company, key) lets one insert; the other finds it and replays.
 */
export async function createApiOrder(db: Db, userId: string, companyId: string, key: string, input: ApiOrderCreate, now = new Date()): Promise<{ created: boolean; order: OrderRow }> {
  const hash = apiRequestHash(input);
  const existing = await byKey(db, companyId, key);
  if (existing) return replay(existing, hash);
  if (new Date(input.promisedAt).getTime() <= now.getTime()) throw invalid(msg('shopApi.promisePast'), 'promisedAt');
  // The schema checked the decimals against the currency; createOrder checks the currency is the company's.
  const fee = exactMinor(input.fee, input.currency)!;
  const cash = exactMinor(input.cashToCollect, input.currency)!;
  try {
    const made = await createOrder(
      db,
      userId,
      companyId,
      {
        customerName: input.customer.name,
        customerPhone: input.customer.phone,
        customerEmail: '',
        pickupAddress: formatAddress(input.pickup.address, currentLocale()),
        deliveryAddress: formatAddress(input.dropoff.address, currentLocale()),
        pickupAddressParts: input.pickup.address,
        deliveryAddressParts: input.dropoff.address,
        itemDescription: input.items,
        deliveryFee: fromMinor(fee, input.currency),
        codAmount: fromMinor(cash, input.currency),
        currency: input.currency,
        priority: 'normal',
        notes: input.notes,
      },
      {
        now,
        source: 'api',
        autoDispatch: input.autoDispatch,
        extras: {
          pickupLat: input.pickup.location.lat,
          pickupLng: input.pickup.location.lng,
          dropoffLat: input.dropoff.location.lat,
          dropoffLng: input.dropoff.location.lng,
          promisedAt: new Date(input.promisedAt),
          customerLocale: input.customer.language,
          apiIdempotencyKey: key,
          apiRequestHash: hash,
        },
      },
    );
    const order = await db.query.orders.findFirst({ where: eq(orders.id, made.order.id) });
    return { created: true, order: order! };
  } catch (err) {
    const raced = await byKey(db, companyId, key);
    if (raced) return replay(raced, hash);
    throw err;
  }
}
