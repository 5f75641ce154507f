import { currentLocale, type Locale } from './i18n';
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

/** Dates: en-GB in English (as before), the region's Arabic (ar-KW / ar-AE, Western digits) in Arabic; always in the region's zone. */
export function dateLocale(region: Region, language: Locale = currentLocale()): string {
  return language === 'ar' ? `${region.id === 'uae' ? 'ar-AE' : 'ar-KW'}-u-nu-latn` : 'en-GB';
}

export function formatDateTime(date: Date | number, region: Region, locale = dateLocale(region)): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: region.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatNumber(n: number, locale = currentLocale() === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW', maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(n);
}
