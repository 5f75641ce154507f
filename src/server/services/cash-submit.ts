import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cashSubmissions, riders } from '../../../db/schema';
import { fromMinor, toMinor } from '../../shared/money';
import { invalid, notFound } from '../errors';
import { cashPosition } from './rider-day';
import { emitCashSubmitted } from './webhooks';

/** A hand-over of cash: positive, never more than the rider holds; pending until the company confirms. */
export async function submitCash(db: Db, riderId: string, amount: number, now = new Date()) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound('Rider not found');
  const amountMinor = toMinor(amount, rider.region);
  if (amountMinor <= 0) throw invalid('Amount must be more than 0', 'amount');
  const { onHandMinor } = await cashPosition(db, riderId, rider.region);
  if (amountMinor > onHandMinor) {
    throw invalid(`You hold ${fromMinor(onHandMinor, rider.region)} ${rider.region}; you cannot submit more than that`, 'amount');
  }
  const [row] = await db.insert(cashSubmissions).values({ riderId, amountMinor, currency: rider.region, status: 'pending', submittedAt: now }).returning();
  await emitCashSubmitted(db, rider, row!);
  return { success: true as const, submissionId: row!.id, amount: fromMinor(amountMinor, rider.region), currency: rider.region };
}
