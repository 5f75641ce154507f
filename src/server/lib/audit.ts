import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** When it happened (default: now); a limit that counts entries in a window passes its own clock. */
  at?: Date;
}

/** Who did what to which record, with before/after; written in the same transaction as the change. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    detail: { before: entry.before ?? null, after: entry.after ?? null },
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** Newest first, with the actor's name. */
export async function listAudit(db: Db, opts: { entity?: string; limit?: number } = {}) {
  const q = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.firstName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
  return (opts.entity ? q.where(eq(auditLog.entity, opts.entity)) : q).orderBy(desc(auditLog.createdAt)).limit(opts.limit ?? 100);
}
