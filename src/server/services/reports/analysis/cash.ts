import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { cashLedger, riders } from '../../../../../db/schema';
import type { Currency } from '../../../../shared/money';
import { heldLots, type HandEntry, balancesOf, LOT_COLUMNS } from '../../cash';
import { RULES } from './rules';
import { riderRows, type Actor } from '../../access';

/** One rider's cash in one currency, now (not limited to the period), derived from the cash ledger. */
export interface RiderCash {
  riderId: string;
  currency: Currency;
  /** The ledger's cash on hand (`hand`), as the rider's own screens show it (rider-day.ts cashPosition). */
  onHandMinor: number;
  /** Handed over, awaiting the company's count (`transit`). */
  pendingMinor: number;
  /**
   * Held longer than RULES.cashHoldHours: the cash still in hand whose lot came into the rider's hand
   * more than that long ago, FIFO over the `hand` entries (cash/fifo.ts, as the cash limit's hold time):
   * money out settles the oldest cash first, a cancelled or disputed hand-over puts its lots back with
   * their original times.
   */
  overdueMinor: number;
}

const HOUR_MS = 3_600_000;

export async function cashByRider(db: Db, actor: Actor, now: Date): Promise<RiderCash[]> {
  const cutoff = now.getTime() - RULES.cashHoldHours * HOUR_MS;
  const inScope = await db.select({ id: riders.id }).from(riders).where(riderRows(actor));
  const ids = inScope.map((r) => r.id);
  const [balances, hand] = await Promise.all([
    balancesOf(db, ids),
    db
      .select({ ...LOT_COLUMNS, riderId: cashLedger.riderId })
      .from(cashLedger)
      .innerJoin(riders, eq(riders.id, cashLedger.riderId))
      .where(and(eq(cashLedger.account, 'hand'), riderRows(actor)))
      .orderBy(asc(cashLedger.seq)),
  ]);
  const entries = new Map<string, HandEntry[]>();
  for (const { riderId, currency, ...e } of hand) {
    const key = `${riderId}:${currency}`;
    const list = entries.get(key);
    if (list) list.push(e);
    else entries.set(key, [e]);
  }
  return [...balances.entries()]
    .map(([key, b]): RiderCash => {
      const [riderId, currency] = key.split(':') as [string, Currency];
      // Strictly more than the hold time, as the cash limit counts it (limits.ts evaluateCashLimit).
      const overdueMinor = heldLots(entries.get(key) ?? [])
        .filter((lot) => lot.at.getTime() < cutoff)
        .reduce((s, lot) => s + lot.minor, 0);
      return { riderId, currency, onHandMinor: b.handMinor, pendingMinor: b.transitMinor, overdueMinor };
    })
    .filter((r) => r.onHandMinor !== 0 || r.pendingMinor !== 0);
}
