import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { cashSubmissions, companies, orders, riders } from '../../../../db/schema';
import { CURRENCIES, toDecimalString, type Currency } from '../../../shared/money';
import { defineTool } from '../tool';
import { companyWall, riderWall } from './scope';

const ROW_LIMIT = 100;
const sumWhen = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then ${cashSubmissions.amountMinor} else 0 end), 0)`.mapWith(Number);

interface Line {
  riderId: string;
  riderName: string;
  companyName: string;
  currency: Currency;
  collected: number;
  confirmed: number;
  pending: number;
  disputed: number;
}

const FIGURES = ['collected', 'confirmed', 'pending', 'disputed', 'onHand'] as const;
type Figure = (typeof FIGURES)[number];
const onHand = (l: Line) => l.collected - l.confirmed - l.pending - l.disputed;
const asStrings = (currency: Currency, minor: Record<Figure, number>) =>
  Object.fromEntries(FIGURES.map((f) => [f, toDecimalString(minor[f], currency)])) as Record<Figure, string>;

export const cashReconciliation = defineTool({
  name: 'cash_reconciliation',
  description:
    'Cash on delivery per rider and currency: collected (COD of delivered cash orders), handed over and confirmed, handed over and pending review, disputed, and onHand (collected less every hand-over, what the rider still holds). Amounts are decimal strings in the row\'s currency (KWD 3 decimals, AED 2); totals per currency. Only riders with any cash are listed, by currency (KWD, then AED) and most cash on hand first (100 rows at most). Scoped: an admin sees every rider (optional companyId or riderId), a company only its own riders, a rider only itself.',
  input: {
    companyId: z.string().max(40).optional().describe('Only this company\'s riders (admins; a company may pass only its own id).'),
    riderId: z.string().max(40).optional().describe('Only this rider (must be a rider the caller may see).'),
  },
  roles: ['admin', 'company', 'rider'],
  run: async (db, scope, input) => {
    const companyId = companyWall(scope, input.companyId);
    const riderId = scope.role === 'rider' || input.riderId ? (await riderWall(db, scope, input.riderId)).id : null;
    const inScope = and(companyId ? eq(riders.companyId, companyId) : undefined, riderId ? eq(riders.id, riderId) : undefined);
    const who = { riderId: riders.id, riderName: riders.name, companyName: companies.name };
    const [collected, handed] = await Promise.all([
      db
        .select({ ...who, currency: orders.currency, minor: sql<number>`coalesce(sum(${orders.codAmountMinor}), 0)`.mapWith(Number) })
        .from(orders)
        .innerJoin(riders, eq(riders.id, orders.riderId))
        .innerJoin(companies, eq(companies.id, riders.companyId))
        .where(and(inScope, eq(orders.status, 'delivered'), eq(orders.paymentMethod, 'cash')))
        .groupBy(riders.id, orders.currency),
      db
        .select({
          ...who,
          currency: cashSubmissions.currency,
          confirmed: sumWhen(eq(cashSubmissions.status, 'confirmed')),
          pending: sumWhen(eq(cashSubmissions.status, 'pending')),
          disputed: sumWhen(eq(cashSubmissions.status, 'disputed')),
        })
        .from(cashSubmissions)
        .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
        .innerJoin(companies, eq(companies.id, riders.companyId))
        .where(inScope)
        .groupBy(riders.id, cashSubmissions.currency),
    ]);
    const lines = new Map<string, Line>();
    const line = (r: { riderId: string; riderName: string; companyName: string; currency: Currency }) => {
      const key = `${r.riderId}:${r.currency}`;
      if (!lines.has(key)) lines.set(key, { ...r, collected: 0, confirmed: 0, pending: 0, disputed: 0 });
      return lines.get(key)!;
    };
    for (const r of collected) line(r).collected += r.minor;
    for (const r of handed) Object.assign(line(r), { confirmed: r.confirmed, pending: r.pending, disputed: r.disputed });

    const all = [...lines.values()].filter((l) => l.collected || l.confirmed || l.pending || l.disputed).sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) || onHand(b) - onHand(a));
    const totals = new Map<Currency, Record<Figure, number>>();
    for (const l of all) {
      const t = totals.get(l.currency) ?? { collected: 0, confirmed: 0, pending: 0, disputed: 0, onHand: 0 };
      for (const f of FIGURES) t[f] += f === 'onHand' ? onHand(l) : l[f];
      totals.set(l.currency, t);
    }
    return {
      riders: all.slice(0, ROW_LIMIT).map((l) => ({
        riderId: l.riderId,
        riderName: l.riderName,
        companyName: l.companyName,
        currency: l.currency,
        ...asStrings(l.currency, { ...l, onHand: onHand(l) }),
      })),
      totals: [...totals].map(([currency, t]) => ({ currency, ...asStrings(currency, t) })),
      truncated: all.length > ROW_LIMIT,
    };
  },
});
