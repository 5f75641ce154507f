import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { orders } from '../../../../../db/schema';
import { t } from '../../../../shared/i18n';
import { aedToKwdMinor, CURRENCIES, type Currency } from '../../../../shared/money';
import type { AnalysisBody, AnalysisContext } from './context';
import { amountsText, count, moneyFigure, namesText, percent, type ByCurrency, type MoneyFigure } from './format';
import { PRIORITY, priorityOf, RULES } from './rules';
import { orderRows } from '../../access';

export interface FinancialFigures {
  /** KWD and AED are never added as they are: AED is converted at this rate, rounded to the fil. */
  conversion: { aedToKwdRate: number; rule: string };
  /** Delivery fees of orders delivered in the period. */
  revenue: ByCurrency<MoneyFigure> & { totalKwd: MoneyFigure };
  /** Each currency's share of the converted total, in percent. */
  split: ByCurrency<number | null>;
  deliveredOrders: ByCurrency<number>;
  averageFee: ByCurrency<MoneyFigure | null>;
  /** Cash collected on the period's cash deliveries. */
  cashCollected: ByCurrency<MoneyFigure>;
  /** Fees of orders created in the period that are still pending, assigned or picked up. */
  open: { orders: number; fees: ByCurrency<MoneyFigure> };
  /** Fees of orders created in the period that failed or were cancelled, and their share of the fees at stake (revenue + lost, in KWD). */
  lost: { orders: number; fees: ByCurrency<MoneyFigure>; sharePercent: number | null };
  /** Cash riders hold now, per rider (all time, not only the period). */
  cashOutstanding: {
    onHand: ByCurrency<MoneyFigure>;
    pendingConfirmation: ByCurrency<MoneyFigure>;
    heldOver24h: ByCurrency<MoneyFigure>;
    riders: { riderId: string; name: string; currency: Currency; onHand: MoneyFigure; pendingConfirmation: MoneyFigure; heldOver24h: MoneyFigure }[];
  };
}

const zero = () => ({ KWD: 0, AED: 0 }) as ByCurrency<number>;
const figures = (minor: ByCurrency<number>) => ({ KWD: moneyFigure(minor.KWD, 'KWD'), AED: moneyFigure(minor.AED, 'AED') });
const sum = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

const isOpen = sql<number>`${orders.status} in ('pending', 'assigned', 'picked_up')`.mapWith(Number);

async function orderTotals(ctx: AnalysisContext) {
  const { start, end } = ctx.period;
  const [delivered, created] = await Promise.all([
    ctx.db
      .select({
        currency: orders.currency,
        n: sql<number>`count(*)`.mapWith(Number),
        fees: sum(sql`${orders.deliveryFeeMinor}`),
        cash: sum(sql`case when ${orders.paymentMethod} = 'cash' then ${orders.codAmountMinor} else 0 end`),
      })
      .from(orders)
      .where(and(eq(orders.status, 'delivered'), gte(orders.deliveredAt, start), lt(orders.deliveredAt, end), orderRows(ctx.actor)))
      .groupBy(orders.currency),
    ctx.db
      .select({ currency: orders.currency, open: isOpen, n: sql<number>`count(*)`.mapWith(Number), fees: sum(sql`${orders.deliveryFeeMinor}`) })
      .from(orders)
      .where(and(inArray(orders.status, ['pending', 'assigned', 'picked_up', 'failed', 'cancelled']), gte(orders.createdAt, start), lt(orders.createdAt, end), orderRows(ctx.actor)))
      .groupBy(orders.currency, isOpen),
  ]);
  const acc = { revenue: zero(), delivered: zero(), cash: zero(), openFees: zero(), lostFees: zero(), openOrders: 0, lostOrders: 0 };
  for (const r of delivered) {
    acc.revenue[r.currency] = r.fees;
    acc.delivered[r.currency] = r.n;
    acc.cash[r.currency] = r.cash;
  }
  for (const r of created) {
    acc[r.open ? 'openFees' : 'lostFees'][r.currency] += r.fees;
    if (r.open) acc.openOrders += r.n;
    else acc.lostOrders += r.n;
  }
  return acc;
}

export async function financialAnalysis(ctx: AnalysisContext): Promise<AnalysisBody<FinancialFigures>> {
  const { target, period, aedToKwd } = ctx;
  const [o, cash] = await Promise.all([orderTotals(ctx), ctx.cash()]);
  const inKwd = (m: ByCurrency<number>) => m.KWD + aedToKwdMinor(m.AED, aedToKwd);
  const totalKwd = inKwd(o.revenue);
  const lostShare = percent(inKwd(o.lostFees), totalKwd + inKwd(o.lostFees));
  const onHand = zero();
  const pending = zero();
  const overdue = zero();
  for (const c of cash) {
    onHand[c.currency] += Math.max(0, c.onHandMinor);
    pending[c.currency] += c.pendingMinor;
    overdue[c.currency] += c.overdueMinor;
  }
  const byConcern = [...cash].sort((a, b) => b.overdueMinor - a.overdueMinor || b.onHandMinor - a.onHandMinor || ctx.nameOf(a.riderId).localeCompare(ctx.nameOf(b.riderId)));
  const holders = byConcern.filter((c) => c.onHandMinor > 0);
  const overdueNames = [...new Set(holders.filter((c) => c.overdueMinor > 0).map((c) => ctx.nameOf(c.riderId)))];
  const deliveredCount = o.delivered.KWD + o.delivered.AED;
  const cur = target.currencies;
  const average = (c: Currency) => (o.delivered[c] ? Math.round(o.revenue[c] / o.delivered[c]) : null);

  const text = [t('analysis.financial.revenue', { from: period.from, to: period.to, delivered: count(deliveredCount, 'order'), revenue: amountsText(o.revenue, cur) })];
  if (cur.length > 1) {
    text.push(t('analysis.financial.converted', { rate: aedToKwd, totalKwd: moneyFigure(totalKwd, 'KWD').decimal, kwdShare: percent(o.revenue.KWD, totalKwd) ?? 0, aedShare: percent(totalKwd - o.revenue.KWD, totalKwd) ?? 0 }));
  }
  if (deliveredCount) text.push(t('analysis.financial.average', { average: amountsText({ KWD: average('KWD') ?? 0, AED: average('AED') ?? 0 }, cur) }));
  text.push(t('analysis.financial.openLost', { open: amountsText(o.openFees, cur), lost: amountsText(o.lostFees, cur), lostShare: lostShare ?? 0 }));
  text.push(
    holders.length
      ? t(overdueNames.length ? 'analysis.financial.cash' : 'analysis.financial.cashFresh', {
          onHand: amountsText(onHand, cur),
          riders: count(new Set(holders.map((h) => h.riderId)).size, 'rider'),
          overdue: amountsText(overdue, cur),
          hours: RULES.cashHoldHours,
        })
      : t('analysis.financial.cashNone'),
  );

  const recommendations: string[] = [];
  if (overdueNames.length) recommendations.push(t('analysis.financial.rec.overdue', { amount: amountsText(overdue, cur), names: namesText(overdueNames), hours: RULES.cashHoldHours }));
  if (lostShare !== null && lostShare >= PRIORITY.financial.lostShareMedium) recommendations.push(t('analysis.financial.rec.lost', { amount: amountsText(o.lostFees, cur), lostShare }));
  if (deliveredCount === 0) recommendations.push(t('analysis.financial.rec.noRevenue'));
  if (o.openOrders > 0) recommendations.push(t('analysis.financial.rec.open', { orders: count(o.openOrders, 'order'), amount: amountsText(o.openFees, cur) }));
  if (!recommendations.length) recommendations.push(t('analysis.financial.rec.ok'));

  return {
    analysis: text.join(' '),
    recommendations,
    priority: priorityOf({
      high: overdueNames.length > 0 || (lostShare ?? 0) >= PRIORITY.financial.lostShareHigh,
      medium: (lostShare ?? 0) >= PRIORITY.financial.lostShareMedium || deliveredCount === 0,
    }),
    figures: {
      conversion: { aedToKwdRate: aedToKwd, rule: t('analysis.financial.rule', { rate: aedToKwd }) },
      revenue: { ...figures(o.revenue), totalKwd: moneyFigure(totalKwd, 'KWD') },
      split: { KWD: percent(o.revenue.KWD, totalKwd), AED: percent(totalKwd - o.revenue.KWD, totalKwd) },
      deliveredOrders: o.delivered,
      averageFee: Object.fromEntries(CURRENCIES.map((c) => [c, average(c) === null ? null : moneyFigure(average(c)!, c)])) as ByCurrency<MoneyFigure | null>,
      cashCollected: figures(o.cash),
      open: { orders: o.openOrders, fees: figures(o.openFees) },
      lost: { orders: o.lostOrders, fees: figures(o.lostFees), sharePercent: lostShare },
      cashOutstanding: {
        onHand: figures(onHand),
        pendingConfirmation: figures(pending),
        heldOver24h: figures(overdue),
        riders: byConcern.map((c) => ({
          riderId: c.riderId,
          name: ctx.nameOf(c.riderId),
          currency: c.currency,
          onHand: moneyFigure(c.onHandMinor, c.currency),
          pendingConfirmation: moneyFigure(c.pendingMinor, c.currency),
          heldOver24h: moneyFigure(c.overdueMinor, c.currency),
        })),
      },
    },
  };
}
