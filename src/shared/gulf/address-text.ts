/**
 * Address text from its parts and its place's names (area, governorate or emirate), without the Gulf areas data:
 * the rider app gets the names in both languages from the server with each order (src/server/services/orders/rider-orders.ts)
 * and formats the rest itself. src/shared/gulf/format.ts looks the names up for everyone else.
 */
import { translate, type Locale, type MessageKey } from '../i18n';
import type { AddressParts } from '../schemas/address';

/** An area's and its governorate's/emirate's names in one language: { area: 'Salmiya', division: 'Hawalli' }. */
export interface PlaceNames {
  area: string;
  division: string;
}

/** The words that name each part ('Block', 'قطعة'…). */
const WORDS = {
  block: 'block|blk|قطعة|ق',
  street: 'street|st|شارع',
  building: 'building|bldg|house|مبنى|منزل|عمارة',
  floor: 'floor|الدور|دور|الطابق',
  flat: 'flat|apartment|apt|شقة',
};
type Part = keyof typeof WORDS;

/**
 * A name that already says what it is ('Ahmad Al-Jaber Street', 'Gulf Rd.', 'طريق الملك فهد', 'Al Hamra Tower') is
 * kept as typed: the label is added only to a bare number or name, so no word the user typed is doubled.
 * A word is a whole word: '1st' and 'Stone' are not 'St'.
 */
const KIND: Partial<Record<Part, string>> = { street: 'road|rd|avenue|ave|highway|طريق|جادة', building: 'tower|villa|برج|فيلا' };

function part(locale: Locale, field: Part, value: string | undefined): string | null {
  // 'Block 10' typed into the block field stays '10': the label is added back in the reader's language.
  const v = value?.trim().replace(new RegExp(`^(?:${WORDS[field]})\\.?\\s+`, 'i'), '');
  if (!v) return null;
  const kind = KIND[field] && new RegExp(`(?:^|\\s)(?:${WORDS[field]}|${KIND[field]})(?=$|[\\s.,،])`, 'i');
  return kind && kind.test(v) ? v : translate(locale, `address.format.${field}` as MessageKey, { value: v });
}

/** The street line: "Block 10, Street 5, Building 12, Floor 3, Flat 7" (Kuwait) or "Street 5, Building 12" (UAE). */
export function addressLine(parts: AddressParts, locale: Locale): string {
  const sep = locale === 'ar' ? '، ' : ', ';
  const pieces =
    parts.country === 'KW'
      ? [part(locale, 'block', parts.block), part(locale, 'street', parts.street), part(locale, 'building', parts.building), part(locale, 'floor', parts.floor), part(locale, 'flat', parts.flat)]
      : [part(locale, 'street', parts.street), part(locale, 'building', parts.building)];
  return pieces.filter(Boolean).join(sep);
}

/**
 * The one-line text of a structured address, which fills the order's pickup/delivery address:
 * "Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli" or
 * "قطعة 10، شارع 5، مبنى 12، الدور 3، شقة 7، السالمية، حولي"; the landmark last.
 */
export function formatAddressIn(parts: AddressParts, place: PlaceNames, locale: Locale): string {
  const sep = locale === 'ar' ? '، ' : ', ';
  const pieces = [addressLine(parts, locale), place.area, place.division];
  if (parts.landmark?.trim()) pieces.push(translate(locale, 'address.format.landmark', { value: parts.landmark.trim() }));
  return pieces.filter(Boolean).join(sep).slice(0, 300);
}

/**
 * An order's address for a reader (as format.ts orderAddressText) from the names that came with it: from its parts
 * in the reader's language when it has them and their names, else the stored one-line text.
 */
export function orderAddressTextIn(text: string, parts: AddressParts | null | undefined, places: Record<Locale, PlaceNames> | null | undefined, locale: Locale): string {
  return parts && places ? formatAddressIn(parts, places[locale], locale) : text;
}

/** A link to the pin in the phone's maps app (any platform opens it). */
export const pinMapUrl = (pin: { lat: number; lng: number }) => `https://www.google.com/maps/search/?api=1&query=${pin.lat.toFixed(6)},${pin.lng.toFixed(6)}`;
