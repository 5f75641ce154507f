import type { Db } from '../../../db/client';
import { orders, orderStatusEvents } from '../../../db/schema';
import { orderInput, parseFee, type OrderInput } from '../../shared/schemas/admin';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  REQUIRED_IMPORT_COLUMNS,
  westernDigits,
  type ImportColumn,
  type ImportRowError,
  type OrderImportInput,
} from '../../shared/schemas/order-import';
import { DomainError, invalid } from '../errors';
import { audit } from './audit';
import { orderValues } from './admin-create';
import { companyProfile } from './company-overview';
import { CsvError, parseCsv, toCsv } from './csv';
import { publishChange } from './events';
import { emitOrderEvent, listWebhooks } from './webhooks';
import { t } from '../../shared/i18n';

/** The downloadable template: the header and two example rows (one prepaid, one cash on delivery). */
export function importTemplateCsv(): string {
  return toCsv([
    [...IMPORT_COLUMNS],
    ['Fatima Al-Ali', '+96512345678', 'fatima@example.com', 'Sultan Center, Salmiya', 'Salmiya, Block 10, Street 5, House 12', 'Documents', '1.250', '0', 'normal', ''],
    ['Omar Hassan', '+96598765432', '', 'The Avenues, Rai', 'Hawally, Block 2, Street 14, Building 7, Flat 3', 'Phone case', '2', '15.500', 'urgent', 'Call on arrival, 2nd floor'],
  ]);
}

const HEADER_ROW = 1;

/** Header cells → the column each data cell belongs to, or the header's problems. */
function readHeader(header: string[]): { columns: (ImportColumn | null)[]; errors: ImportRowError[] } {
  const known = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const errors: ImportRowError[] = [];
  const seen = new Set<ImportColumn>();
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
  for (const col of REQUIRED_IMPORT_COLUMNS) {
    if (!seen.has(col)) errors.push({ row: HEADER_ROW, field: col, message: t('errors.importMissingColumn', { name: col }) });
  }
  return { columns, errors };
}

/** A priority the schema does not know gets a message that names the choices. */
const rowMessages = (issue: { path?: PropertyKey[]; code?: string }) =>
  issue.path?.[0] === 'priority' ? 'Priority must be normal, high or urgent' : undefined;

/** One data row checked by the order form's own schema, in the company's currency. */
function readRow(cells: string[], columns: (ImportColumn | null)[], row: number, currency: OrderInput['currency']) {
  if (cells.length > columns.length) {
    return { errors: [{ row, field: '', message: t('errors.importCellCount', { cells: cells.length, columns: columns.length }) }] };
  }
  const v = {} as Record<ImportColumn, string>;
  for (const c of IMPORT_COLUMNS) v[c] = '';
  columns.forEach((c, i) => {
    if (c) v[c] = cells[i] ?? '';
  });
  const parsed = orderInput.safeParse(
    {
      customerName: v.customerName,
      customerPhone: westernDigits(v.customerPhone).replace(/[\s-]/g, ''),
      customerEmail: v.customerEmail.trim(),
      pickupAddress: v.pickupAddress,
      deliveryAddress: v.deliveryAddress,
      itemDescription: v.itemDescription,
      deliveryFee: parseFee(westernDigits(v.deliveryFee)),
      codAmount: parseFee(westernDigits(v.codAmount)),
      priority: v.priority.trim().toLowerCase() || undefined,
      notes: v.notes,
      currency,
    },
    { error: rowMessages },
  );
  if (parsed.success) return { input: parsed.data };
  const errors: ImportRowError[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors.some((e) => e.field === field)) errors.push({ row, field, message: issue.message });
  }
  return { errors };
}

function tooLarge(message: string) {
  return new DomainError('PAYLOAD_TOO_LARGE', message, 'csv');
}

/**
 * Import a company's orders from CSV. Every row is checked first; a file with any
 * error imports nothing unless `validOnly`; the rows imported go in one transaction.
 */
export async function importOrders(db: Db, actorId: string, companyId: string, input: OrderImportInput) {
  if (new TextEncoder().encode(input.csv).length > IMPORT_LIMITS.bytes) throw tooLarge(t('errors.importTooLargeBytes'));
  const company = await companyProfile(db, companyId);
  let records: string[][];
  try {
    records = parseCsv(input.csv);
  } catch (err) {
    if (err instanceof CsvError) throw invalid(err.message, 'csv');
    throw err;
  }
  const [header = [], ...body] = records;
  // Blank lines are skipped, but rows keep their spreadsheet numbers.
  const rows = body.map((cells, i) => ({ cells, row: i + 2 })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > IMPORT_LIMITS.rows) throw tooLarge(t('errors.importTooManyRows', { max: IMPORT_LIMITS.rows.toLocaleString('en') }));
  if (rows.length === 0) throw invalid(t('errors.importEmpty'), 'csv');

  const head = readHeader(header);
  const errors = [...head.errors];
  const valid: OrderInput[] = [];
  if (head.errors.length === 0) {
    for (const r of rows) {
      const result = readRow(r.cells, head.columns, r.row, company.currency);
      if (result.input) valid.push(result.input);
      else errors.push(...result.errors);
    }
  }
  const summary = { totalRows: rows.length, validRows: valid.length, errors };
  const blocked = errors.length > 0 && !input.validOnly;
  if (input.dryRun || blocked || valid.length === 0) return { ...summary, imported: 0, dryRun: input.dryRun };

  const now = new Date();
  const created: (typeof orders.$inferSelect)[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += 100) {
      const values = valid.slice(i, i + 100).map((o) => ({ ...orderValues(company, actorId, o, 'import'), createdAt: now }));
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
  return { ...summary, imported: valid.length, dryRun: false };
}
