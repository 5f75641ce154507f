import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashSubmissions, orders, riders } from '../../../../db/schema';
import type { Currency } from '../../../shared/money';
import { RULES } from './rules';
import { riderWhere, type AnalysisTarget } from './scope';

/** One rider's cash in one currency, now (not limited to the period). */
export interface RiderCash {
  riderId: string;
  currency: Currency;
  /** Collected on delivered cash orders less every hand-over (as rider-day.ts cashPosition). */
  onHandMinor: number;
  /** Handed over, awaiting confirmation. */
  pendingMinor: number;
  /**
   * Held longer than RULES.cashHoldHours: hand-overs settle the oldest cash first, so this is the
   * cash of deliveries older than the limit that all hand-overs together do not cover.
   */
  overdueMinor: number;
}

const sum = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

export async function cashByRider(db: Db, target: AnalysisTarget, now: Date): Promise<RiderCash[]> {
  const cutoff = now.getTime() - RULES.cashHoldHours * 3_600_000;
  const deliveredAt = sql`coalesce(${orders.deliveredAt}, ${orders.createdAt})`;
  const [collected, submitted] = await Promise.all([
    db
      .select({
        riderId: sql<string>`${orders.riderId}`,
        currency: orders.currency,
        all: sum(sql`${orders.codAmountMinor}`),
        old: sum(sql`case when ${deliveredAt} <= ${cutoff} then ${orders.codAmountMinor} else 0 end`),
      })
      .from(orders)
      .innerJoin(riders, eq(riders.id, orders.riderId))
      .where(and(eq(orders.status, 'delivered'), eq(orders.paymentMethod, 'cash'), isNotNull(orders.riderId), riderWhere(target)))
      .groupBy(orders.riderId, orders.currency),
    db
      .select({
        riderId: cashSubmissions.riderId,
        currency: cashSubmissions.currency,
        all: sum(sql`${cashSubmissions.amountMinor}`),
        pending: sum(sql`case when ${cashSubmissions.status} = 'pending' then ${cashSubmissions.amountMinor} else 0 end`),
      })
      .from(cashSubmissions)
      .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
      .where(riderWhere(target))
      .groupBy(cashSubmissions.riderId, cashSubmissions.currency),
  ]);
  const rows = new Map<string, { riderId: string; currency: Currency; all: number; old: number; handed: number; pending: number }>();
  const row = (riderId: string, currency: Currency) => {
    const key = `${riderId}|${currency}`;
    return rows.get(key) ?? rows.set(key, { riderId, currency, all: 0, old: 0, handed: 0, pending: 0 }).get(key)!;
  };
  for (const c of collected) Object.assign(row(c.riderId, c.currency), { all: c.all, old: c.old });
  for (const s of submitted) Object.assign(row(s.riderId, s.currency), { handed: s.all, pending: s.pending });
  return [...rows.values()]
    .map((r) => ({ riderId: r.riderId, currency: r.currency, onHandMinor: r.all - r.handed, pendingMinor: r.pending, overdueMinor: Math.max(0, r.old - r.handed) }))
    .filter((r) => r.onHandMinor !== 0 || r.pendingMinor !== 0);
}
