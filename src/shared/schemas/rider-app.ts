import { z } from 'zod';
import { HANDOVER_STATUSES as CASH_STATUSES } from '../cash/ledger-types';
import { CURRENCIES } from '../money';
import { REGION_IDS } from '../regions';
import { byKey } from '../i18n/message';

/** Every rider write may carry a client-generated key; a replay with the same key is applied once. */
export const idempotencyKey = z.string().trim().min(8).max(80).regex(/^[A-Za-z0-9_-]+$/, byKey('errors.idempotencyKey')).optional();

/**
 * What the outbox says of a write (issue 20): when the phone recorded it and whether it is a replay (the rider
 * was not waiting for the answer). The REST shims fold the X-Recorded-At and X-Replay headers in here.
 */
export const outboxInfo = z.object({ recordedAt: z.number().int().positive().max(8_640_000_000_000_000).optional(), replay: z.boolean().optional() }).optional();

/** When the phone recorded it (ms since epoch); kept as the event time even when uploaded later. */
export const recordedAt = z.number().int().positive().optional();

const odometer = z.number(byKey('errors.odometerNumber')).int(byKey('errors.odometerWhole')).min(0).max(9_999_999);

export const dutyStartInput = z.object({ startOdometerKm: odometer, captureId: z.string().max(40).optional(), at: recordedAt, idempotencyKey, outbox: outboxInfo });
export const dutyEndInput = z.object({ endOdometerKm: odometer, captureId: z.string().max(40).optional(), at: recordedAt, idempotencyKey, outbox: outboxInfo });
export const dutyBreakInput = z.object({ at: recordedAt, idempotencyKey, outbox: outboxInfo });

export const cashSubmitInput = z.object({
  amount: z.number(byKey('errors.amountNumber')).finite(byKey('errors.amountNumber')).positive(byKey('app.cash.invalid')).max(1_000_000),
  /** The scanned cash slip (a `cash` capture of this rider) the amount was read from. */
  slipCaptureId: z.string().max(40).optional(),
  idempotencyKey,
});

export { CASH_STATUSES };
/** The admin's review of hand-overs: a list (optionally one status), and confirm or dispute one. */
export const cashListInput = z.object({ status: z.enum(CASH_STATUSES).optional(), limit: z.number().int().min(1).max(500).optional() });
export const cashReviewInput = z.object({ id: z.string().max(40), status: z.enum(['confirmed', 'disputed']) });

/**
 * POST /api/performance/sync. The spec's body also carries the phone's figures (ordersCompleted … efficiency,
 * workingHours): they are not part of the input, so zod drops them and the server records its own figures
 * (spec decision 153). Not refused: every phone and every sync queued offline still sends them.
 */
export const performanceSyncInput = z.object({
  syncType: z.enum(['auto', 'manual']).optional().default('manual'),
  timestamp: z.union([z.string().max(40), z.number()]).optional(),
  riderId: z.string().max(40).optional(),
  dutyStartTime: z.union([z.string().max(40), z.number(), z.null()]).optional(),
  currentLocation: z.unknown().optional(),
  breakCount: z.number().int().min(0).max(100).optional(),
  idempotencyKey,
});

export const riderRegionInput = z.object({
  region: z.enum(REGION_IDS),
  currency: z.enum(CURRENCIES).optional(),
  riderId: z.string().max(40).optional(),
  timestamp: z.union([z.string().max(40), z.number()]).optional(),
  idempotencyKey,
});

export const riderOrderStatusInput = z.discriminatedUnion('status', [
  z.object({ orderId: z.string().max(40), status: z.literal('picked_up'), at: recordedAt, idempotencyKey, outbox: outboxInfo }),
  z.object({
    orderId: z.string().max(40),
    status: z.literal('delivered'),
    recipientName: z.string().trim().min(1, byKey('app.deliver.recipientRequired')).max(120),
    proofCaptureId: z.string().max(40).optional(),
    pin: z.string().regex(/^\d{4}$/, byKey('app.deliver.pinInvalid')).optional(),
    at: recordedAt,
    idempotencyKey,
    outbox: outboxInfo,
  }),
  z.object({
    orderId: z.string().max(40),
    status: z.literal('failed'),
    reason: z.string().trim().min(1, byKey('app.fail.reasonRequired')).max(300),
    at: recordedAt,
    idempotencyKey,
    outbox: outboxInfo,
  }),
]);
export type RiderOrderStatusInput = z.infer<typeof riderOrderStatusInput>;
