import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cashSubmissions, companies, riders } from '../../../../db/schema';
import { CURRENCIES, toDecimalString, type Currency } from '../../../shared/money';
import { balancesOf } from '../../services/cash';
import { defineTool } from '../tool';
import { currency, decimal } from './output';
import { companyWall, riderWall } from '../../services/access';

const ROW_LIMIT = 100;

/** Every figure in minor units; all but `disputed` are sums of the cash ledger (services/cash/ledger.ts). */
const FIGURES = ['collected', 'confirmed', 'pending', 'discrepancy', 'disputed', 'onHand', 'outstanding'] as const;
type Figure = (typeof FIGURES)[number];

interface Line extends Record<Figure, number> {
  riderId: string;
  riderName: string;
  companyName: string;
  currency: Currency;
}

const figuresOutput = Object.fromEntries(FIGURES.map((f) => [f, decimal])) as Record<Figure, typeof decimal>;

const asStrings = (currency: Currency, minor: Record<Figure, number>) =>
  Object.fromEntries(FIGURES.map((f) => [f, toDecimalString(minor[f], currency)])) as Record<Figure, string>;

export const cashReconciliation = defineTool({
  name: 'cash_reconciliation',
  title: 'Cash reconciliation',
  description:
    'Cash on delivery per rider and currency, from the cash ledger (the same figures the rider and company screens show): collected (COD of delivered cash orders), confirmed (handed over and received by the company, as counted), pending (handed over, awaiting the company\'s count), discrepancy (counted differences not yet resolved; positive: short), disputed (hand-overs an admin disputed; that cash went back to the rider and is part of onHand), onHand (the cash the rider holds now, including corrections and shortfalls the rider was found to owe) and outstanding (onHand + pending + discrepancy: what the rider still answers for). Written-off differences and corrections explain any gap between collected and the rest. Amounts are decimal strings in the row\'s currency (KWD 3 decimals, AED 2); totals per currency. Only riders with any cash are listed, by currency (KWD, then AED) and most cash on hand first (100 rows at most). Scoped: an admin sees every rider (optional companyId or riderId), a company only its own riders, a rider only itself.',
  input: {
    companyId: z.string().max(40).optional().describe('Only this company\'s riders (admins; a company may pass only its own id).'),
    riderId: z.string().max(40).optional().describe('Only this rider (must be a rider the caller may see).'),
  },
  output: z.object({
    riders: z.array(z.object({ riderId: z.string(), riderName: z.string(), companyName: z.string(), currency, ...figuresOutput })),
    totals: z.array(z.object({ currency, ...figuresOutput })),
    truncated: z.boolean().describe('More than 100 rows matched: only the first 100 are listed (the totals cover every row).'),
  }),
  readOnly: true,
  permission: null,
  run: async (db, scope, input) => {
    const companyId = companyWall(scope, input.companyId);
    const riderId = scope.role === 'rider' || input.riderId ? (await riderWall(db, scope, input.riderId)).id : null;
    const inScope = and(companyId ? eq(riders.companyId, companyId) : undefined, riderId ? eq(riders.id, riderId) : undefined);
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

    const all: Line[] = [];
    for (const key of new Set([...balances.keys(), ...disputedBy.keys()])) {
      const [id, currency] = key.split(':') as [string, Currency];
      const b = balances.get(key);
      const line: Line = {
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
      if (FIGURES.some((f) => line[f] !== 0)) all.push(line);
    }
    all.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) || b.onHand - a.onHand || a.riderName.localeCompare(b.riderName));
    const totals = new Map<Currency, Record<Figure, number>>();
    for (const l of all) {
      const t = totals.get(l.currency) ?? (Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<Figure, number>);
      for (const f of FIGURES) t[f] += l[f];
      totals.set(l.currency, t);
    }
    return {
      riders: all.slice(0, ROW_LIMIT).map((l) => ({
        riderId: l.riderId,
        riderName: l.riderName,
        companyName: l.companyName,
        currency: l.currency,
        ...asStrings(l.currency, l),
      })),
      totals: [...totals].map(([currency, t]) => ({ currency, ...asStrings(currency, t) })),
      truncated: all.length > ROW_LIMIT,
    };
  },
});
