import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { notices } from '../../../../db/schema';
import { notFound } from '../../errors';
import { checkCashLimit, checkCompanyCashLimits } from '../cash';
import { companyNotices, markNoticeRead, riderNotices } from './notices';
import { msg } from '../../../shared/i18n/message';
import { actingCompany, ownRecord, type Actor } from '../access';

type NoticeRow = typeof notices.$inferSelect;

/** A notice as the client reads it: raw params (formatted in the reader's language), ISO times. */
export function noticeView(n: NoticeRow) {
  return {
    id: n.id,
    kind: n.kind,
    audience: n.audience,
    riderId: n.riderId,
    params: n.params,
    read: n.readAt !== null,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}
export type NoticeView = ReturnType<typeof noticeView>;

/**
 * The company's notices, newest first. Reading them checks every rider who holds cash first, so a
 * hold time that ran out since the last collection is noticed without a timer.
 */
export async function companyNoticeFeed(db: Db, companyId: string, now = new Date()) {
  await checkCompanyCashLimits(db, companyId, now);
  return (await companyNotices(db, companyId, { limit: 100 })).map(noticeView);
}

/** The rider's notices (unread only, for the app's alert list) after checking the rider's cash. */
export async function riderNoticeFeed(db: Db, riderId: string, opts: { unreadOnly?: boolean } = {}, now = new Date()) {
  await checkCashLimit(db, riderId, now);
  return (await riderNotices(db, riderId, { unreadOnly: opts.unreadOnly, limit: 50 })).map(noticeView);
}

/** Marks one of the actor's notices read (a rider's own, or its company's for a manager); another company's or rider's is not found. */
export async function readNotice(db: Db, id: string, actor: Actor, now = new Date()) {
  const riderId = ownRecord(actor, 'access-rider-portal', 'own-rider');
  const owner: { companyId: string } | { riderId: string } = riderId ? { riderId } : { companyId: actingCompany(actor) };
  const own =
    'companyId' in owner
      ? and(eq(notices.id, id), eq(notices.companyId, owner.companyId), eq(notices.audience, 'company'))
      : and(eq(notices.id, id), eq(notices.riderId, owner.riderId), eq(notices.audience, 'rider'));
  const [row] = await db.select({ id: notices.id, readAt: notices.readAt }).from(notices).where(own).limit(1);
  if (!row) throw notFound(msg('reconcile.error.noticeNotFound'));
  if (!row.readAt) await markNoticeRead(db, id, owner, now);
  return { success: true as const };
}

/** Marks every unread company notice read. */
export async function readAllCompanyNotices(db: Db, companyId: string, now = new Date()) {
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.companyId, companyId), eq(notices.audience, 'company'), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return { success: true as const, count: rows.length };
}
