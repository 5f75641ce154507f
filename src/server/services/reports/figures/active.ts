import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { riders } from '../../../../../db/schema';
import { isActiveRider } from '../../../../shared/figures';
import { lastSeenMs } from './last-seen';

/** How many riders are active now (on duty, seen less than 10 minutes ago): one company's, or (null) all. */
export async function activeRiderCount(db: Db, companyId: string | null, now: Date): Promise<number> {
  const rows = await db
    .select({ lastSeen: lastSeenMs })
    .from(riders)
    .where(and(eq(riders.onDuty, true), companyId ? eq(riders.companyId, companyId) : undefined));
  return rows.filter((r) => isActiveRider({ onDuty: true, lastSeenAt: r.lastSeen || null }, now.getTime())).length;
}
