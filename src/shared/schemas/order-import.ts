import { z } from 'zod';
import { byKey } from '../i18n/message';

/**
 * The order CSV a company imports, column by column, in the template's order.
 * Names match the order form's fields; headers are matched without regard to case.
 */
export const IMPORT_COLUMNS = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'pickupAddress',
  'deliveryAddress',
  'itemDescription',
  'deliveryFee',
  'codAmount',
  'priority',
  'notes',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Columns a file must have (their cells may still be empty and then fail per row). A file whose
 * addresses come in parts may leave out `pickupAddress`/`deliveryAddress` when it has `pickupArea`/`deliveryArea`.
 */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['customerName', 'customerPhone', 'pickupAddress', 'deliveryAddress'];

/**
 * A structured Gulf address in columns (issue 8): the side (`delivery`, `pickup`) and a part, as
 * `deliveryGovernorate`, `deliveryArea`, `pickupBuilding`. The country is the company's region.
 * Kuwait: governorate, area, block, street, building, floor, flat, PACI; the UAE: emirate, area,
 * street, building, Makani; both a landmark. Names are matched in English or Arabic.
 */
export const ADDRESS_SIDES = ['delivery', 'pickup'] as const;
export type AddressSide = (typeof ADDRESS_SIDES)[number];
export const ADDRESS_IMPORT_PARTS = {
  KW: ['Governorate', 'Area', 'Block', 'Street', 'Building', 'Floor', 'Flat', 'Paci', 'Landmark'],
  AE: ['Emirate', 'Area', 'Street', 'Building', 'Makani', 'Landmark'],
} as const;
export type AddressImportCountry = keyof typeof ADDRESS_IMPORT_PARTS;
export type AddressImportPart = (typeof ADDRESS_IMPORT_PARTS)[AddressImportCountry][number];
export type AddressImportColumn = `${AddressSide}${AddressImportPart}`;

/** The parts an address given in columns must have (the address schema's required fields). */
export const REQUIRED_ADDRESS_IMPORT_PARTS: Record<AddressImportCountry, readonly AddressImportPart[]> = {
  KW: ['Governorate', 'Area', 'Block', 'Street', 'Building'],
  AE: ['Emirate', 'Area', 'Building'],
};

/** Every part of either country, once: Governorate, Emirate, Area, Block, … */
export const ADDRESS_IMPORT_PART_NAMES: readonly AddressImportPart[] = ['Governorate', 'Emirate', 'Area', 'Block', 'Street', 'Building', 'Floor', 'Flat', 'Paci', 'Makani', 'Landmark'];

/** The address columns of one side for a country, in the template's order: deliveryGovernorate, deliveryArea, … */
export const addressImportColumns = (side: AddressSide, country: AddressImportCountry): AddressImportColumn[] =>
  ADDRESS_IMPORT_PARTS[country].map((p) => `${side}${p}` as const);

/** Every address column a file may name (both countries; a cell of the other country's column is a row error). */
export const ADDRESS_IMPORT_COLUMNS: readonly AddressImportColumn[] = ADDRESS_SIDES.flatMap((side) => ADDRESS_IMPORT_PART_NAMES.map((p) => `${side}${p}` as const));

/** The downloadable template's header for a country: the order columns, then the delivery and pickup address parts. */
export const templateColumns = (country: AddressImportCountry): string[] => [
  ...IMPORT_COLUMNS,
  ...addressImportColumns('delivery', country),
  ...addressImportColumns('pickup', country),
];

/** At most 2,000 orders and 1 MB (UTF-8 bytes) per file. */
export const IMPORT_LIMITS = { rows: 2000, bytes: 1024 * 1024 } as const;

export const orderImportInput = z.object({
  /** The file's text. Size is checked by the service so that a large file answers 413, not 400. */
  csv: z.string().max(8 * 1024 * 1024, byKey('errors.fileTooLarge')),
  /** Import the valid rows of a file that has errors (otherwise nothing is imported). */
  validOnly: z.boolean().optional().default(false),
  /** Check only: report the rows and errors, import nothing. */
  dryRun: z.boolean().optional().default(false),
});
export type OrderImportInput = z.infer<typeof orderImportInput>;

/** One problem in one row: `row` is the spreadsheet row number (the header is row 1). */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** The calendar date (YYYY-MM-DD) of `at` in the company's time zone. */
export function localIsoDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `kwt-orders-fast-delivery-2026-05-01.csv`: the company's name made safe for a file name. */
export function orderFileName(companyName: string, isoDate: string, ext: 'csv' | 'json', kind = 'orders'): string {
  const slug =
    companyName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'company';
  return `kwt-${kind}-${slug}-${isoDate.slice(0, 10)}.${ext}`;
}
