import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { captures } from '../../../../db/schema';

const columns = {
  id: captures.id,
  riderId: captures.riderId,
  type: captures.type,
  ocrConfidence: captures.ocrConfidence,
  valueMinor: captures.valueMinor,
  valueKm: captures.valueKm,
  currency: captures.currency,
  capturedAt: captures.capturedAt,
};

/** Recent scans: a rider's own, or everyone's for an admin (riderId null). */
export async function recentCaptures(db: Db, riderId: string | null, limit = 50) {
  const q = db.select(columns).from(captures);
  return (riderId ? q.where(eq(captures.riderId, riderId)) : q).orderBy(desc(captures.capturedAt)).limit(limit);
}
