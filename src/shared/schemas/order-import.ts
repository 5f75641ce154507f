import { z } from 'zod';

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

/** Columns a file must have (their cells may still be empty and then fail per row). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['customerName', 'customerPhone', 'pickupAddress', 'deliveryAddress'];

/** At most 2,000 orders and 1 MB (UTF-8 bytes) per file. */
export const IMPORT_LIMITS = { rows: 2000, bytes: 1024 * 1024 } as const;

export const orderImportInput = z.object({
  /** The file's text. Size is checked by the service so that a large file answers 413, not 400. */
  csv: z.string().max(8 * 1024 * 1024, 'The file is too large'),
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

/** ٠١٢٣٤٥٦٧٨٩ (and the Persian ۰-۹) → 0-9, Arabic decimal separator ٫ → '.', so numbers typed in Arabic parse. */
export function westernDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9\u066B]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
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
