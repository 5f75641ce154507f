import { t, tn, tw } from '../../../shared/i18n';
import type { searchOrders } from '../tools/orders';
import { money, table, type Answer, type Asked } from './answer';

type Result = Awaited<ReturnType<typeof searchOrders.run>>;

/** search_orders: how many match (and in which status), the latest one, then the page as a table. */
export function ordersAnswer(r: Result, asked: Asked): Answer {
  const status = typeof asked.input.status === 'string' ? asked.input.status : undefined;
  const filter = status ? t('answers.orders.filter', { status: tw(`orderStatus.${status}` as 'orderStatus.pending') }) : '';
  const latest = r.items[0];
  if (!latest) return { text: t('answers.orders.none', { filter }) };
  const withCompany = asked.role === 'admin';
  return {
    text: t('answers.orders.found', {
      orders: tn('analysis.unit.order', r.total),
      filter,
      customer: latest.customerName,
      status: tw(`orderStatus.${latest.status}`),
      fee: money(latest.deliveryFee, latest.currency),
    }),
    table: table(
      ['answers.col.customer', 'answers.col.status', ...(withCompany ? (['answers.col.company'] as const) : []), 'answers.col.rider', ['answers.col.fee', 'numeric']],
      r.items.map((o) => [o.customerName, t(`orderStatus.${o.status}`), ...(withCompany ? [o.companyName] : []), o.riderName ?? '—', money(o.deliveryFee, o.currency)]),
      r.total,
    ),
  };
}
