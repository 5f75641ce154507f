import type { NoticeAudience, NoticeKind } from '../../shared/compliance/types';
import { catalogs, translate, type Locale, type MessageKey } from '../../shared/i18n';
import { CURRENCIES, formatMoney, moneyLocale, type Currency } from '../../shared/money';
import { dateLocale, formatNumber, numberLocale, type Region } from '../../shared/regions';

/** What a notice list needs of a notice: its kind, audience and raw params (src/shared/compliance/types.ts). */
export interface NoticeLike {
  kind: NoticeKind;
  audience: NoticeAudience;
  params: Record<string, string | number>;
}

const MONEY = ['amount', 'limit', 'counted', 'difference'] as const;
const isCurrency = (v: unknown): v is Currency => CURRENCIES.includes(v as Currency);

/**
 * The params of a notice formatted in the reader's language: money with its currency's decimals,
 * `since` and `time` instants in the region's zone, `date` a calendar day, `hours` a number, and
 * `document` by its catalog name (`documents.type.<type>`; the raw id until the key exists).
 */
export function noticeParams(params: Record<string, string | number>, locale: Locale, region: Region): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  const currency = isCurrency(params.currency) ? params.currency : region.currency;
  for (const key of MONEY) {
    const v = params[key];
    if (typeof v === 'number') out[key] = formatMoney(v, currency, moneyLocale(currency, locale));
  }
  const dates = dateLocale(region, locale);
  if (typeof params.since === 'string' && !Number.isNaN(Date.parse(params.since))) {
    out.since = new Intl.DateTimeFormat(dates, { timeZone: region.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(params.since));
  }
  if (typeof params.time === 'string' && !Number.isNaN(Date.parse(params.time))) {
    out.time = new Intl.DateTimeFormat(dates, { timeZone: region.timezone, timeStyle: 'short' }).format(new Date(params.time));
  }
  if (typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.date)) {
    out.date = new Intl.DateTimeFormat(dates, { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${params.date}T12:00:00Z`));
  }
  if (typeof params.hours === 'number') out.hours = formatNumber(params.hours, numberLocale(locale));
  if (typeof params.document === 'string') {
    const key = `documents.type.${params.document}`;
    out.document = key in catalogs.en ? translate(locale, key as MessageKey) : params.document;
  }
  return out;
}

/** When a notice was posted, in the region's zone and the reader's language. */
export function noticeTime(iso: string, locale: Locale, region: Region): string {
  return new Intl.DateTimeFormat(dateLocale(region, locale), { timeZone: region.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
