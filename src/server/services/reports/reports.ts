import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, cashSubmissions, companies, newId, orders, reports, riders } from '../../../../db/schema';
import type { LedgerAccount } from '../../../shared/cash/ledger-types';
import { aedToKwdMinor, toDecimalString, type Currency } from '../../../shared/money';
import { denied, managedCompany, type Actor } from '../access';
import { REGION_IDS, REGIONS, type RegionId } from '../../../shared/regions';
import {
  REPORT_ORDER_STATUSES,
  REPORT_TIME_ZONE,
  type Report,
  type ReportCashRow,
  type ReportListItem,
  type ReportMoney,
  type ReportPeriod,
  type ReportRiderRow,
  type StatusCounts,
} from '../../../shared/schemas/reports';
import { DAY_MS, startOfDayInZone } from '../../../shared/time';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { balancesOf, emptyBalances } from '../cash';
import { orderMinutes, orderTimeMs } from './figures';
import { msg } from '../../../shared/i18n/message';

/** The companies a report covers come from the actor, never from the caller's input: null (every company) for an admin, a manager's own. */
const reportCompany = (actor: Actor) => managedCompany(actor, 'generate-reports', () => denied('generate-reports'));

const money = (minor: number, currency: Currency): ReportMoney => ({ minor, decimal: toDecimalString(minor, currency) });
const zeroCounts = (): StatusCounts => Object.fromEntries(REPORT_ORDER_STATUSES.map((s) => [s, 0])) as StatusCounts;
const countSum = sql<number>`count(*)`.mapWith(Number);
const sumOf = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

/** [from 00:00, to + 1 day 00:00) in Kuwait, as UTC instants. */
export function periodBounds(period: ReportPeriod): { start: Date; end: Date } {
  // Noon UTC is the same calendar day in Kuwait, so the zone's midnight is that day's.
  const start = startOfDayInZone(new Date(`${period.from}T12:00:00Z`), REPORT_TIME_ZONE);
  const end = startOfDayInZone(new Date(Date.parse(`${period.to}T12:00:00Z`) + DAY_MS), REPORT_TIME_ZONE);
  return { start, end };
}

/**
 * Orders created in the period by status (per company and region), and revenue: the fees of orders
 * delivered in the period (by delivered_at, docs/figures.md), as the dashboards count it.
 */
async function orderFigures(db: Db, start: Date, end: Date, companyId: string | null) {
  const company = companyId ? eq(orders.companyId, companyId) : undefined;
  const [rows, fees] = await Promise.all([
    db
      .select({ companyId: orders.companyId, name: companies.name, companyCurrency: companies.currency, region: companies.region, status: orders.status, n: countSum })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), company))
      .groupBy(orders.companyId, orders.status),
    db
      .select({ companyId: orders.companyId, name: companies.name, companyCurrency: companies.currency, region: companies.region, currency: orders.currency, fees: sumOf(sql`${orders.deliveryFeeMinor}`) })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(and(eq(orders.status, 'delivered'), gte(orders.deliveredAt, start), lt(orders.deliveredAt, end), company))
      .groupBy(orders.companyId, orders.currency),
  ]);

  const byStatus = zeroCounts();
  const revenue: Record<Currency, number> = { KWD: 0, AED: 0 };
  const byCompany = new Map<string, Report['byCompany'][number] & { feesMinor: number }>();
  const byRegion = new Map<RegionId, { total: number; byStatus: StatusCounts; feesMinor: number }>(
    REGION_IDS.map((r) => [r, { total: 0, byStatus: zeroCounts(), feesMinor: 0 }]),
  );
  const companyOf = (row: { companyId: string; name: string; companyCurrency: Currency; region: RegionId }) => {
    let c = byCompany.get(row.companyId);
    if (!c) {
      c = { companyId: row.companyId, name: row.name, currency: row.companyCurrency, region: row.region, total: 0, byStatus: zeroCounts(), revenue: money(0, row.companyCurrency), feesMinor: 0 };
      byCompany.set(row.companyId, c);
    }
    return c;
  };
  for (const row of rows) {
    byStatus[row.status] += row.n;
    const c = companyOf(row);
    c.total += row.n;
    c.byStatus[row.status] += row.n;
    const r = byRegion.get(row.region)!;
    r.total += row.n;
    r.byStatus[row.status] += row.n;
  }
  for (const row of fees) {
    revenue[row.currency] += row.fees;
    companyOf(row).feesMinor += row.fees;
    byRegion.get(row.region)!.feesMinor += row.fees;
  }
  return {
    orders: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus },
    revenue,
    byCompany: [...byCompany.values()]
      .map(({ feesMinor, ...c }) => ({ ...c, revenue: money(feesMinor, c.currency) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    byRegion: [...byRegion.entries()].map(([region, { feesMinor, ...r }]) => {
      const currency = REGIONS[region].currency;
      return { region, currency, ...r, revenue: money(feesMinor, currency) };
    }),
  };
}

type CashAcc = Record<'collected' | 'pending' | 'confirmed' | 'discrepancy' | 'writtenOff' | 'disputed', number>;
const CASH_ACCOUNTS: Partial<Record<LedgerAccount, keyof CashAcc>> = { transit: 'pending', company: 'confirmed', discrepancy: 'discrepancy', writeoff: 'writtenOff' };

/**
 * Cash per rider and currency, from the cash ledger (issue 9; docs/cash-ledger.md), never orders less
 * cash_submissions. For the period: cash collected on the period's orders (created in it, as revenue;
 * collections less reversals), and where the cash of the period's hand-overs (submitted in it) is now,
 * read from their journals: still awaiting the count (transit), received by the company, an unresolved
 * counted difference, written off; disputed is a hand-over status (its cash went back to the rider's
 * hand). All-time balances as the rider's screens show them: outstanding = hand + transit + discrepancy,
 * and cash on hand. A rider who still answers for cash is listed even with nothing in the period.
 */
async function cashFigures(db: Db, start: Date, end: Date, companyId: string | null) {
  const ledgerScope = companyId ? eq(cashLedger.companyId, companyId) : undefined;
  const submittedInPeriod = and(gte(cashSubmissions.submittedAt, start), lt(cashSubmissions.submittedAt, end));
  const [collected, handedOver, disputed, inScope] = await Promise.all([
    db
      .select({ riderId: cashLedger.riderId, currency: cashLedger.currency, minor: sumOf(sql`-${cashLedger.amountMinor}`) })
      .from(cashLedger)
      .innerJoin(orders, eq(orders.id, cashLedger.orderId))
      .where(and(eq(cashLedger.account, 'customer'), inArray(cashLedger.kind, ['collection', 'collection_reversal']), gte(orders.createdAt, start), lt(orders.createdAt, end), ledgerScope))
      .groupBy(cashLedger.riderId, cashLedger.currency),
    db
      .select({ riderId: cashLedger.riderId, currency: cashLedger.currency, account: cashLedger.account, minor: sumOf(sql`${cashLedger.amountMinor}`) })
      .from(cashLedger)
      .innerJoin(cashSubmissions, eq(cashSubmissions.id, cashLedger.submissionId))
      .where(and(submittedInPeriod, ledgerScope))
      .groupBy(cashLedger.riderId, cashLedger.currency, cashLedger.account),
    db
      .select({ riderId: cashSubmissions.riderId, currency: cashSubmissions.currency, minor: sumOf(sql`${cashSubmissions.amountMinor}`) })
      .from(cashSubmissions)
      .innerJoin(riders, eq(riders.id, cashSubmissions.riderId))
      .where(and(submittedInPeriod, eq(cashSubmissions.status, 'disputed'), companyId ? eq(riders.companyId, companyId) : undefined))
      .groupBy(cashSubmissions.riderId, cashSubmissions.currency),
    db.select({ id: riders.id }).from(riders).where(companyId ? eq(riders.companyId, companyId) : undefined),
  ]);
  const balances = await balancesOf(db, inScope.map((r) => r.id));

  const key = (riderId: string, currency: Currency) => `${riderId}:${currency}`;
  const acc = new Map<string, CashAcc>();
  const get = (k: string) => acc.get(k) ?? acc.set(k, { collected: 0, pending: 0, confirmed: 0, discrepancy: 0, writtenOff: 0, disputed: 0 }).get(k)!;
  for (const r of collected) get(key(r.riderId, r.currency)).collected += r.minor;
  for (const r of handedOver) {
    const field = CASH_ACCOUNTS[r.account];
    if (field) get(key(r.riderId, r.currency))[field] += r.minor;
  }
  for (const r of disputed) get(key(r.riderId, r.currency)).disputed += r.minor;
  for (const [k, b] of balances) if (b.handMinor || b.outstandingMinor) get(k);

  return [...acc.entries()]
    .map(([k, a]) => {
      const [riderId, currency] = k.split(':') as [string, Currency];
      const b = balances.get(k) ?? emptyBalances();
      return {
        riderId,
        currency,
        collected: money(a.collected, currency),
        submittedPending: money(a.pending, currency),
        submittedConfirmed: money(a.confirmed, currency),
        discrepancy: money(a.discrepancy, currency),
        writtenOff: money(a.writtenOff, currency),
        submitted: money(a.pending + a.confirmed + a.discrepancy + a.writtenOff, currency),
        disputed: money(a.disputed, currency),
        outstanding: money(b.outstandingMinor, currency),
        onHandAllTime: money(b.handMinor, currency),
      };
    })
    .filter((r) => [r.collected, r.submittedPending, r.submittedConfirmed, r.discrepancy, r.writtenOff, r.disputed, r.outstanding, r.onHandAllTime].some((m) => m.minor !== 0));
}

async function riderFigures(db: Db, inPeriod: SQL, companyId: string | null) {
  const rows = await db
    .select({
      riderId: sql<string>`${orders.riderId}`,
      total: countSum,
      delivered: sumOf(sql`case when ${orders.status} = 'delivered' then 1 else 0 end`),
      failed: sumOf(sql`case when ${orders.status} = 'failed' then 1 else 0 end`),
      // Average order time (docs/figures.md): pick-up, else assignment, to delivery, over the delivered orders.
      avgMs: sql<number | null>`avg(case when ${orders.status} = 'delivered' then ${orderTimeMs} end)`,
    })
    .from(orders)
    .where(and(inPeriod, isNotNull(orders.riderId), companyId ? eq(orders.companyId, companyId) : undefined))
    .groupBy(orders.riderId);
  return rows.map((r) => {
    const finished = r.delivered + r.failed;
    return {
      riderId: r.riderId,
      total: r.total,
      delivered: r.delivered,
      failed: r.failed,
      successRate: finished ? Math.round((r.delivered / finished) * 1000) / 10 : null,
      avgDeliveryMinutes: orderMinutes(r.avgMs === null ? null : Number(r.avgMs)),
    };
  });
}

async function riderNames(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; companyName: string }>();
  const rows = await db
    .select({ id: riders.id, name: riders.name, companyName: companies.name })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(inArray(riders.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, companyName: r.companyName }]));
}

/** Every figure of the report, from aggregate queries; nothing is stored. */
export async function buildReport(db: Db, companyId: string | null, period: ReportPeriod, aedToKwd: number, id: string, now = new Date()): Promise<Report> {
  const { start, end } = periodBounds(period);
  const inPeriod = and(gte(orders.createdAt, start), lt(orders.createdAt, end))!;
  const [figures, cash, productivity, company] = await Promise.all([
    orderFigures(db, start, end, companyId),
    cashFigures(db, start, end, companyId),
    riderFigures(db, inPeriod, companyId),
    companyId ? db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { name: true } }) : undefined,
  ]);
  const names = await riderNames(db, [...new Set([...cash.map((c) => c.riderId), ...productivity.map((r) => r.riderId)])]);
  const named = <T extends { riderId: string }>(r: T) => ({ ...r, name: names.get(r.riderId)?.name ?? '', companyName: names.get(r.riderId)?.companyName ?? '' });
  const { KWD, AED } = figures.revenue;
  return {
    id,
    from: period.from,
    to: period.to,
    timeZone: REPORT_TIME_ZONE,
    generatedAt: now.toISOString(),
    scope: { companyId, companyName: company?.name ?? null },
    aedToKwdRate: aedToKwd,
    orders: figures.orders,
    byCompany: figures.byCompany,
    byRegion: figures.byRegion,
    revenue: {
      KWD: money(KWD, 'KWD'),
      AED: money(AED, 'AED'),
      // As the dashboard does it: the AED sum converted once, then rounded to fils.
      totalKwd: money(KWD + aedToKwdMinor(AED, aedToKwd), 'KWD'),
    },
    cash: cash.map(named).sort((a, b) => b.outstanding.minor - a.outstanding.minor || a.name.localeCompare(b.name)) satisfies ReportCashRow[],
    riders: productivity
      .map(named)
      .sort((a, b) => b.delivered - a.delivered || (b.successRate ?? -1) - (a.successRate ?? -1) || a.name.localeCompare(b.name)) satisfies ReportRiderRow[],
  };
}

/** Builds the report for the viewer's scope, stores it and records who generated it. */
export async function generateReport(db: Db, viewer: Actor, period: ReportPeriod, aedToKwd: number, now = new Date()) {
  const companyId = reportCompany(viewer);
  const id = newId();
  const report = await buildReport(db, companyId, period, aedToKwd, id, now);
  const { start, end } = periodBounds(period);
  await db.transaction(async (tx) => {
    await tx.insert(reports).values({ id, createdBy: viewer.userId, periodFrom: start, periodTo: end, data: report, createdAt: now });
    await audit(tx, { actorId: viewer.userId, action: 'generate', entity: 'report', entityId: id, after: { from: report.from, to: report.to, scope: report.scope } });
  });
  return { success: true as const, message: `Report for ${report.from} to ${report.to} generated`, report };
}

/** A stored report; another company's is answered as not found, so ids leak nothing. */
export async function getReport(db: Db, viewer: Actor, id: string): Promise<Report> {
  const companyId = reportCompany(viewer);
  const row = await db.query.reports.findFirst({ where: eq(reports.id, id), columns: { data: true } });
  const report = row?.data as Report | undefined;
  if (!report || (companyId !== null && report.scope.companyId !== companyId)) throw notFound(msg('errors.reportNotFound'));
  return report;
}

export async function listReports(db: Db, viewer: Actor, limit = 20): Promise<ReportListItem[]> {
  const companyId = reportCompany(viewer);
  const field = (path: string) => sql.raw(`json_extract(${reports.data.name}, '$.${path}')`);
  const rows = await db
    .select({
      id: reports.id,
      createdAt: reports.createdAt,
      from: sql<string>`${field('from')}`,
      to: sql<string>`${field('to')}`,
      companyName: sql<string | null>`${field('scope.companyName')}`,
      totalOrders: sql<number>`${field('orders.total')}`.mapWith(Number),
    })
    .from(reports)
    .where(companyId ? sql`${field('scope.companyId')} = ${companyId}` : undefined)
    .orderBy(desc(reports.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
