import { z } from 'zod';
import { toDecimalString, type Currency } from '../../../shared/money';
import { CASH_STANDING_FIGURES, cashStanding, type CashStandingFigure } from '../../services/cash';
import { defineTool } from '../tool';
import { currency, decimal } from './output';
import { companyWall, riderWall } from '../../services/access';

const ROW_LIMIT = 100;

const figuresOutput = Object.fromEntries(CASH_STANDING_FIGURES.map((f) => [f, decimal])) as Record<CashStandingFigure, typeof decimal>;

const asStrings = (currency: Currency, minor: Record<CashStandingFigure, number>) =>
  Object.fromEntries(CASH_STANDING_FIGURES.map((f) => [f, toDecimalString(minor[f], currency)])) as Record<CashStandingFigure, string>;

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
    const { lines, totals } = await cashStanding(db, { companyId, riderId });
    return {
      riders: lines.slice(0, ROW_LIMIT).map((l) => ({
        riderId: l.riderId,
        riderName: l.riderName,
        companyName: l.companyName,
        currency: l.currency,
        ...asStrings(l.currency, l),
      })),
      totals: totals.map((t) => ({ currency: t.currency, ...asStrings(t.currency, t) })),
      truncated: lines.length > ROW_LIMIT,
    };
  },
});
