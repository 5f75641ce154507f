import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { notices } from '../../../../db/schema';
import type { NoticeAudience, NoticeKind } from '../../../shared/compliance/types';
import type { MessageKey } from '../../../shared/i18n';
import type { DbOrTx } from '../cash';

/**
 * Notices to a company's managers or to one rider (issue 9): cash limit reached, documents expiring or
 * expired, daily hours nearly used, a counted hand-over that differs. Stored once per `dedupeKey`, so
 * a check that runs again (every request, every reminder sweep) does not repeat a notice.
 * Text: the catalog key `notices.<kind>.<audience>` filled with `params`.
 */
export interface NewNotice {
  companyId: string;
  riderId?: string | null;
  audience: NoticeAudience;
  kind: NoticeKind;
  params: Record<string, string | number>;
  dedupeKey: string;
}

export const noticeKey = (kind: NoticeKind, audience: NoticeAudience) => `notices.${kind}.${audience}` as MessageKey;

/** Stores a notice unless one with the same dedupe key exists; true when it is new. */
export async function notify(db: DbOrTx, notice: NewNotice, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(notices)
    .values({ ...notice, riderId: notice.riderId ?? null, createdAt: now })
    .onConflictDoNothing({ target: notices.dedupeKey })
    .returning({ id: notices.id });
  return rows.length > 0;
}

type NoticeOwner = { companyId: string } | { riderId: string };
type ListOpts = { unreadOnly?: boolean; limit?: number };

/** A company's notices go to its managers, a rider's to the rider. */
const ownedBy = (owner: NoticeOwner) =>
  'companyId' in owner
    ? and(eq(notices.companyId, owner.companyId), eq(notices.audience, 'company'))
    : and(eq(notices.riderId, owner.riderId), eq(notices.audience, 'rider'));

const noticesOf = (db: Db, owner: NoticeOwner, opts: ListOpts) =>
  db
    .select()
    .from(notices)
    .where(and(ownedBy(owner), opts.unreadOnly ? isNull(notices.readAt) : undefined))
    .orderBy(desc(notices.createdAt))
    .limit(opts.limit ?? 50);

/** A company's notices (to its managers), newest first. */
export const companyNotices = (db: Db, companyId: string, opts: ListOpts = {}) => noticesOf(db, { companyId }, opts);

/** One rider's notices, newest first. */
export const riderNotices = (db: Db, riderId: string, opts: ListOpts = {}) => noticesOf(db, { riderId }, opts);

/** Marks a notice read, only within the caller's own company (managers) or rider. */
export async function markNoticeRead(db: Db, id: string, owner: NoticeOwner, now = new Date()) {
  const ownerCond = ownedBy(owner);
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.id, id), ownerCond, or(isNull(notices.readAt), eq(notices.readAt, now))))
    .returning({ id: notices.id });
  return rows.length > 0;
}
