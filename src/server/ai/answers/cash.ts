import { t } from '../../../shared/i18n';
import type { Currency } from '../../../shared/money';
import type { cashReconciliation } from '../tools/cash';
import { amounts, money, semicolon, table, type Answer, type Asked } from './answer';
import { asksPerRider, namedIn } from './riders-asked';

type Result = Awaited<ReturnType<typeof cashReconciliation.run>>;
type Row = Result['riders'][number];

const totalOf = (rows: readonly Result['totals'][number][], key: 'onHand' | 'pending' | 'discrepancy', fallback: Currency) =>
  amounts(
    rows.filter((r) => Number(r[key]) !== 0).map((r) => ({ currency: r.currency, amount: r[key] })),
    rows[0]?.currency ?? fallback,
  );

const riderItem = (r: Row) => t('answers.cash.riderItem', { name: r.riderName, onHand: money(r.onHand, r.currency), transit: money(r.pending, r.currency) });

/**
 * cash_reconciliation: what the riders hold on hand and what is in transit (handed over, not yet
 * counted), per currency; the rider the question names first, and each rider when asked.
 */
export function cashAnswer(result: Result, asked: Asked): Answer {
  const rows = result.riders;
  if (!rows.length) return { text: t('answers.cash.none') };
  const named = asked.role === 'rider' ? [] : namedIn(asked.message, rows);
  const sentences: string[] = [];
  if (named.length) {
    for (const r of named) sentences.push(t('answers.cash.heldBy', { name: r.riderName, onHand: money(r.onHand, r.currency), transit: money(r.pending, r.currency) }));
  } else {
    const fallback = rows[0]!.currency;
    sentences.push(t(`answers.cash.held.${asked.role}`, { onHand: totalOf(result.totals, 'onHand', fallback), transit: totalOf(result.totals, 'pending', fallback) }));
    const open = result.totals.filter((r) => Number(r.discrepancy) !== 0);
    if (open.length) sentences.push(t('answers.cash.discrepancy', { amount: totalOf(open, 'discrepancy', fallback) }));
    if (asked.role !== 'rider' && asksPerRider(asked.message)) sentences.push(t('answers.cash.perRider', { list: rows.map(riderItem).join(semicolon()) }));
  }
  const withCompany = asked.role === 'admin';
  const shown = named.length ? named : rows;
  // Counted differences are rare: their column only when one is open.
  const withDifference = shown.some((r) => Number(r.discrepancy) !== 0);
  return {
    text: sentences.join(' '),
    table: table(
      [
        'answers.col.rider',
        ...(withCompany ? (['answers.col.company'] as const) : []),
        ['handover.balance.onHand', 'numeric'],
        ['handover.balance.pending', 'numeric'],
        ...(withDifference ? ([['handover.balance.discrepancy', 'numeric']] as const) : []),
        ['handover.balance.outstanding', 'numeric'],
      ],
      shown.map((r) => [
        r.riderName,
        ...(withCompany ? [r.companyName] : []),
        money(r.onHand, r.currency),
        money(r.pending, r.currency),
        ...(withDifference ? [money(r.discrepancy, r.currency)] : []),
        money(r.outstanding, r.currency),
      ]),
    ),
  };
}
