import type { Db } from '../../../../db/client';
import { orders, orderStatusEvents } from '../../../../db/schema';
import { orderInput, parseFee, type OrderInput } from '../../../shared/schemas/admin';
import { normalizeDigits } from '../../../shared/digits';
import {
  ADDRESS_IMPORT_COLUMNS,
  ADDRESS_SIDES,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  REQUIRED_IMPORT_COLUMNS,
  templateColumns,
  type AddressImportColumn,
  type AddressImportCountry,
  type ImportColumn,
  type ImportRowError,
  type OrderImportInput,
} from '../../../shared/schemas/order-import';
import { countryOfRegion } from '../../../shared/gulf/areas';
import { formatAddress } from '../../../shared/gulf/format';
import type { RegionId } from '../../../shared/regions';
import { DomainError, invalid } from '../../errors';
import { audit } from '../../lib/audit';
import { orderValues, companyProfile } from '../directory';
import { CsvError, parseCsv, toCsv } from '../../lib/csv';
import { publishChange } from '../../lib/events';
import { emitOrderEvent, listWebhooks } from '../integrations';
import { dispatchSettingsOf, startDispatch } from '../dispatch';
import { log } from '../../log';
import { t } from '../../../shared/i18n';
import { readSideAddress, type AddressCells } from './order-import-address';
import { msg, type Message } from '../../../shared/i18n/message';

/** The template's example rows per country: one prepaid with text addresses, one cash on delivery with the delivery address in parts. */
const TEMPLATE_ROWS: Record<AddressImportCountry, Record<string, string>[]> = {
  KW: [
    { customerName: 'Fatima Al-Ali', customerPhone: '+96512345678', customerEmail: 'fatima@example.com', pickupAddress: 'Sultan Center, Salmiya', deliveryAddress: 'Salmiya, Block 10, Street 5, House 12', itemDescription: 'Documents', deliveryFee: '1.250', codAmount: '0', priority: 'normal' },
    {
      customerName: 'Omar Hassan', customerPhone: '+96598765432', pickupAddress: 'The Avenues, Rai', itemDescription: 'Phone case', deliveryFee: '2', codAmount: '15.500', priority: 'urgent', notes: 'Call on arrival, 2nd floor',
      deliveryGovernorate: 'Hawalli', deliveryArea: 'الجابرية', deliveryBlock: '2', deliveryStreet: '14', deliveryBuilding: '7', deliveryFloor: '2', deliveryFlat: '3', deliveryLandmark: 'Opposite the co-op',
    },
  ],
  AE: [
    { customerName: 'Fatima Al-Ali', customerPhone: '+971501234567', customerEmail: 'fatima@example.com', pickupAddress: 'Dubai Mall, Downtown Dubai', deliveryAddress: 'Al Barsha 1, Street 12, Villa 5', itemDescription: 'Documents', deliveryFee: '15', codAmount: '0', priority: 'normal' },
    {
      customerName: 'Omar Hassan', customerPhone: '+971559876543', pickupAddress: 'Mall of the Emirates', itemDescription: 'Phone case', deliveryFee: '20', codAmount: '150.50', priority: 'urgent', notes: 'Call on arrival, 2nd floor',
      deliveryEmirate: 'Dubai', deliveryArea: 'الخليج التجاري', deliveryStreet: 'Marasi Drive', deliveryBuilding: 'Bay Square 7', deliveryMakani: '12345 67890', deliveryLandmark: 'Next to the metro',
    },
  ],
};

/**
 * The downloadable template for a region: the order columns, then the structured address columns of
 * its country, and two example rows (one prepaid with text addresses, one cash on delivery with the
 * delivery address in parts, its area in Arabic).
 */
export function importTemplateCsv(region: RegionId = 'kuwait'): string {
  const country = countryOfRegion(region);
  const header = templateColumns(country);
  // Our own example rows, read back by the import: no formula guard (an apostrophe would be part of the phone).
  return toCsv([header, ...TEMPLATE_ROWS[country].map((r) => header.map((c) => r[c] ?? ''))], { guard: false });
}

const HEADER_ROW = 1;
type AnyColumn = ImportColumn | AddressImportColumn;
const ALL_COLUMNS: readonly AnyColumn[] = [...IMPORT_COLUMNS, ...ADDRESS_IMPORT_COLUMNS];

/** Header cells → the column each data cell belongs to, or the header's problems. */
function readHeader(header: string[]): { columns: (AnyColumn | null)[]; errors: ImportRowError[] } {
  const known = new Map(ALL_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const errors: ImportRowError[] = [];
  const seen = new Set<AnyColumn>();
  const columns = header.map((raw) => {
    const name = raw.trim();
    const col = known.get(name.toLowerCase());
    if (!col) {
      if (name) errors.push({ row: HEADER_ROW, field: name, message: t('errors.importUnknownColumn', { name }) });
      return null;
    }
    if (seen.has(col)) errors.push({ row: HEADER_ROW, field: col, message: t('errors.importDuplicateColumn', { name: col }) });
    seen.add(col);
    return col;
  });
  // The text column may be left out when the addresses come in parts (its area column is there).
  const inParts: Partial<Record<ImportColumn, AnyColumn>> = { pickupAddress: 'pickupArea', deliveryAddress: 'deliveryArea' };
  for (const col of REQUIRED_IMPORT_COLUMNS) {
    const parts = inParts[col];
    if (!seen.has(col) && !(parts && seen.has(parts))) errors.push({ row: HEADER_ROW, field: col, message: t('errors.importMissingColumn', { name: col }) });
  }
  return { columns, errors };
}

/** A priority the schema does not know gets a message that names the choices. */
const rowMessages = (issue: { path?: PropertyKey[]; code?: string }) => (issue.path?.[0] === 'priority' ? t('errors.importPriority') : undefined);

/** One data row checked by the order form's own schema, in the company's currency and country; messages in the reader's language. */
function readRow(cells: string[], columns: (AnyColumn | null)[], row: number, company: { currency: OrderInput['currency']; region: RegionId }) {
  if (cells.length > columns.length) {
    return { errors: [{ row, field: '', message: t('errors.importCellCount', { cells: cells.length, columns: columns.length }) }] };
  }
  const v = {} as Record<AnyColumn, string>;
  for (const c of ALL_COLUMNS) v[c] = '';
  columns.forEach((c, i) => {
    if (c) v[c] = cells[i] ?? '';
  });
  // Each address as text or in parts (issue 8); parts are written back as text in the reader's language.
  const country = countryOfRegion(company.region);
  const addressErrors: ImportRowError[] = [];
  const address = Object.fromEntries(
    ADDRESS_SIDES.map((side) => {
      const text = v[`${side}Address`];
      const read = readSideAddress(v as AddressCells, side, country, row);
      if (read.kind === 'text') {
        addressErrors.push(...read.errors);
        return [side, { text }];
      }
      if (text.trim()) addressErrors.push({ row, field: `${side}Address`, message: t('errors.importAddressBoth') });
      if (read.kind === 'invalid') {
        addressErrors.push(...read.errors);
        return [side, { text: text.trim() || '-' }];
      }
      return [side, { text: formatAddress(read.parts, 'en'), parts: read.parts }];
    }),
  ) as Record<(typeof ADDRESS_SIDES)[number], { text: string; parts?: OrderInput['deliveryAddressParts'] }>;
  const parsed = orderInput.safeParse(
    {
      customerName: v.customerName,
      customerPhone: normalizeDigits(v.customerPhone).replace(/[\s-]/g, ''),
      customerEmail: v.customerEmail.trim(),
      pickupAddress: address.pickup.text,
      deliveryAddress: address.delivery.text,
      pickupAddressParts: address.pickup.parts,
      deliveryAddressParts: address.delivery.parts,
      itemDescription: v.itemDescription,
      deliveryFee: parseFee(normalizeDigits(v.deliveryFee)),
      codAmount: parseFee(normalizeDigits(v.codAmount)),
      priority: v.priority.trim().toLowerCase() || undefined,
      notes: v.notes,
      currency: company.currency,
    },
    { error: rowMessages },
  );
  if (parsed.success && !addressErrors.length) return { input: parsed.data };
  const errors: ImportRowError[] = [];
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors.some((e) => e.field === field)) errors.push({ row, field, message: issue.message });
  }
  return { errors: [...errors, ...addressErrors] };
}

function tooLarge(message: Message) {
  return new DomainError('PAYLOAD_TOO_LARGE', message, 'csv');
}

/**
 * Import a company's orders from CSV. Every row is checked first; a file with any
 * error imports nothing unless `validOnly`; the rows imported go in one transaction.
 */
export async function importOrders(db: Db, actorId: string, companyId: string, input: OrderImportInput) {
  if (new TextEncoder().encode(input.csv).length > IMPORT_LIMITS.bytes) throw tooLarge(msg('errors.importTooLargeBytes'));
  const company = await companyProfile(db, companyId);
  let records: string[][];
  try {
    records = parseCsv(input.csv);
  } catch (err) {
    if (err instanceof CsvError) throw invalid(msg(err.kind === 'unclosedQuote' ? 'errors.csvUnclosedQuote' : 'errors.csvTextAfterQuote', { row: err.row }), 'csv');
    throw err;
  }
  const [header = [], ...body] = records;
  // Blank lines are skipped, but rows keep their spreadsheet numbers.
  const rows = body.map((cells, i) => ({ cells, row: i + 2 })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > IMPORT_LIMITS.rows) throw tooLarge(msg('errors.importTooManyRows', { max: IMPORT_LIMITS.rows.toLocaleString('en') }));
  if (rows.length === 0) throw invalid(msg('errors.importEmpty'), 'csv');

  const head = readHeader(header);
  const errors = [...head.errors];
  const valid: OrderInput[] = [];
  if (head.errors.length === 0) {
    for (const r of rows) {
      const result = readRow(r.cells, head.columns, r.row, company);
      if (result.input) valid.push(result.input);
      else errors.push(...result.errors);
    }
  }
  const summary = { totalRows: rows.length, validRows: valid.length, errors };
  const blocked = errors.length > 0 && !input.validOnly;
  if (input.dryRun || blocked || valid.length === 0) return { ...summary, imported: 0, dryRun: input.dryRun };

  const now = new Date();
  // Issue 25: in automatic dispatch each imported order is offered as one made in the form (nearby ones together),
  // and owed its offer until then (the sweeper retries one that failed, services/dispatch/dispatch-due.ts).
  const auto = (await dispatchSettingsOf(db, companyId)).mode === 'auto';
  const created: (typeof orders.$inferSelect)[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += 100) {
      const values = valid.slice(i, i + 100).map((o) => ({ ...orderValues(company, actorId, o, 'import'), createdAt: now, dispatchDueAt: auto ? now : null }));
      const inserted = await tx.insert(orders).values(values).returning();
      await tx.insert(orderStatusEvents).values(inserted.map((o) => ({ orderId: o.id, status: 'pending' as const, actorId, at: now })));
      created.push(...inserted);
    }
    await audit(tx, { actorId, action: 'import', entity: 'order', entityId: null, after: { count: valid.length, skippedRows: errors.length ? rows.length - valid.length : 0 } });
  });
  publishChange('orders');
  // Each imported order is a created order for the company's webhooks, as one made in the form.
  const hooks = await listWebhooks(db, companyId);
  if (hooks.some((h) => h.active && h.events.includes('order.created'))) {
    for (const o of created) await emitOrderEvent(db, o, 'order.created');
  }
  if (auto) for (const o of created) await startDispatch(db, o.id, now).catch((err) => log.error('dispatch of an imported order failed', { orderId: o.id, err: String(err) }));
  return { ...summary, imported: valid.length, dryRun: false };
}
