import { toDecimalString } from '../../../shared/money';
import type { ReconciliationFigures } from '../../../shared/schemas/cash-limits';
import { orderFileName } from '../../../shared/schemas/order-import';
import { localIso } from '../../../shared/time';
import { toCsv } from '../../lib/csv';
import type { ReconciliationReport } from './reconciliation';

/**
 * The daily reconciliation as CSV (English, as the other reports): a heading block, then a row per
 * rider and currency and a total per currency. Money as decimals with the currency's digits (KWD 3,
 * AED 2); names made formula-safe.
 */
export function reconciliationToCsv(r: ReconciliationReport): string {
  const heading = [
    ['KWT Delivery daily cash reconciliation'],
    ['Company', r.companyName],
    ['Date', r.date],
    ['Time zone', r.timeZone],
    ['Generated at', localIso(new Date(r.generatedAt), r.timeZone)],
  ];
  const header = ['Rider', 'Currency', 'Collected', 'Handed over', 'Received', 'Outstanding (end of day)', 'Short', 'Over', 'Discrepancy count', 'Unresolved short', 'Unresolved over'];
  const figures = (f: ReconciliationFigures, c: ReconciliationReport['currency']) => [
    toDecimalString(f.collectedMinor, c),
    toDecimalString(f.handedOverMinor, c),
    toDecimalString(f.receivedMinor, c),
    toDecimalString(f.outstandingMinor, c),
    toDecimalString(f.shortMinor, c),
    toDecimalString(f.overMinor, c),
    f.discrepancyCount,
    toDecimalString(f.unresolvedShortMinor, c),
    toDecimalString(f.unresolvedOverMinor, c),
  ];
  const rows = r.rows.map((row) => [row.riderName, row.currency, ...figures(row, row.currency)]);
  const totals = r.totals.map((tot) => ['Total', tot.currency, ...figures(tot, tot.currency)]);
  return `${toCsv(heading)}\r\n${toCsv([header, ...rows, ...totals])}`;
}

/** `kwt-reconciliation-fast-delivery-2026-05-03.csv`: the company and the day. */
export function reconciliationFileName(r: Pick<ReconciliationReport, 'companyName' | 'date'>): string {
  return orderFileName(r.companyName, r.date, 'csv', 'reconciliation');
}
