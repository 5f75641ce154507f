import { z } from 'zod';
import { normalizeDigits } from '../digits';
import { DIVISIONS, findArea } from '../gulf/areas';
import type { MessageKey } from '../i18n';
import { byKey, textOf } from '../i18n/message';

/** Block, street, building, floor, flat: short text (required or optional) ("10", "5A", "Tunis St"); Arabic-Indic digits become ASCII. */
const short = (requiredKey: MessageKey) =>
  z.string(byKey(requiredKey)).transform((v) => normalizeDigits(v).trim()).pipe(z.string().min(1, byKey(requiredKey)).max(40, byKey('address.error.tooLong')));
const optionalShort = () => z.string().optional().default('').transform((v) => normalizeDigits(v).trim()).pipe(z.string().max(40, byKey('address.error.tooLong')));

/** Digits only, whatever spaces, dashes or Arabic-Indic digits the user typed; '' when empty. */
const digitsOnly = (v: string) => normalizeDigits(v).replace(/[\s-]/g, '');

/** PACI (Kuwait's civil information address number): 8-12 digits. */
export const paciField = z
  .string()
  .optional()
  .default('')
  .transform(digitsOnly)
  .pipe(z.union([z.literal(''), z.string().regex(/^\d{8,12}$/, byKey('address.error.paci'))]));

/** Makani (Dubai's building number): 10 digits, often written "12345 67890"; stored as the digits. */
export const makaniField = z
  .string()
  .optional()
  .default('')
  .transform(digitsOnly)
  .pipe(z.union([z.literal(''), z.string().regex(/^\d{10}$/, byKey('address.error.makani'))]));

/** Rough bounding boxes of each country (with a margin for islands and borders). */
export const COUNTRY_BOUNDS = {
  KW: { minLat: 28.4, maxLat: 30.2, minLng: 46.5, maxLng: 48.6 },
  AE: { minLat: 22.5, maxLat: 26.3, minLng: 51.4, maxLng: 56.5 },
} as const;

const pinField = z
  .object({ lat: z.number().finite().min(-90).max(90), lng: z.number().finite().min(-180).max(180) })
  .optional();

const landmarkField = z.string().trim().max(200, byKey('address.error.landmark')).optional().default('');

const ids = (country: 'KW' | 'AE') => DIVISIONS[country].map((d) => d.id) as [string, ...string[]];

export const kuwaitAddress = z.object({
  country: z.literal('KW'),
  governorate: z.enum(ids('KW'), byKey('address.error.governorate')),
  area: z.string(byKey('address.error.area')).min(1, byKey('address.error.area')).max(60),
  block: short('address.error.block'),
  street: short('address.error.street'),
  building: short('address.error.building'),
  floor: optionalShort(),
  flat: optionalShort(),
  paci: paciField,
  landmark: landmarkField,
  pin: pinField,
});

export const uaeAddress = z.object({
  country: z.literal('AE'),
  emirate: z.enum(ids('AE'), byKey('address.error.emirate')),
  area: z.string(byKey('address.error.areaEmirate')).min(1, byKey('address.error.areaEmirate')).max(60),
  street: optionalShort(),
  building: short('address.error.building'),
  makani: makaniField,
  landmark: landmarkField,
  pin: pinField,
});

/**
 * A structured Gulf address (issue 8 item 4): Kuwait by governorate, area, block, street, building,
 * floor, flat and PACI; the UAE by emirate, area, street, building and Makani; both with a landmark and
 * an optional map pin inside the country. The area must be one of its governorate's/emirate's list.
 */
export const addressParts = z.discriminatedUnion('country', [kuwaitAddress, uaeAddress]).superRefine((a, ctx) => {
  const division = a.country === 'KW' ? a.governorate : a.emirate;
  if (!findArea(a.country, division, a.area)) {
    ctx.addIssue({ code: 'custom', path: ['area'], message: textOf(a.country === 'KW' ? 'address.error.area' : 'address.error.areaEmirate') });
  }
  if (a.pin) {
    const b = COUNTRY_BOUNDS[a.country];
    if (a.pin.lat < b.minLat || a.pin.lat > b.maxLat || a.pin.lng < b.minLng || a.pin.lng > b.maxLng) {
      ctx.addIssue({ code: 'custom', path: ['pin'], message: textOf('address.error.pin') });
    }
  }
});
export type AddressParts = z.output<typeof addressParts>;

/** An order's stored parts column (JSON) read back through the schema: the parts, or null for free text or anything malformed. */
export function storedAddressParts(stored: unknown): AddressParts | null {
  if (stored === null || stored === undefined) return null;
  const parsed = addressParts.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
export type AddressPartsInput = z.input<typeof addressParts>;
export type KuwaitAddress = z.output<typeof kuwaitAddress>;
export type UaeAddress = z.output<typeof uaeAddress>;
