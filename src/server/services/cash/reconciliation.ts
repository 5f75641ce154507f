import { and, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, riders } from '../../../../db/schema';
import type { Currency } from '../../../shared/money';
import { REGIONS, type RegionId } from '../../../shared/regions';
import type { ReconciliationFigures, ReconciliationRow, ReconciliationTotal } from '../../../shared/schemas/cash-limits';
import { localIsoDate } from '../../../shared/schemas/order-import';
import { dateOfDayNumber, dayNumber } from '../../../shared/schemas/reports';
import { startOfDayInZone } from '../../../shared/time';
import { invalid } from '../../errors';
import { companyProfile } from '../directory';
import { msg } from '../../../shared/i18n/message';

/** Midnight of a calendar date in the zone (noon UTC is that same day in Kuwait and Dubai). */
export const midnightIn = (date: string, timeZone: string) => startOfDayInZone(new Date(`${date}T12:00:00Z`), timeZone);
const plusDays = (date: string, n: number) => dateOfDayNumber(dayNumber(date)! + n);

const FIGURES = ['collectedMinor', 'handedOverMinor', 'receivedMinor', 'outstandingMinor', 'shortMinor', 'overMinor', 'discrepancyCount', 'unresolvedShortMinor', 'unresolvedOverMinor'] as const;
const zero = (): ReconciliationFigures => ({
  collectedMinor: 0,
  handedOverMinor: 0,
  receivedMinor: 0,
  outstandingMinor: 0,
  shortMinor: 0,
  overMinor: 0,
  discrepancyCount: 0,
  unresolvedShortMinor: 0,
  unresolvedOverMinor: 0,
});

export interface ReconciliationReport {
  companyId: string;
  companyName: string;
  region: RegionId;
  currency: Currency;
  timeZone: string;
  date: string;
  today: string;
  previousDate: string;
  nextDate: string | null;
  /** The day's bounds in UTC: [from, to). */
  from: string;
  to: string;
  generatedAt: string;
  rows: ReconciliationRow[];
  /** One per currency with rows (the company's own always first, even when empty). */
  totals: ReconciliationTotal[];
}

/**
 * The company's daily cash reconciliation (issue 9), per rider and currency, from ledger rows only:
 * sums over entries whose `at` falls in the calendar day in the company's zone, and balances as of
 * the day's end. Collected = collections less reversals (hand side); handed over = hand-overs submitted
 * (transit side); received = what the company counted (company side); short and over = the
 * differences of that day's counts, each count on its own side (a short and an over never cancel out),
 * and how many counts differed; outstanding = hand + transit + discrepancy at the end of the day;
 * unresolved short and over = each hand-over's unresolved difference then, again apart. Riders with
 * neither movement nor anything outstanding are left out.
 */
export async function dailyReconciliation(db: Db, companyId: string, date: string | undefined, now = new Date()): Promise<ReconciliationReport> {
  const company = await companyProfile(db, companyId);
  const timeZone = REGIONS[company.region].timezone;
  const today = localIsoDate(now, timeZone);
  const day = date ?? today;
  if (dayNumber(day) === null) throw invalid(msg('reconcile.error.date'), 'date');
  if (day > today) throw invalid(msg('reconcile.error.futureDate'), 'date');
  const from = midnightIn(day, timeZone);
  const to = midnightIn(plusDays(day, 1), timeZone);

  const inDay = and(gte(cashLedger.at, from), lt(cashLedger.at, to));
  const sumWhen = (cond: SQL | undefined) => sql<number>`coalesce(sum(case when ${cond} then ${cashLedger.amountMinor} else 0 end), 0)`.mapWith(Number);
  const dayCounts = and(inDay, eq(cashLedger.account, 'discrepancy'), eq(cashLedger.kind, 'handover_received'));
  const sums = await db
    .select({
      riderId: cashLedger.riderId,
      riderName: riders.name,
      currency: cashLedger.currency,
      collectedMinor: sumWhen(and(inDay, eq(cashLedger.account, 'hand'), inArray(cashLedger.kind, ['collection', 'collection_reversal']))),
      handedOverMinor: sumWhen(and(inDay, eq(cashLedger.account, 'transit'), eq(cashLedger.kind, 'handover_submitted'))),
      receivedMinor: sumWhen(and(inDay, eq(cashLedger.account, 'company'), eq(cashLedger.kind, 'handover_received'))),
      outstandingMinor: sumWhen(inArray(cashLedger.account, ['hand', 'transit', 'discrepancy'])),
      // One discrepancy line per count: positive short, negative over.
      shortMinor: sumWhen(and(dayCounts, gt(cashLedger.amountMinor, 0))),
      overMinor: sql<number>`-${sumWhen(and(dayCounts, lt(cashLedger.amountMinor, 0)))}`.mapWith(Number),
      discrepancyCount: sql<number>`count(distinct case when ${and(dayCounts, sql`${cashLedger.amountMinor} <> 0`)} then ${cashLedger.journalId} end)`.mapWith(Number),
    })
    .from(cashLedger)
    .innerJoin(riders, eq(riders.id, cashLedger.riderId))
    .where(and(eq(cashLedger.companyId, companyId), lt(cashLedger.at, to)))
    .groupBy(cashLedger.riderId, cashLedger.currency);
  // Each hand-over's unresolved difference at the day's end, so one rider's short and over stay apart.
  const open = await db
    .select({ riderId: cashLedger.riderId, currency: cashLedger.currency, minor: sql<number>`coalesce(sum(${cashLedger.amountMinor}), 0)`.mapWith(Number) })
    .from(cashLedger)
    .where(and(eq(cashLedger.companyId, companyId), eq(cashLedger.account, 'discrepancy'), lt(cashLedger.at, to)))
    .groupBy(cashLedger.riderId, cashLedger.currency, cashLedger.submissionId);
  const rows = sums.map((r) => {
    const mine = open.filter((o) => o.riderId === r.riderId && o.currency === r.currency);
    return {
      ...r,
      unresolvedShortMinor: mine.reduce((s, o) => s + Math.max(o.minor, 0), 0),
      unresolvedOverMinor: mine.reduce((s, o) => s + Math.max(-o.minor, 0), 0),
    };
  });

  const kept = rows
    .filter((r) => FIGURES.some((f) => r[f] !== 0))
    .sort((a, b) => Number(a.currency !== company.currency) - Number(b.currency !== company.currency) || a.currency.localeCompare(b.currency) || a.riderName.localeCompare(b.riderName) || a.riderId.localeCompare(b.riderId));
  const currencies = [company.currency, ...new Set(kept.map((r) => r.currency).filter((c) => c !== company.currency))];
  const totals = currencies.map((currency): ReconciliationTotal => {
    const mine = kept.filter((r) => r.currency === currency);
    const total = { ...zero(), currency, riders: mine.length };
    for (const r of mine) for (const f of FIGURES) total[f] += r[f];
    return total;
  });
  return {
    companyId,
    companyName: company.name,
    region: company.region,
    currency: company.currency,
    timeZone,
    date: day,
    today,
    previousDate: plusDays(day, -1),
    nextDate: day < today ? plusDays(day, 1) : null,
    from: from.toISOString(),
    to: to.toISOString(),
    generatedAt: now.toISOString(),
    rows: kept,
    totals,
  };
}
