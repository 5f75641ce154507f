import type { Db } from '../db/client';
import { cashSubmissions, riders } from '../db/schema';
import { postJournal } from '../src/server/services/cash';
import type { HandoverStatus } from '../src/shared/cash/ledger-types';
import type { Currency } from '../src/shared/money';
import { eq } from 'drizzle-orm';

/**
 * A cash submission as it stands after its life so far, with the ledger journals that life posted
 * (as migration 0008's backfill does for older rows): submitted (hand → transit); confirmed: received
 * in full (transit → company); disputed or cancelled: back to hand.
 */
export async function makeSubmission(
  db: Db,
  s: { riderId: string; currency: Currency; amountMinor: number; status: Extract<HandoverStatus, 'pending' | 'confirmed' | 'disputed' | 'cancelled'>; submittedAt?: Date; confirmedAt?: Date },
) {
  const rider = (await db.query.riders.findFirst({ where: eq(riders.id, s.riderId) }))!;
  const submittedAt = s.submittedAt ?? new Date();
  const confirmedAt = s.status === 'confirmed' ? (s.confirmedAt ?? submittedAt) : null;
  const [row] = await db
    .insert(cashSubmissions)
    .values({
      riderId: s.riderId,
      currency: s.currency,
      amountMinor: s.amountMinor,
      status: s.status,
      submittedAt,
      confirmedAt,
      ...(s.status === 'confirmed' ? { countedMinor: s.amountMinor, discrepancyMinor: 0, receivedAt: confirmedAt } : {}),
    })
    .returning();
  const base = { riderId: s.riderId, companyId: rider.companyId, currency: s.currency, submissionId: row!.id };
  await postJournal(db, { ...base, kind: 'handover_submitted', at: submittedAt, lines: [{ account: 'hand', amountMinor: -s.amountMinor }, { account: 'transit', amountMinor: s.amountMinor }] });
  if (s.status === 'confirmed') {
    await postJournal(db, { ...base, kind: 'handover_received', at: confirmedAt!, lines: [{ account: 'transit', amountMinor: -s.amountMinor }, { account: 'company', amountMinor: s.amountMinor }] });
  } else if (s.status !== 'pending') {
    await postJournal(db, { ...base, kind: 'handover_cancelled', reason: s.status, at: submittedAt, lines: [{ account: 'transit', amountMinor: -s.amountMinor }, { account: 'hand', amountMinor: s.amountMinor }] });
  }
  return row!;
}
