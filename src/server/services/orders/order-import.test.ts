import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders, orderStatusEvents, webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { freshWorldCallers } from '../../../../test/app';
import { expectImportRefused, expectTRPCError } from '../../../../test/expect';
import { IMPORT_COLUMNS } from '../../../shared/schemas/order-import';
import { importTemplateCsv } from './order-import';

const { db, w, callers: { managerA: a, managerB: b } } = await freshWorldCallers();


const HEADER = IMPORT_COLUMNS.join(',');
const good = (name: string, extra = '') => `${name},+96512345678,,Pickup A,"Block 2, Street 14",Box,1.250,0,normal,${extra}`;

async function countOrders(companyId: string, source?: string) {
  const rows = await db.select({ id: orders.id }).from(orders).where(source ? and(eq(orders.companyId, companyId), eq(orders.source, source)) : eq(orders.companyId, companyId));
  return rows.length;
}

describe('company.importOrders', () => {
  test('the template imports as it is: two orders, in the company currency, source import, with a pending event', async () => {
    const res = await a.company.importOrders({ csv: `\uFEFF${importTemplateCsv()}` });
    expect(res).toEqual({ totalRows: 2, validRows: 2, errors: [], imported: 2, dryRun: false });
    const rows = await db.select().from(orders).where(and(eq(orders.companyId, w.companyA.id), eq(orders.source, 'import')));
    expect(rows).toHaveLength(2);
    const omar = rows.find((r) => r.customerName === 'Omar Hassan')!;
    expect(omar).toMatchObject({ currency: 'KWD', deliveryFeeMinor: 2000, codAmountMinor: 15500, paymentMethod: 'cash', priority: 'urgent', status: 'pending', notes: 'Call on arrival, 2nd floor', createdBy: w.managerA.id });
    expect(omar.trackingCode).toMatch(/^[0-9a-f]{24}$/);
    const fatima = rows.find((r) => r.customerName === 'Fatima Al-Ali')!;
    expect(fatima).toMatchObject({ deliveryFeeMinor: 1250, codAmountMinor: 0, paymentMethod: 'prepaid', customerEmail: 'fatima@example.com' });
    const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, omar.id));
    expect(events.map((e) => e.status)).toEqual(['pending']);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'import'));
    expect(entry?.detail).toEqual({ before: null, after: { count: 2, skippedRows: 0 } });
  });

  test('per-row errors are exact: spreadsheet row, field, the form’s own message', async () => {
    const csv = [
      HEADER,
      good('Row Two'),
      ',+96512345678,,P,D,,1,0,normal,', // row 3: no name
      'Row Four,12345,bad-email,P,D,,abc,-1,asap,', // row 4: four problems
      '',
      'Row Six,+96512345678,,,D,,1,0,,', // row 6 (after a blank line): no pickup
      'Row Seven,+96512345678,,P,D,,1,0,normal,,extra', // row 7: one cell too many
    ].join('\r\n');
    const before = await countOrders(w.companyA.id);
    expectImportRefused(await a.company.importOrders({ csv }), { total: 5, valid: 1 }, [
      'row 3 customerName: Customer name is required',
      'row 4 customerPhone: Phone must start with + and contain 10-15 digits (e.g., +96512345678)',
      'row 4 customerEmail: Invalid email format',
      'row 4 deliveryFee: Delivery fee must be a number',
      'row 4 codAmount: Cash on delivery cannot be negative',
      'row 4 priority: Priority must be normal, high or urgent',
      'row 6 pickupAddress: Pickup address is required',
      'row 7: This row has 11 cells but the header has 10',
    ]);
    // Nothing imported from a file with errors.
    expect(await countOrders(w.companyA.id)).toBe(before);
  });

  test('validOnly imports exactly the valid rows, in one go', async () => {
    const csv = [HEADER, good('Valid One'), ',+96512345678,,P,D,,1,0,,', good('Valid Two')].join('\n');
    const dry = await a.company.importOrders({ csv, validOnly: true, dryRun: true });
    expect(dry).toMatchObject({ imported: 0, dryRun: true, validRows: 2 });
    const before = await countOrders(w.companyA.id);
    const res = await a.company.importOrders({ csv, validOnly: true });
    expect(res).toEqual({ totalRows: 3, validRows: 2, imported: 2, dryRun: false, errors: [{ row: 3, field: 'customerName', message: 'Customer name is required' }] });
    expect(await countOrders(w.companyA.id)).toBe(before + 2);
    const names = (await db.select({ n: orders.customerName }).from(orders).where(eq(orders.companyId, w.companyA.id))).map((r) => r.n);
    expect(names).toContain('Valid One');
    expect(names).toContain('Valid Two');
  });

  test('a dry run of a clean file imports nothing', async () => {
    const before = await countOrders(w.companyA.id);
    const res = await a.company.importOrders({ csv: [HEADER, good('Dry')].join('\n'), dryRun: true });
    expect(res).toEqual({ totalRows: 1, validRows: 1, imported: 0, dryRun: true, errors: [] });
    expect(await countOrders(w.companyA.id)).toBe(before);
  });

  test('Arabic-Indic digits in the fee, cash on delivery and phone; spaces in the phone; AED for company B', async () => {
    const csv = [HEADER, 'عميل,+٩٧١ ٥٠ ١٢٣ ٤٥٦٧,,دبي مول,"الخليج التجاري، برج ٢",هدية,١٥٫٥,٢٠٠,HIGH,'].join('\r\n');
    const res = await b.company.importOrders({ csv });
    expect(res.errors).toEqual([]);
    const [row] = await db.select().from(orders).where(and(eq(orders.companyId, w.companyB.id), eq(orders.customerName, 'عميل')));
    expect(row).toMatchObject({ currency: 'AED', deliveryFeeMinor: 1550, codAmountMinor: 20000, customerPhone: '+971501234567', priority: 'high', deliveryAddress: 'الخليج التجاري، برج ٢' });
  });

  test('headers are matched without regard to case or order; a missing optional column is empty', async () => {
    const csv = 'DeliveryAddress,customername,CUSTOMERPHONE,pickupAddress\nD,Casey,+96512345678,P\n';
    const res = await a.company.importOrders({ csv });
    expect(res).toMatchObject({ imported: 1, errors: [] });
  });

  test('a header with an unknown or missing column fails on row 1 and imports nothing, even validOnly', async () => {
    const csv = 'customerName,phone,pickupAddress,deliveryAddress\nX,+96512345678,P,D\n';
    const res = await a.company.importOrders({ csv, validOnly: true });
    expect(res).toEqual({
      totalRows: 1,
      validRows: 0,
      imported: 0,
      dryRun: false,
      errors: [
          { row: 1, field: 'phone', message: 'Unknown column "phone"' },
          { row: 1, field: 'customerPhone', message: 'Missing column "customerPhone"' },
      ],
    });
  });

  test('an unclosed quote or an empty file is a 400 naming the file', async () => {
    await expectTRPCError(a.company.importOrders({ csv: `${HEADER}\n"Oops,+96512345678,,P,D,,1,0,,\n` }), 'BAD_REQUEST', 'Row 2 has a quote that is never closed');
    await expectTRPCError(a.company.importOrders({ csv: `${HEADER}\n\n` }), 'BAD_REQUEST', 'The file has no orders');
  });

  test('limits: more than 2,000 orders or more than 1 MB → PAYLOAD_TOO_LARGE (413)', async () => {
    const before = await countOrders(w.companyA.id);
    const many = [HEADER, ...Array.from({ length: 2001 }, (_, i) => good(`Bulk ${i}`))].join('\n');
    const err = await expectTRPCError(a.company.importOrders({ csv: many }), 'PAYLOAD_TOO_LARGE', 'A file may have at most 2,000 orders');
    expect((err.cause as { code?: string }).code).toBe('PAYLOAD_TOO_LARGE');
    const big = [HEADER, good('Big', 'x'.repeat(1024 * 1024))].join('\n');
    await expectTRPCError(a.company.importOrders({ csv: big }), 'PAYLOAD_TOO_LARGE', 'A file may be at most 1 MB');
    expect(await countOrders(w.companyA.id)).toBe(before);
  });

  test('exactly 2,000 orders import', async () => {
    const csv = [HEADER, ...Array.from({ length: 2000 }, (_, i) => good(`Max ${i}`))].join('\n');
    const before = await countOrders(w.companyA.id);
    const res = await a.company.importOrders({ csv });
    expect(res.imported).toBe(2000);
    expect(await countOrders(w.companyA.id)).toBe(before + 2000);
  });

  test('each imported order is an order.created event for the company’s webhooks', async () => {
    const [hook] = await db.insert(webhookEndpoints).values({ companyId: w.companyB.id, url: 'https://hooks.example/orders', secret: 'x'.repeat(64), events: ['order.created'] }).returning();
    await b.company.importOrders({ csv: [HEADER, good('Hooked One'), good('Hooked Two')].join('\n') });
    const sent = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook!.id));
    expect(sent.map((d) => d.event)).toEqual(['order.created', 'order.created']);
    expect(sent.map((d) => (d.payload as { customerName: string }).customerName).sort()).toEqual(['Hooked One', 'Hooked Two']);
  });

  test('imports land only in the caller’s company', async () => {
    const bBefore = await countOrders(w.companyB.id);
    await a.company.importOrders({ csv: [HEADER, good('Only A')].join('\n') });
    expect(await countOrders(w.companyB.id)).toBe(bBefore);
  });
});
