import type { Locale } from '../i18n';
import type { AddressParts } from '../schemas/address';
import { formatAddressIn, type PlaceNames } from './address-text';
import { divisionOf, findArea } from './areas';

/** The area and governorate/emirate names in a language: { area: 'Salmiya', division: 'Hawalli' }. */
export function addressPlace(parts: AddressParts, locale: Locale): PlaceNames {
  const divisionId = parts.country === 'KW' ? parts.governorate : parts.emirate;
  const area = findArea(parts.country, divisionId, parts.area);
  const division = divisionOf(parts.country, divisionId);
  return {
    area: area?.[locale] ?? parts.area,
    division: division?.[locale] ?? divisionId,
  };
}

/** The place's names in both languages, sent with a rider's orders (the rider app carries no areas data). */
export const placeNames = (parts: AddressParts) => ({
  en: addressPlace(parts, 'en'),
  ar: addressPlace(parts, 'ar'),
});

/** The one-line text of a structured address (address-text.ts formatAddressIn), its place's names looked up. */
export function formatAddress(parts: AddressParts, locale: Locale): string {
  return formatAddressIn(parts, addressPlace(parts, locale), locale);
}

/**
 * An order's address for a reader: from its parts in the reader's language when it has them, else
 * the stored one-line text (written in its creator's language, or typed as free text).
 */
export function orderAddressText(text: string, parts: AddressParts | null | undefined, locale: Locale): string {
  return parts ? formatAddress(parts, locale) : text;
}
