import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { afterCommit } from './events';

export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Apply a rider's write once per client-generated key. The write and the record of
 * its key commit together, so a replay after a lost answer gets the first answer
 * back and changes nothing.
 */
export async function once<T>(db: Db, userId: string, scope: string, key: string | undefined, run: (tx: Db) => Promise<T>, now = new Date()): Promise<T> {
  if (!key) return run(db);
  return afterCommit(() => db.transaction(
    async (tx) => {
      const [seen] = await tx
        .select({ body: idempotencyKeys.responseBody })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (seen) return seen.body as T;
      const result = await run(tx as unknown as Db);
      await tx.insert(idempotencyKeys).values({
        key,
        userId,
        scope,
        responseStatus: 200,
        responseBody: result as unknown,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      });
      return result;
    },
    { behavior: 'immediate' },
  ));
}

export async function pruneIdempotencyKeys(db: Db, now = new Date()) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
