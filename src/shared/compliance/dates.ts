import { dateTimeFormat } from '../intl';

/** 'YYYY-MM-DD' as a long date in `locale` ('1 May 2026'); the day itself, whatever the zone. */
export function formatIsoDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}
