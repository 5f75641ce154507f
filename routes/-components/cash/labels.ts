import { dateLocale, dateTimeFormat } from '../../../src/client/format';
import type { HandoverStatus, LedgerAccount, LedgerKind, DiscrepancyResolution } from '../../../src/shared/cash/ledger-types';
import type { MessageKey } from '../../../src/shared/i18n';
import type { Currency } from '../../../src/shared/money';
import { regionOfCurrency } from '../../../src/shared/regions';

/** Badge tones per hand-over status, one place for every screen. */
export const STATUS_TONE: Record<HandoverStatus, 'warning' | 'success' | 'error' | 'neutral' | 'ghost' | 'secondary'> = {
  pending: 'warning',
  confirmed: 'success',
  discrepancy: 'error',
  resolved: 'secondary',
  disputed: 'error',
  cancelled: 'ghost',
};

export const statusKey = (s: HandoverStatus) => `cashReview.status.${s}` as MessageKey;
export const kindKey = (k: LedgerKind) => `handover.kind.${k}` as MessageKey;
export const accountKey = (a: LedgerAccount) => `handover.account.${a}` as MessageKey;
export const resolutionKey = (r: DiscrepancyResolution, over: boolean) => `handover.resolution.${r}${over ? '.over' : ''}` as MessageKey;

/** A time of day in the currency's region (Kuwait, Dubai), in the UI's language. */
export function timeIn(iso: string, currency: Currency): string {
  const region = regionOfCurrency(currency);
  return dateTimeFormat(dateLocale(region), { timeZone: region.timezone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A short date and time in the currency's region. */
export function dateTimeIn(iso: string, currency: Currency): string {
  const region = regionOfCurrency(currency);
  return dateTimeFormat(dateLocale(region), { timeZone: region.timezone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
