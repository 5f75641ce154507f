import { z } from 'zod';
import type { Currency } from '../money';
import type { RegionId } from '../regions';
import type { Weekend } from '../weekend';
import type { MessageKey } from '../i18n';
import { byKey, textOf } from '../i18n/message';

/** Reports cover whole business days in Kuwait time. */
export const REPORT_TIME_ZONE = 'Asia/Kuwait';
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;
export const REPORT_ORDER_STATUSES = ['pending', 'assigned', 'picked_up', 'delivered', 'cancelled', 'failed'] as const;
export type ReportOrderStatus = (typeof REPORT_ORDER_STATUSES)[number];

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' calendar date, or null when it is no real date. */
export function dayNumber(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / DAY_MS : null;
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar date in Kuwait. */
export function todayInKuwait(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The default period: the last 30 days, today (Kuwait) included. */
export function defaultReportPeriod(now = new Date()): { from: string; to: string } {
  const to = todayInKuwait(now);
  return { from: dateOfDayNumber(dayNumber(to)! - (REPORT_DEFAULT_DAYS - 1)), to };
}

/** A calendar day; `key` names the catalog message zod renders, in the language of the parse, when it refuses. */
const isoDate = (key: MessageKey) => {
  return z
    .string(byKey(key))
    .trim()
    .refine((v) => dayNumber(v) !== null, byKey(key));
};

/**
 * The report period. Both dates are optional (the spec's call sends no body):
 * a missing `to` is today in Kuwait, a missing `from` is 30 days ending on `to`.
 */
export const reportInput = z
  .object({ from: isoDate('errors.fromDateFormat').optional(), to: isoDate('errors.toDateFormat').optional() })
  .optional()
  .transform((v, ctx) => {
    const to = v?.to ?? todayInKuwait();
    const from = v?.from ?? dateOfDayNumber(dayNumber(to)! - (REPORT_DEFAULT_DAYS - 1));
    const span = dayNumber(to)! - dayNumber(from)! + 1;
    if (span < 1) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: textOf('errors.fromAfterTo') });
      return z.NEVER;
    }
    if (span > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: textOf('errors.periodTooLong', { days: REPORT_MAX_DAYS }) });
      return z.NEVER;
    }
    return { from, to };
  });
export type ReportInput = z.input<typeof reportInput>;
export type ReportPeriod = z.output<typeof reportInput>;

/** An amount in integer minor units, and the same as a decimal string with the currency's digits ('1.250'). */
export interface ReportMoney {
  minor: number;
  decimal: string;
}

export type StatusCounts = Record<ReportOrderStatus, number>;

export interface ReportCompanyRow {
  companyId: string;
  name: string;
  currency: Currency;
  region: RegionId;
  total: number;
  byStatus: StatusCounts;
  /** Delivery fees of the delivered orders. */
  revenue: ReportMoney;
}

export interface ReportRegionRow {
  region: RegionId;
  currency: Currency;
  total: number;
  byStatus: StatusCounts;
  revenue: ReportMoney;
}

/**
 * Cash per rider and currency, every figure a sum of the cash ledger (issue 9, docs/cash-ledger.md).
 * The hand-over figures cover the hand-overs submitted in the period and say where their cash is now.
 */
export interface ReportCashRow {
  riderId: string;
  name: string;
  companyName: string;
  currency: Currency;
  /** Cash collected on the rider's cash orders created in the period (collections less reversals). */
  collected: ReportMoney;
  /** Of the period's hand-overs: still awaiting the company's count. */
  submittedPending: ReportMoney;
  /** Of the period's hand-overs: received by the company, as counted (and any difference found later). */
  submittedConfirmed: ReportMoney;
  /** Of the period's hand-overs: counted differences not yet resolved (positive: short). */
  discrepancy: ReportMoney;
  /** Of the period's hand-overs: differences the company wrote off (negative: a surplus it kept). */
  writtenOff: ReportMoney;
  /**
   * Handed over in the period and not back with the rider: pending + confirmed + discrepancy + written
   * off (a withdrawn or disputed hand-over, or a shortfall the rider owes, is back in the rider's hand).
   */
  submitted: ReportMoney;
  /** Hand-overs of the period an admin disputed: their cash went back to the rider's hand. */
  disputed: ReportMoney;
  /** All time, at generation: what the rider still answers for (cash on hand + in transit + unresolved differences). */
  outstanding: ReportMoney;
  /** All time, at generation: cash on hand, as the rider's screens show it. */
  onHandAllTime: ReportMoney;
}

export interface ReportRiderRow {
  riderId: string;
  name: string;
  companyName: string;
  total: number;
  delivered: number;
  failed: number;
  /** delivered ÷ (delivered + failed) in percent, one decimal; null when none finished. */
  successRate: number | null;
  /** Average order time (docs/figures.md): mean of delivered − picked up (else assigned) over delivered orders, minutes with one decimal. */
  avgDeliveryMinutes: number | null;
}

/** A generated report, as stored in `reports.data` and served as JSON. */
export interface Report {
  id: string;
  from: string;
  to: string;
  timeZone: typeof REPORT_TIME_ZONE;
  generatedAt: string;
  /** null companyId: every company (an admin's report). */
  scope: { companyId: string | null; companyName: string | null };
  aedToKwdRate: number;
  orders: { total: number; byStatus: StatusCounts };
  byCompany: ReportCompanyRow[];
  byRegion: ReportRegionRow[];
  revenue: { KWD: ReportMoney; AED: ReportMoney; totalKwd: ReportMoney };
  cash: ReportCashRow[];
  riders: ReportRiderRow[];
}

export interface ReportListItem {
  id: string;
  from: string;
  to: string;
  createdAt: string;
  companyName: string | null;
  totalOrders: number;
}

/**
 * company.weeklyReport (issue 8): the company's working week (the day after its weekend, in its
 * region's zone). `weekStart` may be any day of the wanted week; missing: the current week.
 */
export const weeklyReportInput = z.object({ weekStart: isoDate('gulf.weekly.weekStartFormat').optional() }).optional();
export type WeeklyReportInput = z.input<typeof weeklyReportInput>;

/** Amounts per currency in integer minor units (a company's orders are normally all in its own). */
export type MinorByCurrency = Record<Currency, number>;

export interface WeeklyFigures {
  /** Orders created on the day. */
  ordersCreated: number;
  /** Orders delivered on the day (by delivery time). */
  delivered: number;
  /** Orders cancelled on the day (by the time of the cancellation). */
  cancelled: number;
  /** Delivery fees of the orders delivered on the day. */
  revenue: MinorByCurrency;
  /** Cash on delivery of the cash orders delivered on the day. */
  codCollected: MinorByCurrency;
  /** Riders on duty or delivering on the day; in the totals, the distinct riders of the week. */
  activeRiders: number;
  /** Time on duty less completed breaks, whole minutes. */
  dutyMinutes: number;
}

export interface WeeklyDay extends WeeklyFigures {
  /** YYYY-MM-DD in the company's zone. */
  date: string;
  weekend: boolean;
}

export interface WeeklyReport {
  companyName: string;
  currency: Currency;
  region: RegionId;
  timeZone: string;
  weekend: Weekend;
  /** First and last day (YYYY-MM-DD) of the working week. */
  weekStart: string;
  weekEnd: string;
  previousWeekStart: string;
  nextWeekStart: string;
  /** The week today (in the company's zone) belongs to. */
  currentWeekStart: string;
  generatedAt: string;
  days: WeeklyDay[];
  totals: WeeklyFigures;
}
