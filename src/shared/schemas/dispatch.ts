import { z } from 'zod';
import { CURRENCIES } from '../money';
import { VEHICLE_TYPES } from './fields';

/**
 * Issue 25: the dispatch contract shared by the server, the rider app, the company portal and the
 * shop order API (/api/v1). Money on these wires is a decimal string in the order's currency ("1.250" KWD, "12.50" AED).
 */
export const DISPATCH_MODES = ['manual', 'auto'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

export const DISPATCH_DEFAULTS = {
  mode: 'manual' as DispatchMode,
  offerSeconds: 60,
  maxAttempts: 5,
  batchRadiusMeters: 500,
  timeoutsToPause: 3,
  maxLoad: 3,
};

export const dispatchSettingsInput = z.object({
  mode: z.enum(DISPATCH_MODES),
  offerSeconds: z.number().int().min(15).max(600).default(DISPATCH_DEFAULTS.offerSeconds),
  maxAttempts: z.number().int().min(1).max(20).default(DISPATCH_DEFAULTS.maxAttempts),
  batchRadiusMeters: z.number().int().min(0).max(5000).default(DISPATCH_DEFAULTS.batchRadiusMeters),
  timeoutsToPause: z.number().int().min(1).max(20).default(DISPATCH_DEFAULTS.timeoutsToPause),
  maxLoad: z.number().int().min(1).max(10).default(DISPATCH_DEFAULTS.maxLoad),
});
export type DispatchSettings = z.output<typeof dispatchSettingsInput>;

/** One order inside an offer, as the rider sees it. */
export const offerOrderView = z.object({
  id: z.string(),
  seq: z.number().int(),
  customerName: z.string(),
  pickupAddress: z.string(),
  /** The drop-off's area (the rider learns the full address on acceptance). */
  dropoffArea: z.string(),
  currency: z.enum(CURRENCIES),
  /** Money on the wire of tRPC and the REST shims: major units as a JSON number (1.25 for KWD 1.250), docs/architecture.md. */
  fee: z.number(),
  cashToCollect: z.number(),
  etaPickupAt: z.string().nullable(),
  etaDropoffAt: z.string().nullable(),
});

/** GET /api/rider/offers: the rider's open offers. */
export const riderOfferView = z.object({
  id: z.string(),
  orders: z.array(offerOrderView),
  /** The stops in order: each pickup before its drop-off. */
  stops: z.array(z.object({ orderId: z.string(), kind: z.enum(['pickup', 'dropoff']), address: z.string() })),
  offeredAt: z.string(),
  expiresAt: z.string(),
  distanceKm: z.number(),
  currency: z.enum(CURRENCIES),
  fee: z.number(),
  cashToCollect: z.number(),
});
export type RiderOfferView = z.infer<typeof riderOfferView>;

export const offerAnswerInput = z.object({ offerId: z.string().min(1).max(64) });

/** The point of a pickup or drop-off given by the shop API. */
export const geoPoint = z.object({ lat: z.number().finite().min(-90).max(90), lng: z.number().finite().min(-180).max(180) });

export const vehicleType = z.enum(VEHICLE_TYPES);
