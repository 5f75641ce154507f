import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cashSubmissions, riders } from '../db/schema';
import { correctRiderCash, receiveHandover, resolveDiscrepancy } from '../src/server/services/cash';
import type { Actor } from '../src/server/services/access';
import type { DiscrepancyResolution } from '../src/shared/cash/ledger-types';

/**
 * The later steps of a hand-over's life through the real services, for tests that need a ledger with
 * counted differences, resolutions and corrections (makeSubmission in test/cash.ts makes the hand-over).
 */

/** The company counts a pending hand-over (the code check is the service's concern, tested elsewhere). */
export async function countSubmission(db: Db, scope: Actor, submissionId: string, countedMinor: number, at: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ s: cashSubmissions, rider: riders }).from(cashSubmissions).innerJoin(riders, eq(riders.id, cashSubmissions.riderId)).where(eq(cashSubmissions.id, submissionId));
    return receiveHandover(tx, row!.s, row!.rider, scope.userId, countedMinor, 'code', at);
  });
}

/** Settles a counted difference. */
export const resolveSubmission = (db: Db, scope: Actor, submissionId: string, resolution: DiscrepancyResolution, at: Date) =>
  resolveDiscrepancy(db, scope, { id: submissionId, resolution, note: `test: ${resolution}` }, at);

/** A manual correction of cash on hand, in major units (+ adds, − takes away). */
export const correctCash = (db: Db, scope: Actor, riderId: string, amount: number, at: Date) =>
  correctRiderCash(db, scope, { riderId, amount, reason: 'test correction' }, at);
