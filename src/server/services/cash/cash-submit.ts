import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashSubmissions, riders } from '../../../../db/schema';
import { handoverQrText, type CashSubmitRequest } from '../../../shared/cash/handover';
import type { HandoverStatus } from '../../../shared/cash/ledger-types';
import { fromMinor, type Currency } from '../../../shared/money';
import { conflict, invalid, notFound } from '../../errors';
import { ownCapture } from '../captures';
import { minorOrRefuse } from './amounts';
import { newHandoverCode } from './code';
import { assertPending, listHandovers, receiveHandover, returnToHand, scopedSubmission, slipCheck } from './handover';
import { postJournal, riderBalances } from './ledger';
import { once } from '../../lib/idempotency';
import { cashOperationCurrency } from '../rider';
import { emitCashSubmitted } from '../integrations';
import { msg } from '../../../shared/i18n/message';

export { slipCheck };

/**
 * A hand-over of cash (issue 9), in one write transaction: what the rider holds is read from the
 * ledger, the amount moves hand → transit, the submission is stored with a fresh one-time code (only
 * its SHA-256), and the code comes back once. Pending until the company counts it. A bank deposit
 * needs its photographed slip; any slip's read amount is shown beside the amount to whoever confirms.
 * Concurrent submissions serialize on the write lock (BEGIN IMMEDIATE), so they never spend the same
 * cash twice.
 */
export async function submitCash(db: Db, riderId: string, input: { amount: number; channel?: CashSubmitRequest['channel']; slipCaptureId?: string; currency?: Currency }, now = new Date()) {
  return db.transaction(async (tx) => {
    const rider = await tx.query.riders.findFirst({ where: eq(riders.id, riderId) });
    if (!rider) throw notFound(msg('errors.riderNotFound'));
    // The currency of the cash asked for, else the one the rider holds cash in (never the region the rider picked).
    const currency = await cashOperationCurrency(tx, rider, input.currency);
    const amountMinor = minorOrRefuse(input.amount, currency, 'amount');
    if (amountMinor <= 0) throw invalid(msg('app.cash.invalid'), 'amount');
    const { handMinor } = await riderBalances(tx, riderId, currency);
    // Spec section 5: nothing to submit at 0 or less.
    if (handMinor <= 0) throw invalid(msg('app.cash.noCashText'), 'amount');
    if (amountMinor > handMinor) throw invalid(msg('app.cash.tooMuch', { amount: `${fromMinor(handMinor, currency)} ${currency}` }), 'amount');
    const channel = input.channel ?? 'handover';
    if (channel === 'bank_deposit' && !input.slipCaptureId) throw invalid(msg('handover.error.slipRequired'), 'slipCaptureId');
    const slip = input.slipCaptureId ? await ownCapture(tx as unknown as Db, riderId, input.slipCaptureId, 'cash', 'slipCaptureId') : null;
    // One slip backs one hand-over: a photo reused cannot vouch for a second amount.
    if (slip && (await tx.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.slipCaptureId, slip.id), columns: { id: true } }))) {
      throw conflict(msg('errors.slipUsed'), 'slipCaptureId');
    }
    // A bank deposit is checked against its slip and the bank account: no one meets, so no code.
    const code = channel === 'handover' ? newHandoverCode(now) : null;
    const [row] = await tx
      .insert(cashSubmissions)
      .values({ riderId, amountMinor, currency, status: 'pending', channel, submittedAt: now, slipCaptureId: slip?.id ?? null, codeHash: code?.codeHash ?? null, codeExpiresAt: code?.codeExpiresAt ?? null })
      .returning();
    await postJournal(tx, {
      kind: 'handover_submitted',
      riderId,
      companyId: rider.companyId,
      currency,
      submissionId: row!.id,
      actorId: rider.userId,
      at: now,
      lines: [
        { account: 'hand', amountMinor: -amountMinor },
        { account: 'transit', amountMinor },
      ],
    });
    await emitCashSubmitted(tx as unknown as Db, rider, row!);
    return {
      success: true as const,
      submissionId: row!.id,
      amountMinor,
      currency,
      channel,
      status: 'pending' as HandoverStatus,
      slip: slipCheck(amountMinor, currency, slip),
      ...(code ? { code: code.code, qr: handoverQrText(row!.id, code.code), codeExpiresAt: code.codeExpiresAt.toISOString() } : {}),
    };
  });
}

export type CashSubmitAnswer = Awaited<ReturnType<typeof submitCash>>;

/**
 * submitCash applied once per idempotency key. The stored answer (replayed to a retry) never holds the
 * code: only its hash is kept anywhere; a rider whose answer was lost asks for a new code.
 */
export async function submitCashOnce(db: Db, userId: string, riderId: string, input: { amount: number; channel?: CashSubmitRequest['channel']; slipCaptureId?: string; currency?: Currency; idempotencyKey?: string }, now = new Date()) {
  let fresh: Pick<CashSubmitAnswer, 'code' | 'qr' | 'codeExpiresAt'> = {};
  const stored = await once(db, userId, 'cash.submit', input.idempotencyKey, async (tx) => {
    const { code, qr, codeExpiresAt, ...rest } = await submitCash(tx, riderId, input, now);
    fresh = code ? { code, qr, codeExpiresAt } : {};
    return rest;
  }, now);
  return { ...stored, ...fresh } as CashSubmitAnswer;
}

/** Hand-overs for the admin: pending first, with what was counted, the slip's amount and a mismatch flag. */
export async function listCashSubmissions(db: Db, opts: { status?: HandoverStatus; limit?: number } = {}) {
  return listHandovers(db, opts.status ? eq(cashSubmissions.status, opts.status) : undefined, opts.limit ?? 100);
}

/**
 * The admin confirms a pending hand-over as handed over in full, or disputes it (the cash goes back to
 * the rider's hand, to be handed over again). Once; audited.
 */
export async function reviewCashSubmission(db: Db, actorId: string, id: string, status: 'confirmed' | 'disputed', now = new Date()) {
  return db.transaction(async (tx) => {
    const { s, rider } = await scopedSubmission(tx, { companyId: null }, id);
    assertPending(s);
    if (status === 'confirmed') await receiveHandover(tx, s, rider, actorId, s.amountMinor, null, now);
    else await returnToHand(tx, s, rider, actorId, 'disputed', now);
    return { success: true as const, id, status };
  });
}
