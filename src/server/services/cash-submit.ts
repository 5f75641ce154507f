import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { captures, cashSubmissions, companies, riders } from '../../../db/schema';
import { fromMinor, toMinor, type Currency } from '../../shared/money';
import { conflict, invalid, notFound } from '../errors';
import { audit } from './audit';
import { ownCapture } from './capture-store';
import { cashPosition } from './rider-day';
import { emitCashSubmitted } from './webhooks';
import { t } from '../../shared/i18n';

/**
 * What the scanned slip says against what was handed over: the slip's confirmed amount (null when the
 * slip has no reading) and whether it differs from the submission (another currency counts as differing).
 */
export function slipCheck(amountMinor: number, currency: Currency, slip: { valueMinor: number | null; currency: Currency | null } | null) {
  if (!slip || slip.valueMinor === null) return null;
  const slipCurrency = slip.currency ?? currency;
  return { amount: fromMinor(slip.valueMinor, slipCurrency), currency: slipCurrency, mismatch: slipCurrency !== currency || slip.valueMinor !== amountMinor };
}

/**
 * A hand-over of cash: positive, never more than the rider holds; pending until it is confirmed.
 * With a scanned cash slip (the rider's own `cash` capture) the reviewer sees the slip's amount beside it.
 */
export async function submitCash(db: Db, riderId: string, input: { amount: number; slipCaptureId?: string }, now = new Date()) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(t('errors.riderNotFound'));
  const amountMinor = toMinor(input.amount, rider.region);
  if (amountMinor <= 0) throw invalid(t('app.cash.invalid'), 'amount');
  const { onHandMinor } = await cashPosition(db, riderId, rider.region);
  if (amountMinor > onHandMinor) {
    throw invalid(t('app.cash.tooMuch', { amount: `${fromMinor(onHandMinor, rider.region)} ${rider.region}` }), 'amount');
  }
  const slip = input.slipCaptureId ? await ownCapture(db, riderId, input.slipCaptureId, 'cash', 'slipCaptureId') : null;
  // One slip backs one hand-over: a photo reused cannot vouch for a second amount.
  if (slip && (await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.slipCaptureId, slip.id), columns: { id: true } }))) {
    throw conflict(t('errors.slipUsed'), 'slipCaptureId');
  }
  const [row] = await db
    .insert(cashSubmissions)
    .values({ riderId, amountMinor, currency: rider.region, status: 'pending', submittedAt: now, slipCaptureId: slip?.id ?? null })
    .returning();
  await emitCashSubmitted(db, rider, row!);
  return {
    success: true as const,
    submissionId: row!.id,
    amount: fromMinor(amountMinor, rider.region),
    currency: rider.region,
    slip: slipCheck(amountMinor, rider.region, slip),
  };
}

/** Hand-overs for the admin to review, pending first, with the slip's amount and a mismatch flag. */
export async function listCashSubmissions(db: Db, opts: { status?: 'pending' | 'confirmed' | 'disputed'; limit?: number } = {}) {
  const rows = await db
    .select({
      id: cashSubmissions.id,
      riderName: riders.name,
      companyName: companies.name,
      amountMinor: cashSubmissions.amountMinor,
      currency: cashSubmissions.currency,
      status: cashSubmissions.status,
      submittedAt: cashSubmissions.submittedAt,
      confirmedAt: cashSubmissions.confirmedAt,
      slipCaptureId: cashSubmissions.slipCaptureId,
      slipMinor: captures.valueMinor,
      slipCurrency: captures.currency,
      slipCorrected: captures.readingCorrected,
    })
    .from(cashSubmissions)
    .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .leftJoin(captures, eq(captures.id, cashSubmissions.slipCaptureId))
    .where(opts.status ? eq(cashSubmissions.status, opts.status) : undefined)
    .orderBy(sql`case when ${cashSubmissions.status} = 'pending' then 0 else 1 end`, desc(cashSubmissions.submittedAt))
    .limit(opts.limit ?? 100);
  return rows.map(({ slipMinor, slipCurrency, slipCorrected, ...r }) => ({
    ...r,
    amount: fromMinor(r.amountMinor, r.currency),
    submittedAt: r.submittedAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    slip: slipCheck(r.amountMinor, r.currency, r.slipCaptureId ? { valueMinor: slipMinor, currency: slipCurrency } : null),
    slipCorrected: slipCorrected ?? false,
  }));
}

/** Confirm or dispute a pending hand-over (once); audited. */
export async function reviewCashSubmission(db: Db, actorId: string, id: string, status: 'confirmed' | 'disputed', now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await tx.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, id) });
    if (!row) throw notFound(t('errors.cashSubmissionNotFound'));
    if (row.status !== 'pending') throw conflict(t('errors.handoverAlready', { status: row.status }));
    await tx
      .update(cashSubmissions)
      .set({ status, confirmedAt: status === 'confirmed' ? now : null })
      .where(and(eq(cashSubmissions.id, id), eq(cashSubmissions.status, 'pending')));
    await audit(tx, { actorId, action: status === 'confirmed' ? 'confirm' : 'dispute', entity: 'cash_submission', entityId: id, before: { status: row.status }, after: { status } });
    return { success: true as const, id, status };
  });
}
