import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { companies, flaggedRecords, riders } from '../../../../../db/schema';
import type { FlagKind, FlagOutcome, FlagParams, RequestSummary } from '../../../../shared/conflicts/kinds';
import { t, type MessageKey } from '../../../../shared/i18n';
import { formatDateTime, REGIONS, type RegionId } from '../../../../shared/regions';
import { DomainError, notFound } from '../../../errors';
import type { DbOrTx } from '../../cash';
import { recordedDate, type ReplayInfo } from './replay';
import { msg, type Message } from '../../../../shared/i18n/message';

export interface Flag {
  kind: FlagKind;
  outcome: FlagOutcome;
  reasonKey: MessageKey;
  params: FlagParams;
  request: RequestSummary;
  orderId?: string | null;
}

/** Where a flag is filed: the rider, their company, the write's key and what the outbox said. */
export interface FlagContext {
  riderId: string;
  idempotencyKey?: string;
  replay?: ReplayInfo;
}

/**
 * A write refused for good that the company must also see (a parcel with the wrong rider, a duty the
 * rules refuse): thrown by a service, it is filed by the door outside the rolled-back transaction.
 */
export class FlaggedRefusal extends DomainError {
  constructor(
    readonly flag: Flag,
    message: Message = msg(flag.reasonKey, flag.params),
    code: 'CONFLICT' | 'BAD_REQUEST' = 'CONFLICT',
  ) {
    super(code, message);
  }
}

/** Times in the rider's company's zone, as the reason texts show them. */
export async function companyClock(db: DbOrTx, riderId: string): Promise<(when: Date) => string> {
  const [row] = await db.select({ region: companies.region }).from(riders).innerJoin(companies, eq(companies.id, riders.companyId)).where(eq(riders.id, riderId));
  const region = REGIONS[(row?.region ?? 'kuwait') as RegionId];
  return (when) => formatDateTime(when, region);
}

export const companyTime = async (db: DbOrTx, riderId: string, when: Date) => (await companyClock(db, riderId))(when);

/** File a flag; a replay of the same write (its idempotency key) files nothing more. Returns the rider's words. */
export async function fileFlag(db: DbOrTx, ctx: FlagContext, flag: Flag, now = new Date()) {
  const [rider] = await db.select({ companyId: riders.companyId }).from(riders).where(eq(riders.id, ctx.riderId));
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  await db
    .insert(flaggedRecords)
    .values({
      companyId: rider.companyId,
      riderId: ctx.riderId,
      kind: flag.kind,
      outcome: flag.outcome,
      orderId: flag.orderId ?? flag.request.orderId ?? null,
      request: flag.request,
      reasonKey: flag.reasonKey,
      reasonParams: flag.params,
      idempotencyKey: ctx.idempotencyKey ?? null,
      recordedAt: recordedDate(ctx.replay),
      serverAt: now,
    })
    .onConflictDoNothing();
  return { kind: flag.kind, outcome: flag.outcome, reason: t(flag.reasonKey, flag.params) };
}

/**
 * The flagged records a company sees (its own riders only; an admin, companyId null, sees all), the
 * ones still to review first, newest first. Reasons are rendered by the reader's catalog.
 */
export async function listFlags(db: Db, companyId: string | null, opts: { open?: boolean; limit?: number } = {}) {
  const where: SQL[] = [];
  if (companyId) where.push(eq(flaggedRecords.companyId, companyId));
  if (opts.open) where.push(isNull(flaggedRecords.reviewedAt));
  const rows = await db
    .select({ f: flaggedRecords, riderName: riders.name })
    .from(flaggedRecords)
    .innerJoin(riders, eq(riders.id, flaggedRecords.riderId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(flaggedRecords.serverAt))
    .limit(Math.min(opts.limit ?? 100, 200));
  const shaped = rows.map(({ f, riderName }) => ({
    id: f.id,
    riderId: f.riderId,
    riderName,
    kind: f.kind,
    outcome: f.outcome,
    orderId: f.orderId,
    request: f.request,
    reasonKey: f.reasonKey as MessageKey,
    reasonParams: f.reasonParams,
    recordedAt: f.recordedAt?.toISOString() ?? null,
    serverAt: f.serverAt.toISOString(),
    reviewedAt: f.reviewedAt?.toISOString() ?? null,
  }));
  return [...shaped.filter((f) => !f.reviewedAt), ...shaped.filter((f) => f.reviewedAt)];
}

/** Mark one of the company's flagged records reviewed; another company's is "not found". */
export async function markFlagReviewed(db: Db, companyId: string | null, actorId: string, id: string, now = new Date()) {
  const where = companyId ? and(eq(flaggedRecords.id, id), eq(flaggedRecords.companyId, companyId)) : eq(flaggedRecords.id, id);
  const [row] = await db.select({ id: flaggedRecords.id, reviewedAt: flaggedRecords.reviewedAt }).from(flaggedRecords).where(where);
  if (!row) throw notFound(msg('conflict.notFound'));
  if (!row.reviewedAt) await db.update(flaggedRecords).set({ reviewedAt: now, reviewedBy: actorId }).where(eq(flaggedRecords.id, id));
  return { success: true as const };
}
