import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashSubmissions, companies, riders } from '../../../../db/schema';
import { CURRENCIES, type Currency } from '../../../shared/money';
import { balancesOf } from './ledger';

/** Every figure in minor units; all but `disputed` are sums of the cash ledger (ledger.ts). */
export const CASH_STANDING_FIGURES = ['collected', 'confirmed', 'pending', 'discrepancy', 'disputed', 'onHand', 'outstanding'] as const;
export type CashStandingFigure = (typeof CASH_STANDING_FIGURES)[number];
export type CashStandingFigures = Record<CashStandingFigure, number>;

export interface CashStandingLine extends CashStandingFigures {
  riderId: string;
  riderName: string;
  companyName: string;
  currency: Currency;
}

export interface CashStanding {
  /** Riders with any cash, per currency: KWD then AED, most on hand first, then by name. */
  lines: CashStandingLine[];
  /** Sums of every line, per currency in the same order. */
  totals: ({ currency: Currency } & CashStandingFigures)[];
}

const zero = () => Object.fromEntries(CASH_STANDING_FIGURES.map((f) => [f, 0])) as CashStandingFigures;

/**
 * Where each rider's cash on delivery stands, per currency, from the ledger (the figures the rider and
 * company screens show) and the disputed hand-overs. `companyId` / `riderId` narrow it (null: every one);
 * the caller has already decided what the asker may see.
 */
export async function cashStanding(db: Db, filter: { companyId: string | null; riderId: string | null }): Promise<CashStanding> {
  const inScope = and(filter.companyId ? eq(riders.companyId, filter.companyId) : undefined, filter.riderId ? eq(riders.id, filter.riderId) : undefined);
  const [who, disputed] = await Promise.all([
    db.select({ riderId: riders.id, riderName: riders.name, companyName: companies.name }).from(riders).innerJoin(companies, eq(companies.id, riders.companyId)).where(inScope),
    db
      .select({ riderId: cashSubmissions.riderId, currency: cashSubmissions.currency, minor: sql<number>`coalesce(sum(${cashSubmissions.amountMinor}), 0)`.mapWith(Number) })
      .from(cashSubmissions)
      .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
      .where(and(inScope, eq(cashSubmissions.status, 'disputed')))
      .groupBy(cashSubmissions.riderId, cashSubmissions.currency),
  ]);
  const names = new Map(who.map((r) => [r.riderId, r]));
  const balances = await balancesOf(db, who.map((r) => r.riderId));
  const disputedBy = new Map(disputed.map((d) => [`${d.riderId}:${d.currency}`, d.minor]));

  const lines: CashStandingLine[] = [];
  for (const key of new Set([...balances.keys(), ...disputedBy.keys()])) {
    const [id, currency] = key.split(':') as [string, Currency];
    const b = balances.get(key);
    const line: CashStandingLine = {
      ...names.get(id)!,
      currency,
      collected: b?.collectedMinor ?? 0,
      confirmed: b?.receivedMinor ?? 0,
      pending: b?.transitMinor ?? 0,
      discrepancy: b?.discrepancyMinor ?? 0,
      disputed: disputedBy.get(key) ?? 0,
      onHand: b?.handMinor ?? 0,
      outstanding: b?.outstandingMinor ?? 0,
    };
    if (CASH_STANDING_FIGURES.some((f) => line[f] !== 0)) lines.push(line);
  }
  lines.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) || b.onHand - a.onHand || a.riderName.localeCompare(b.riderName));
  const totals = new Map<Currency, CashStandingFigures>();
  for (const l of lines) {
    const t = totals.get(l.currency) ?? zero();
    for (const f of CASH_STANDING_FIGURES) t[f] += l[f];
    totals.set(l.currency, t);
  }
  return { lines, totals: [...totals].map(([currency, t]) => ({ currency, ...t })) };
}
