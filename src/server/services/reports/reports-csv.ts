import { REPORT_ORDER_STATUSES, type Report, type StatusCounts } from '../../../shared/schemas/reports';
import { localIso } from '../../../shared/time';
import { csvCell } from '../../lib/csv';

/** Reports as CSV (RFC 4180, CRLF) and their download names. */
type Cell = string | number | null;

const STATUS_HEADERS = ['Pending', 'Assigned', 'Picked up', 'Delivered', 'Cancelled', 'Failed'];
const counts = (c: StatusCounts) => REPORT_ORDER_STATUSES.map((s) => c[s]);

export function reportToCsv(r: Report): string {
  const sections: Cell[][][] = [
    [
      ['KWT Delivery report'],
      ['Field', 'Value'],
      ['Report id', r.id],
      ['From', r.from],
      ['To', r.to],
      ['Time zone', r.timeZone],
      ['Scope', r.scope.companyName ? r.scope.companyName : 'All companies'],
      ['Generated at', localIso(new Date(r.generatedAt), r.timeZone)],
      ['AED to KWD rate', r.aedToKwdRate],
    ],
    [['Orders by status'], ['Status', 'Orders'], ...REPORT_ORDER_STATUSES.map((s) => [s, r.orders.byStatus[s]]), ['total', r.orders.total]],
    [
      ['Orders by company'],
      ['Company', 'Currency', 'Region', ...STATUS_HEADERS, 'Total', 'Revenue'],
      ...r.byCompany.map((c) => [c.name, c.currency, c.region, ...counts(c.byStatus), c.total, c.revenue.decimal]),
    ],
    [
      ['Orders by region'],
      ['Region', 'Currency', ...STATUS_HEADERS, 'Total', 'Revenue'],
      ...r.byRegion.map((g) => [g.region, g.currency, ...counts(g.byStatus), g.total, g.revenue.decimal]),
    ],
    [
      ['Revenue'],
      ['Currency', 'Revenue'],
      ['KWD', r.revenue.KWD.decimal],
      ['AED', r.revenue.AED.decimal],
      [`KWD total (AED at ${r.aedToKwdRate})`, r.revenue.totalKwd.decimal],
    ],
    [
      ['Cash per rider'],
      ['Rider', 'Company', 'Currency', 'Collected', 'Submitted (pending)', 'Submitted (confirmed)', 'Discrepancy', 'Written off', 'Submitted', 'Disputed', 'Outstanding (all time)', 'On hand (all time)'],
      ...r.cash.map((c) => [
        c.name,
        c.companyName,
        c.currency,
        c.collected.decimal,
        c.submittedPending.decimal,
        c.submittedConfirmed.decimal,
        // Stored reports from before issue 9 have neither.
        c.discrepancy?.decimal ?? '',
        c.writtenOff?.decimal ?? '',
        c.submitted.decimal,
        c.disputed.decimal,
        c.outstanding.decimal,
        c.onHandAllTime.decimal,
      ]),
    ],
    [
      ['Rider productivity'],
      ['Rider', 'Company', 'Orders', 'Delivered', 'Failed', 'Success rate (%)', 'Average order time (minutes)'],
      ...r.riders.map((p) => [p.name, p.companyName, p.total, p.delivered, p.failed, p.successRate, p.avgDeliveryMinutes]),
    ],
  ];
  return `${sections.map((rows) => rows.map((row) => row.map((v) => csvCell(v)).join(',')).join('\r\n')).join('\r\n\r\n')}\r\n`;
}

export function reportFileName(r: Pick<Report, 'from' | 'to'>, ext: 'csv' | 'json'): string {
  return `kwt-report-${r.from}_${r.to}.${ext}`;
}
