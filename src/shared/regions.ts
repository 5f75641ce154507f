import { currentLocale, type Locale } from './i18n';
import { dateTimeFormat, numberFormat } from './intl';
import type { Currency } from './money';

export const REGION_IDS = ['kuwait', 'uae'] as const;
export type RegionId = (typeof REGION_IDS)[number];

export interface Region {
  id: RegionId;
  name: string;
  currency: Currency;
  symbol: string;
  flag: string;
  timezone: 'Asia/Kuwait' | 'Asia/Dubai';
}

export const REGIONS: Record<RegionId, Region> = {
  kuwait: { id: 'kuwait', name: 'Kuwait', currency: 'KWD', symbol: 'KD', flag: '🇰🇼', timezone: 'Asia/Kuwait' },
  uae: { id: 'uae', name: 'UAE', currency: 'AED', symbol: 'AED', flag: '🇦🇪', timezone: 'Asia/Dubai' },
};

export const DEFAULT_REGION: RegionId = 'kuwait';

export function regionOfCurrency(currency: Currency): Region {
  return currency === 'AED' ? REGIONS.uae : REGIONS.kuwait;
}

/**
 * Dates: en-GB in English (as before; a screen that always used 'en' passes it as `english`), the region's
 * Arabic (ar-KW / ar-AE, Western digits: docs/spec-decisions.md rows 62–64) in Arabic. Kuwait when no region applies.
 */
export function dateLocale(region: Region = REGIONS.kuwait, language: Locale = currentLocale(), english: 'en-GB' | 'en' = 'en-GB'): string {
  return language === 'ar' ? `${region.id === 'uae' ? 'ar-AE' : 'ar-KW'}-u-nu-latn` : english;
}

/** Numbers: en-KW in English (the same output as 'en'), ar-KW with Western digits in Arabic, as moneyLocale. */
export function numberLocale(language: Locale = currentLocale()): string {
  return language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW';
}

export function formatDateTime(date: Date | number, region: Region, locale = dateLocale(region)): string {
  return dateTimeFormat(locale, {
    timeZone: region.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatNumber(n: number, locale = numberLocale(), maximumFractionDigits = 1): string {
  return numberFormat(locale, { maximumFractionDigits }).format(n);
}
