import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, newId } from '../../../../db/schema';
import type { LedgerAccount, LedgerKind } from '../../../shared/cash/ledger-types';
import type { Currency } from '../../../shared/money';

/** A database handle or an open transaction: postings join the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface JournalLine {
  account: LedgerAccount;
  amountMinor: number;
}

export interface Journal {
  kind: LedgerKind;
  riderId: string;
  companyId: string;
  currency: Currency;
  lines: JournalLine[];
  orderId?: string | null;
  submissionId?: string | null;
  actorId?: string | null;
  reason?: string | null;
  at: Date;
}

/** A journal that does not balance, or an amount that is not a whole number of minor units. */
export class LedgerError extends Error {}

/**
 * Appends one journal (issue 9): two or more lines, integer minor units, summing to zero. Lines of 0
 * are dropped. Returns the journal id. The ledger is append-only (database triggers refuse UPDATE and
 * DELETE); a correction is a new journal.
 */
export async function postJournal(db: DbOrTx, journal: Journal): Promise<string> {
  const lines = journal.lines.filter((l) => l.amountMinor !== 0);
  for (const l of lines) if (!Number.isSafeInteger(l.amountMinor)) throw new LedgerError(`Amount is not whole minor units: ${l.amountMinor}`);
  if (lines.reduce((s, l) => s + l.amountMinor, 0) !== 0) throw new LedgerError('Journal does not balance');
  const journalId = newId();
  if (lines.length === 0) return journalId;
  await db.insert(cashLedger).values(
    lines.map((l) => ({
      journalId,
      riderId: journal.riderId,
      companyId: journal.companyId,
      currency: journal.currency,
      account: l.account,
      amountMinor: l.amountMinor,
      kind: journal.kind,
      orderId: journal.orderId ?? null,
      submissionId: journal.submissionId ?? null,
      actorId: journal.actorId ?? null,
      reason: journal.reason ?? null,
      at: journal.at,
    })),
  );
  return journalId;
}

/** The columns the FIFO lot functions (fifo.ts) read from ledger entries, for a select(). */
export const LOT_COLUMNS = {
  seq: cashLedger.seq,
  currency: cashLedger.currency,
  account: cashLedger.account,
  amountMinor: cashLedger.amountMinor,
  at: cashLedger.at,
  kind: cashLedger.kind,
  orderId: cashLedger.orderId,
  submissionId: cashLedger.submissionId,
};

/** A rider's balances in one currency, derived from the entries (minor units). */
export interface RiderBalances {
  /** Cash the rider holds. */
  handMinor: number;
  /** Handed over, awaiting the company's count. */
  transitMinor: number;
  /** Counted differences not yet resolved (positive: short). */
  discrepancyMinor: number;
  /** Collected from customers, all time. */
  collectedMinor: number;
  /** Received by the company, all time. */
  receivedMinor: number;
  /** What the rider is still accountable for: hand + transit + unresolved discrepancy. */
  outstandingMinor: number;
}

const ZERO: RiderBalances = { handMinor: 0, transitMinor: 0, discrepancyMinor: 0, collectedMinor: 0, receivedMinor: 0, outstandingMinor: 0 };

function fromSums(sums: Partial<Record<LedgerAccount, number>>): RiderBalances {
  const handMinor = sums.hand ?? 0;
  const transitMinor = sums.transit ?? 0;
  const discrepancyMinor = sums.discrepancy ?? 0;
  return {
    handMinor,
    transitMinor,
    discrepancyMinor,
    collectedMinor: -(sums.customer ?? 0),
    receivedMinor: sums.company ?? 0,
    outstandingMinor: handMinor + transitMinor + discrepancyMinor,
  };
}

/** One rider's balances in one currency. */
export async function riderBalances(db: DbOrTx, riderId: string, currency: Currency): Promise<RiderBalances> {
  const rows = await db
    .select({ account: cashLedger.account, minor: sql<number>`coalesce(sum(${cashLedger.amountMinor}), 0)`.mapWith(Number) })
    .from(cashLedger)
    .where(and(eq(cashLedger.riderId, riderId), eq(cashLedger.currency, currency)))
    .groupBy(cashLedger.account);
  return fromSums(Object.fromEntries(rows.map((r) => [r.account, r.minor])));
}

/** Balances of many riders at once, keyed `${riderId}:${currency}` (riders with no entries are absent). */
export async function balancesOf(db: DbOrTx, riderIds: string[]): Promise<Map<string, RiderBalances>> {
  const out = new Map<string, RiderBalances>();
  if (riderIds.length === 0) return out;
  const rows = await db
    .select({
      riderId: cashLedger.riderId,
      currency: cashLedger.currency,
      account: cashLedger.account,
      minor: sql<number>`coalesce(sum(${cashLedger.amountMinor}), 0)`.mapWith(Number),
    })
    .from(cashLedger)
    .where(inArray(cashLedger.riderId, riderIds))
    .groupBy(cashLedger.riderId, cashLedger.currency, cashLedger.account);
  const sums = new Map<string, Partial<Record<LedgerAccount, number>>>();
  for (const r of rows) {
    const key = `${r.riderId}:${r.currency}`;
    sums.set(key, { ...sums.get(key), [r.account]: r.minor });
  }
  for (const [key, s] of sums) out.set(key, fromSums(s));
  return out;
}

export const emptyBalances = (): RiderBalances => ({ ...ZERO });
