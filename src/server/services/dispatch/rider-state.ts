import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchRiderState, riders } from '../../../../db/schema';
import { audit } from '../../lib/audit';
import type { DbOrTx } from '../cash';

/** An answer (accept or decline) ends a run of time-outs. */
export async function answered(tx: DbOrTx, riderId: string): Promise<void> {
  await tx.insert(dispatchRiderState).values({ riderId, consecutiveTimeouts: 0 }).onConflictDoUpdate({ target: dispatchRiderState.riderId, set: { consecutiveTimeouts: 0 } });
}

/** One more time-out in a row; returns the run's length and whether this one paused the rider's offers. */
export async function timedOut(tx: DbOrTx, riderId: string, timeoutsToPause: number, now: Date): Promise<{ run: number; paused: boolean }> {
  const [row] = await tx
    .insert(dispatchRiderState)
    .values({ riderId, consecutiveTimeouts: 1 })
    .onConflictDoUpdate({ target: dispatchRiderState.riderId, set: { consecutiveTimeouts: sql`${dispatchRiderState.consecutiveTimeouts} + 1` } })
    .returning();
  if (row!.consecutiveTimeouts < timeoutsToPause || row!.pausedAt) return { run: row!.consecutiveTimeouts, paused: false };
  await tx.update(dispatchRiderState).set({ pausedAt: now }).where(eq(dispatchRiderState.riderId, riderId));
  return { run: row!.consecutiveTimeouts, paused: true };
}

/** Whether the rider's offers are paused (three time-outs in a row, by default), and how many they missed in a row. */
export async function offerState(db: DbOrTx, riderId: string): Promise<{ paused: boolean; pausedAt: Date | null; missed: number }> {
  const [row] = await db
    .select({ pausedAt: dispatchRiderState.pausedAt, missed: dispatchRiderState.consecutiveTimeouts })
    .from(dispatchRiderState)
    .where(eq(dispatchRiderState.riderId, riderId));
  return { paused: Boolean(row?.pausedAt), pausedAt: row?.pausedAt ?? null, missed: row?.missed ?? 0 };
}

/** The rider takes offers again: the pause and the run of time-outs end. */
export async function resumeOffers(db: Db, riderId: string, now = new Date()): Promise<{ paused: false }> {
  await db.transaction(async (tx) => {
    const before = await offerState(tx, riderId);
    await tx
      .insert(dispatchRiderState)
      .values({ riderId, consecutiveTimeouts: 0, pausedAt: null })
      .onConflictDoUpdate({ target: dispatchRiderState.riderId, set: { consecutiveTimeouts: 0, pausedAt: null } });
    const [who] = await tx.select({ userId: riders.userId }).from(riders).where(eq(riders.id, riderId));
    if (before.paused) await audit(tx, { actorId: who?.userId ?? null, action: 'dispatch.resume', entity: 'rider', entityId: riderId, before: { pausedAt: before.pausedAt }, after: { pausedAt: null }, at: now });
  });
  return { paused: false };
}
