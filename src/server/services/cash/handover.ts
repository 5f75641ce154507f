import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../../db/client';
import { captures, cashSubmissions, companies, riders, users } from '../../../../db/schema';
import { HANDOVER_MAX_ATTEMPTS, handoverQrText, type HandoverConfirmInput, type HandoverResolveInput } from '../../../shared/cash/handover';
import type { DiscrepancyResolution, LedgerAccount, ReceiptMethod } from '../../../shared/cash/ledger-types';
import type { Currency } from '../../../shared/money';
import { conflict, invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { notify } from '../compliance';
import { minorOrRefuse } from './amounts';
import { codeMatches, newHandoverCode } from './code';
import { postJournal, type DbOrTx } from './ledger';
import { labelOr, msg } from '../../../shared/i18n/message';
import type { Actor } from '../access';

type SubmissionRow = typeof cashSubmissions.$inferSelect;
type RiderRow = typeof riders.$inferSelect;

const statusWord = (status: string) => labelOr(`cashReview.status.${status}`, status);

/** A hand-over of the scope's riders; another company's answers exactly like a missing one (404). */
export async function scopedSubmission(db: DbOrTx, scope: { companyId: string | null }, id: string) {
  const [row] = await db
    .select({ s: cashSubmissions, rider: riders })
    .from(cashSubmissions)
    .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
    .where(scope.companyId ? and(eq(cashSubmissions.id, id), eq(riders.companyId, scope.companyId)) : eq(cashSubmissions.id, id));
  if (!row) throw notFound(msg('errors.cashSubmissionNotFound'));
  return row;
}

export function assertPending(s: SubmissionRow) {
  if (s.status !== 'pending') throw conflict(msg('errors.handoverAlready', { status: statusWord(s.status) }));
}

/**
 * The company has the cash: transit −amount, company +counted, discrepancy +(amount − counted), one
 * journal; the hand-over is confirmed, or a discrepancy to resolve (both sides get a notice). The code
 * is spent. Runs inside the caller's transaction.
 */
export async function receiveHandover(tx: DbOrTx, s: SubmissionRow, rider: RiderRow, actorId: string, countedMinor: number, method: ReceiptMethod | null, now: Date) {
  const differenceMinor = s.amountMinor - countedMinor;
  await postJournal(tx, {
    kind: 'handover_received',
    riderId: rider.id,
    companyId: rider.companyId,
    currency: s.currency,
    submissionId: s.id,
    actorId,
    at: now,
    lines: [
      { account: 'transit', amountMinor: -s.amountMinor },
      { account: 'company', amountMinor: countedMinor },
      { account: 'discrepancy', amountMinor: differenceMinor },
    ],
  });
  const status = differenceMinor === 0 ? ('confirmed' as const) : ('discrepancy' as const);
  await tx
    .update(cashSubmissions)
    .set({ status, countedMinor, discrepancyMinor: differenceMinor, receivedBy: actorId, receivedAt: now, receiptMethod: method, confirmedAt: now, codeHash: null, codeExpiresAt: null })
    .where(and(eq(cashSubmissions.id, s.id), eq(cashSubmissions.status, 'pending')));
  await audit(tx, {
    actorId,
    action: 'confirm',
    entity: 'cash_submission',
    entityId: s.id,
    before: { status: s.status, amountMinor: s.amountMinor },
    after: { status, countedMinor, discrepancyMinor: differenceMinor, method },
  });
  if (differenceMinor !== 0) {
    const params = { rider: rider.name, amount: s.amountMinor, counted: countedMinor, difference: Math.abs(differenceMinor), currency: s.currency };
    await notify(tx, { companyId: rider.companyId, riderId: rider.id, audience: 'company', kind: 'cash_discrepancy', params, dedupeKey: `cash_discrepancy:${s.id}:company` }, now);
    await notify(tx, { companyId: rider.companyId, riderId: rider.id, audience: 'rider', kind: 'cash_discrepancy', params, dedupeKey: `cash_discrepancy:${s.id}:rider` }, now);
  }
  return { success: true as const, id: s.id, status, countedMinor, differenceMinor, currency: s.currency };
}

/** A pending hand-over goes back to the rider's hand (transit → hand): withdrawn by the rider, or disputed by an admin. */
export async function returnToHand(tx: DbOrTx, s: SubmissionRow, rider: RiderRow, actorId: string, status: 'cancelled' | 'disputed', now: Date) {
  await postJournal(tx, {
    kind: 'handover_cancelled',
    riderId: rider.id,
    companyId: rider.companyId,
    currency: s.currency,
    submissionId: s.id,
    actorId,
    reason: status,
    at: now,
    lines: [
      { account: 'transit', amountMinor: -s.amountMinor },
      { account: 'hand', amountMinor: s.amountMinor },
    ],
  });
  await tx
    .update(cashSubmissions)
    .set({ status, codeHash: null, codeExpiresAt: null })
    .where(and(eq(cashSubmissions.id, s.id), eq(cashSubmissions.status, 'pending')));
  await audit(tx, { actorId, action: status === 'cancelled' ? 'cancel' : 'dispute', entity: 'cash_submission', entityId: s.id, before: { status: s.status }, after: { status } });
}

/**
 * The company confirms it has the cash, with what it counted: verified by the rider's QR code or the
 * typed one-time code (a bank deposit: by its slip). A wrong code counts (5 lock the hand-over until
 * the rider shows a new code); an expired code is refused without counting.
 */
export async function confirmHandover(db: Db, actor: Actor, input: HandoverConfirmInput, now = new Date()) {
  const outcome = await db.transaction(async (tx) => {
    const { s, rider } = await scopedSubmission(tx, actor, input.id);
    assertPending(s);
    const countedMinor = minorOrRefuse(input.counted, s.currency, 'counted');
    if (s.channel === 'bank_deposit') {
      if (input.method !== 'slip') throw invalid(msg('handover.error.bankBySlip'), 'method');
    } else {
      if (input.method === 'slip' || !input.code) throw invalid(msg('handover.error.codeRequired'), 'code');
      if (s.codeAttempts >= HANDOVER_MAX_ATTEMPTS) throw conflict(msg('handover.error.locked'), 'code');
      if (!s.codeHash || !s.codeExpiresAt || s.codeExpiresAt.getTime() <= now.getTime()) throw invalid(msg('handover.error.expired'), 'code');
      if (!codeMatches(input.code, s.codeHash)) {
        const attempts = s.codeAttempts + 1;
        await tx.update(cashSubmissions).set({ codeAttempts: attempts }).where(eq(cashSubmissions.id, s.id));
        return { kind: 'wrong' as const, left: HANDOVER_MAX_ATTEMPTS - attempts };
      }
    }
    return { kind: 'received' as const, result: await receiveHandover(tx, s, rider, actor.userId, countedMinor, input.method, now) };
  });
  // Thrown after the commit, so the wrong attempt stays counted.
  if (outcome.kind === 'wrong') throw outcome.left > 0 ? invalid(msg('handover.error.wrongCode', { left: outcome.left }), 'code') : conflict(msg('handover.error.locked'), 'code');
  return outcome.result;
}

const RESOLUTION_ACCOUNT: Record<DiscrepancyResolution, LedgerAccount> = { rider_owes: 'hand', write_off: 'writeoff', found: 'company' };

/**
 * Settles a counted difference with a note: the rider still owes it (back to cash on hand), written off,
 * or found at the company. An over-count cannot be charged to the rider. Audited.
 */
export async function resolveDiscrepancy(db: Db, actor: Actor, input: HandoverResolveInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const { s, rider } = await scopedSubmission(tx, actor, input.id);
    const d = s.discrepancyMinor ?? 0;
    if (s.status !== 'discrepancy' || d === 0) throw conflict(msg('handover.error.nothingToResolve'));
    if (input.resolution === 'rider_owes' && d < 0) throw invalid(msg('handover.error.overNotOwed'), 'resolution');
    await postJournal(tx, {
      kind: 'discrepancy_resolved',
      riderId: rider.id,
      companyId: rider.companyId,
      currency: s.currency,
      submissionId: s.id,
      actorId: actor.userId,
      reason: input.note,
      at: now,
      lines: [
        { account: 'discrepancy', amountMinor: -d },
        { account: RESOLUTION_ACCOUNT[input.resolution], amountMinor: d },
      ],
    });
    await tx
      .update(cashSubmissions)
      .set({ status: 'resolved', resolution: input.resolution, resolutionNote: input.note, resolvedBy: actor.userId, resolvedAt: now })
      .where(and(eq(cashSubmissions.id, s.id), eq(cashSubmissions.status, 'discrepancy')));
    await audit(tx, {
      actorId: actor.userId,
      action: 'resolve',
      entity: 'cash_submission',
      entityId: s.id,
      before: { status: s.status, discrepancyMinor: d },
      after: { status: 'resolved', resolution: input.resolution, note: input.note },
    });
    return { success: true as const, id: s.id, status: 'resolved' as const, resolution: input.resolution };
  });
}

/** The rider's pending hand-over gets a new code (the old one stops working; wrong tries start again). */
export async function refreshHandoverCode(db: Db, riderId: string, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(cashSubmissions).where(and(eq(cashSubmissions.id, id), eq(cashSubmissions.riderId, riderId)));
    if (!s) throw notFound(msg('errors.cashSubmissionNotFound'));
    assertPending(s);
    if (s.channel !== 'handover') throw invalid(msg('handover.error.bankNoCode'));
    const { code, codeHash, codeExpiresAt } = newHandoverCode(now);
    await tx.update(cashSubmissions).set({ codeHash, codeExpiresAt, codeAttempts: 0 }).where(eq(cashSubmissions.id, s.id));
    return { id: s.id, code, qr: handoverQrText(s.id, code), expiresAt: codeExpiresAt.toISOString() };
  });
}

/** The rider withdraws a pending hand-over: the cash is back on hand. */
export async function cancelHandover(db: Db, riderId: string, actorId: string, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ s: cashSubmissions, rider: riders }).from(cashSubmissions).innerJoin(riders, eq(riders.id, cashSubmissions.riderId)).where(and(eq(cashSubmissions.id, id), eq(cashSubmissions.riderId, riderId)));
    if (!row) throw notFound(msg('errors.cashSubmissionNotFound'));
    assertPending(row.s);
    await returnToHand(tx, row.s, row.rider, actorId, 'cancelled', now);
    return { success: true as const, id, status: 'cancelled' as const };
  });
}

const receiver = alias(users, 'receiver');
const resolver = alias(users, 'resolver');
const fullName = (first: SQLiteColumn, last: SQLiteColumn) => sql<string | null>`trim(${first} || ' ' || ${last})`;

/** Hand-overs as every screen lists them: pending first, then differences to resolve, then the newest. */
export async function listHandovers(db: DbOrTx, where: SQL | undefined, limit = 100, now = new Date()) {
  const rows = await db
    .select({
      s: cashSubmissions,
      riderName: riders.name,
      companyId: riders.companyId,
      companyName: companies.name,
      receivedByName: fullName(receiver.firstName, receiver.lastName),
      resolvedByName: fullName(resolver.firstName, resolver.lastName),
      // The scanned slip's reading (null without a slip).
      slip: { valueMinor: captures.valueMinor, currency: captures.currency, corrected: captures.readingCorrected },
    })
    .from(cashSubmissions)
    .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .leftJoin(receiver, eq(receiver.id, cashSubmissions.receivedBy))
    .leftJoin(resolver, eq(resolver.id, cashSubmissions.resolvedBy))
    .leftJoin(captures, eq(captures.id, cashSubmissions.slipCaptureId))
    .where(where)
    // Newest first; two hand-overs of the same millisecond in the order they were made (the rowid), never at random.
    .orderBy(sql`case ${cashSubmissions.status} when 'pending' then 0 when 'discrepancy' then 1 else 2 end`, desc(cashSubmissions.submittedAt), sql`cash_submissions.rowid desc`)
    .limit(limit);
  return rows.map(({ s, slip, ...r }) => {
    const cur = s.currency;
    return {
      id: s.id,
      riderId: s.riderId,
      riderName: r.riderName,
      companyId: r.companyId,
      companyName: r.companyName,
      amountMinor: s.amountMinor,
      currency: cur,
      channel: s.channel,
      status: s.status,
      submittedAt: s.submittedAt.toISOString(),
      confirmedAt: s.confirmedAt?.toISOString() ?? null,
      /** A code the company can still check (the rider's app shows it). */
      codeActive: s.status === 'pending' && !!s.codeHash && !!s.codeExpiresAt && s.codeExpiresAt.getTime() > now.getTime(),
      codeExpiresAt: s.status === 'pending' ? (s.codeExpiresAt?.toISOString() ?? null) : null,
      locked: s.status === 'pending' && s.codeAttempts >= HANDOVER_MAX_ATTEMPTS,
      countedMinor: s.countedMinor,
      differenceMinor: s.discrepancyMinor,
      receiptMethod: s.receiptMethod,
      receivedByName: r.receivedByName || null,
      receivedAt: s.receivedAt?.toISOString() ?? null,
      resolution: s.resolution,
      resolutionNote: s.resolutionNote,
      resolvedByName: r.resolvedByName || null,
      resolvedAt: s.resolvedAt?.toISOString() ?? null,
      slipCaptureId: s.slipCaptureId,
      slip: slipCheck(s.amountMinor, cur, s.slipCaptureId ? slip : null),
      slipCorrected: slip?.corrected ?? false,
    };
  });
}
export type HandoverView = Awaited<ReturnType<typeof listHandovers>>[number];

/**
 * What the scanned slip says against what was handed over: the slip's confirmed amount (null when the
 * slip has no reading) and whether it differs from the submission (another currency counts as differing).
 */
export function slipCheck(amountMinor: number, currency: Currency, slip: { valueMinor: number | null; currency: Currency | null } | null) {
  if (!slip || slip.valueMinor === null) return null;
  const slipCurrency = slip.currency ?? currency;
  return { amountMinor: slip.valueMinor, currency: slipCurrency, mismatch: slipCurrency !== currency || slip.valueMinor !== amountMinor };
}

/** A company's hand-overs (its own riders only), optionally one status. */
export const companyHandovers = (db: Db, companyId: string, opts: { status?: SubmissionRow['status']; limit?: number } = {}) =>
  listHandovers(db, and(eq(riders.companyId, companyId), opts.status ? eq(cashSubmissions.status, opts.status) : undefined), opts.limit ?? 100);

/** A rider's own hand-overs, pending first. */
export const riderHandovers = (db: Db, riderId: string, limit = 20) => listHandovers(db, eq(cashSubmissions.riderId, riderId), limit);
