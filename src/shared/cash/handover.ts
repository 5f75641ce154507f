import { z } from 'zod';
import { normalizeDigits } from '../digits';
import { CURRENCIES } from '../money';
import { idempotencyKey } from '../schemas/rider-app';
import { DISCREPANCY_RESOLUTIONS, HANDOVER_CHANNELS, HANDOVER_STATUSES } from './ledger-types';

/**
 * Inputs of the verified cash hand-over (issue 9): the rider's submission, the company's count,
 * discrepancy resolutions and corrections. Amounts are major units (3.250 KWD); the services turn
 * them into integer minor units with the rider's currency.
 */

/** Digits of the one-time code; the rider's QR code carries it too. */
export const HANDOVER_CODE_DIGITS = 6;
/** How long a code is valid; the rider can ask for a new one at any time. */
export const HANDOVER_CODE_TTL_MS = 30 * 60_000;
/** Wrong codes before a hand-over is locked (until the rider shows a new code). */
export const HANDOVER_MAX_ATTEMPTS = 5;

const QR_PREFIX = 'kwt-handover';

/** The text inside the rider's QR code: `kwt-handover:<submissionId>:<code>`. */
export const handoverQrText = (submissionId: string, code: string) => `${QR_PREFIX}:${submissionId}:${code}`;

/** A scanned QR text back into the hand-over and its code, or null when it is not one of ours. */
export function parseHandoverQr(text: string): { submissionId: string; code: string } | null {
  const m = /^kwt-handover:([A-Za-z0-9_-]{1,40}):(\d{6})$/.exec(text.trim());
  return m ? { submissionId: m[1]!, code: m[2]! } : null;
}

/** A typed amount: a number, or text with Latin or Arabic-Indic digits ("٥٫٢٥٠"). */
const amountValue = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(normalizeDigits(v).trim().replace(',', '.')) : v),
  z.number('Amount must be a number').finite('Amount must be a number'),
);
const positiveAmount = amountValue.pipe(z.number().positive('Amount must be more than 0').max(1_000_000));
const id = z.string().trim().min(1).max(40);

/** POST /api/riders/{id}/cash/submit and rider.submitCash. A bank deposit needs its photographed slip. */
export const cashSubmitRequest = z.object({
  id,
  amount: positiveAmount,
  channel: z.enum(HANDOVER_CHANNELS).optional().default('handover'),
  /** The scanned cash or deposit slip (a `cash` capture of this rider). */
  slipCaptureId: z.string().max(40).optional(),
  /** Which of the rider's currencies; default: the one the rider's screens show (services/rider/rider-region.ts). */
  currency: z.enum(CURRENCIES).optional(),
  idempotencyKey,
});
export type CashSubmitRequest = z.infer<typeof cashSubmitRequest>;

export const handoverId = z.object({ id });

/** The code as typed (spaces and Arabic-Indic digits allowed) → 6 ASCII digits. */
export const handoverCode = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeDigits(v).replace(/[\s-]/g, '') : v),
  z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
);

/**
 * The company counts a hand-over: verified by the rider's QR code or typed code (a bank deposit:
 * by its slip, no code), with the amount it counted.
 */
export const handoverConfirmInput = z.object({
  id,
  method: z.enum(['qr', 'code', 'slip']),
  code: handoverCode.optional(),
  counted: amountValue.pipe(z.number().min(0, 'The counted amount cannot be negative').max(1_000_000)),
});
export type HandoverConfirmInput = z.infer<typeof handoverConfirmInput>;

export const handoverResolveInput = z.object({
  id,
  resolution: z.enum(DISCREPANCY_RESOLUTIONS),
  note: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
});
export type HandoverResolveInput = z.infer<typeof handoverResolveInput>;

/** A manual correction to what a rider holds: + adds to cash on hand, − takes away; always with a reason. */
export const cashCorrectionInput = z.object({
  riderId: id,
  amount: amountValue.pipe(z.number().refine((n) => n !== 0, 'Amount cannot be 0').refine((n) => Math.abs(n) <= 1_000_000, 'Amount is too large')),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
  /** Which of the rider's currencies; default: the one the ledger dialog shows (services/rider/rider-region.ts). */
  currency: z.enum(CURRENCIES).optional(),
});
export type CashCorrectionInput = z.infer<typeof cashCorrectionInput>;

export const handoverListInput = z.object({ status: z.enum(HANDOVER_STATUSES).optional(), limit: z.number().int().min(1).max(200).optional() }).optional();
export const riderLedgerInput = z.object({ riderId: id, limit: z.number().int().min(1).max(500).optional() });
