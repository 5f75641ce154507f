import { CURRENCIES, toDecimalString, type Currency } from '../../../shared/money';
import { orderFileName } from '../../../shared/schemas/order-import';
import type { WeeklyFigures, WeeklyReport } from '../../../shared/schemas/reports';
import { localIso } from '../../../shared/time';
import { toCsv } from '../../lib/csv';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKEND_NAMES = { 'fri-sat': 'Fri-Sat', 'sat-sun': 'Sat-Sun' } as const;

/**
 * The weekly report as CSV (English, as the admin's reports): a short heading block, then one row
 * per day and the week's total. Money as decimals with the currency's digits (KWD 3, AED 2): the
 * company's own currency always, another only when the week has some.
 */
export function weeklyReportToCsv(r: WeeklyReport): string {
  const currencies = CURRENCIES.filter((c) => c === r.currency || r.totals.revenue[c] || r.totals.codCollected[c]);
  const money = (f: WeeklyFigures) => currencies.flatMap((c: Currency) => [toDecimalString(f.revenue[c], c), toDecimalString(f.codCollected[c], c)]);
  const figures = (f: WeeklyFigures) => [f.ordersCreated, f.delivered, f.cancelled, ...money(f), f.activeRiders, f.dutyMinutes];
  const heading = [
    ['KWT Delivery weekly report'],
    ['Company', r.companyName],
    ['Week', `${r.weekStart} to ${r.weekEnd}`],
    ['Weekend', WEEKEND_NAMES[r.weekend]],
    ['Time zone', r.timeZone],
    ['Generated at', localIso(new Date(r.generatedAt), r.timeZone)],
  ];
  const header = ['Date', 'Day', 'Weekend', 'Orders created', 'Delivered', 'Cancelled', ...currencies.flatMap((c) => [`Revenue (${c})`, `COD collected (${c})`]), 'Active riders', 'Duty minutes'];
  const rows = r.days.map((d) => [d.date, DAY_NAMES[new Date(`${d.date}T12:00:00Z`).getUTCDay()]!, d.weekend ? 'yes' : 'no', ...figures(d)]);
  return `${toCsv(heading)}\r\n${toCsv([header, ...rows, ['Total', '', '', ...figures(r.totals)]])}`;
}

/** `kwt-weekly-fast-delivery-2026-05-03.csv`: the company and the week's first day. */
export function weeklyReportFileName(r: Pick<WeeklyReport, 'companyName' | 'weekStart'>): string {
  return orderFileName(r.companyName, r.weekStart, 'csv', 'weekly');
}
