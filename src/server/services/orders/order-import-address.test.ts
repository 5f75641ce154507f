import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { orders, users } from '../../../../db/schema';
import { freshWorldCallers, login, postJson, testApp, type TestApp } from '../../../../test/app';
import { expectImportRefused } from '../../../../test/expect';
import { TEST_PASSWORD } from '../../../../test/factories';
import { translate } from '../../../shared/i18n';
import { IMPORT_COLUMNS, templateColumns } from '../../../shared/schemas/order-import';
import { parseCsv } from '../../lib/csv';
import { importTemplateCsv } from './order-import';

/** Issue 8: CSV rows whose pickup/delivery addresses come in columns (governorate, area, block, …). */
const { db, w, callers: { managerA: a, managerB: b } } = await freshWorldCallers();


/** A CSV from header names and rows of { column: value } (missing cells empty). */
function csvOf(columns: string[], rows: Record<string, string>[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))].join('\r\n');
}

const KW_COLUMNS = templateColumns('KW');
const base = (name: string) => ({ customerName: name, customerPhone: '+96512345678', pickupAddress: 'Sultan Center, Salmiya', deliveryFee: '1', priority: 'normal' });
const jabriya = { deliveryGovernorate: 'Hawalli', deliveryArea: 'الجابرية', deliveryBlock: '١٠', deliveryStreet: '5', deliveryBuilding: '12', deliveryFloor: '3', deliveryFlat: '7', deliveryPaci: '1234 5678', deliveryLandmark: 'Behind the co-op' };

async function imported(companyId: string, name: string) {
  return db.query.orders.findFirst({ where: and(eq(orders.companyId, companyId), eq(orders.customerName, name)) });
}

describe('CSV import with structured Gulf addresses', () => {
  test('the Kuwait template: the order columns first, then the address parts; its structured example imports', async () => {
    const rows = parseCsv(importTemplateCsv());
    expect(rows[0]!.slice(0, IMPORT_COLUMNS.length)).toEqual([...IMPORT_COLUMNS]);
    expect(rows[0]).toEqual(KW_COLUMNS);
    const omar = Object.fromEntries(rows[0]!.map((c, i) => [c, rows[2]![i]]));
    expect(omar).toMatchObject({ deliveryAddress: '', deliveryGovernorate: 'Hawalli', deliveryArea: 'الجابرية', deliveryBlock: '2' });
    const res = await a.company.importOrders({ csv: importTemplateCsv(), dryRun: true });
    expect(res).toMatchObject({ totalRows: 2, validRows: 2, errors: [] });
  });

  test('the UAE template imports as it is for a UAE company (emirate, Arabic area, Makani)', async () => {
    const csv = importTemplateCsv('uae');
    expect(parseCsv(csv)[0]).toEqual(templateColumns('AE'));
    const res = await b.company.importOrders({ csv: `\uFEFF${csv}` });
    expect(res).toMatchObject({ imported: 2, errors: [] });
    const [omar] = await db.select().from(orders).where(and(eq(orders.companyId, w.companyB.id), eq(orders.customerName, 'Omar Hassan')));
    expect(omar!.deliveryAddressParts).toEqual({ country: 'AE', emirate: 'dubai', area: 'business-bay', street: 'Marasi Drive', building: 'Bay Square 7', makani: '1234567890', landmark: 'Next to the metro' });
    expect(omar!.deliveryAddress).toBe('Street Marasi Drive, Building Bay Square 7, Business Bay, Dubai, Landmark: Next to the metro');
  });

  test('structured columns: area by its Arabic name, digits normalised, parts stored, text written in English', async () => {
    const res = await a.company.importOrders({ csv: csvOf(KW_COLUMNS, [{ ...base('Parts One'), ...jabriya }]) });
    expect(res).toMatchObject({ imported: 1, errors: [] });
    const row = await imported(w.companyA.id, 'Parts One');
    expect(row!.deliveryAddressParts).toEqual({ country: 'KW', governorate: 'hawalli', area: 'jabriya', block: '10', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Behind the co-op' });
    expect(row!.deliveryAddress).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Jabriya, Hawalli, Landmark: Behind the co-op');
    expect(row!.pickupAddressParts).toBeNull();
    expect(row!.pickupAddress).toBe('Sultan Center, Salmiya');
  });

  test('names are folded as the area search folds them; the governorate may be Arabic, or left out when the area says it', async () => {
    const csv = csvOf(KW_COLUMNS, [
      { ...base('Fold One'), deliveryGovernorate: 'حولى', deliveryArea: 'al-salmiya', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' },
      { ...base('Fold Two'), deliveryArea: 'السالميه', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' },
      { ...base('Fold Three'), deliveryGovernorate: 'HAWALLI', deliveryArea: 'salmiya', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' },
    ]);
    const res = await a.company.importOrders({ csv });
    expect(res).toMatchObject({ imported: 3, errors: [] });
    for (const name of ['Fold One', 'Fold Two', 'Fold Three']) {
      expect((await imported(w.companyA.id, name))!.deliveryAddressParts).toMatchObject({ governorate: 'hawalli', area: 'salmiya' });
    }
  });

  test('a pickup address in parts too; a file may leave out the text column when it has the area column', async () => {
    const columns = ['customerName', 'customerPhone', 'pickupAddress', 'deliveryGovernorate', 'deliveryArea', 'deliveryBlock', 'deliveryStreet', 'deliveryBuilding', 'pickupArea', 'pickupBlock', 'pickupStreet', 'pickupBuilding'];
    const csv = csvOf(columns, [{ customerName: 'Pickup Parts', customerPhone: '+96512345678', deliveryGovernorate: 'Capital', deliveryArea: 'Shuwaikh', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3', pickupArea: 'Fahaheel', pickupBlock: '4', pickupStreet: '5', pickupBuilding: '6' }]);
    const res = await a.company.importOrders({ csv });
    expect(res).toMatchObject({ imported: 1, errors: [] });
    const row = await imported(w.companyA.id, 'Pickup Parts');
    expect(row!.pickupAddressParts).toMatchObject({ governorate: 'ahmadi', area: 'fahaheel' });
    expect(row!.pickupAddress).toBe('Block 4, Street 5, Building 6, Fahaheel, Ahmadi');
  });

  test('per-cell errors: unknown area, unknown governorate, missing parts, bad PACI, both text and parts, the other country’s column', async () => {
    const csv = csvOf(KW_COLUMNS, [
      { ...base('Bad Area'), deliveryGovernorate: 'Hawalli', deliveryArea: 'Atlantis', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' }, // row 2
      { ...base('Bad Governorate'), deliveryGovernorate: 'Gotham', deliveryArea: 'Salmiya', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' }, // row 3
      { ...base('Wrong Governorate'), deliveryGovernorate: 'Ahmadi', deliveryArea: 'Salmiya', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' }, // row 4
      { ...base('Missing Parts'), deliveryArea: 'Salmiya', deliveryPaci: '123' }, // row 5
      { ...base('Both'), deliveryAddress: 'Salmiya, Block 1', ...jabriya }, // row 6
      { ...base('Nowhere'), deliveryArea: 'Atlantis', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' }, // row 7
    ]);
    const withMakani = csvOf([...KW_COLUMNS, 'deliveryMakani'], [{ ...base('Makani'), deliveryAddress: 'Salmiya', deliveryMakani: '1234567890' }]);
    expectImportRefused(await a.company.importOrders({ csv }), { total: 6, valid: 0 }, [
      'row 2 deliveryArea: "Atlantis" is not an area of Hawalli',
      'row 3 deliveryGovernorate: "Gotham" is not one of the governorates of Kuwait',
      'row 4 deliveryArea: "Salmiya" is not an area of Ahmadi',
      'row 5 deliveryBlock: Block is required',
      'row 5 deliveryStreet: Street is required',
      'row 5 deliveryBuilding: Building is required',
      'row 5 deliveryPaci: PACI number must be 8 to 12 digits',
      'row 6 deliveryAddress: Give the address either as text or in its columns, not both',
      'row 7 deliveryArea: "Atlantis" is not an area in Kuwait',
    ]);
    const other = await a.company.importOrders({ csv: withMakani, dryRun: true });
    expect(other.errors).toEqual([{ row: 2, field: 'deliveryMakani', message: 'This column is for addresses in the UAE; your company delivers in Kuwait' }]);
  });

  test('an area name two emirates share needs the emirate', async () => {
    const columns = ['customerName', 'customerPhone', 'pickupAddress', 'deliveryEmirate', 'deliveryArea', 'deliveryBuilding'];
    const row = { customerName: 'Nahda', customerPhone: '+971501234567', pickupAddress: 'Dubai Mall' };
    const res = await b.company.importOrders({ csv: csvOf(columns, [{ ...row, deliveryArea: 'Al Nahda', deliveryBuilding: '1' }, { ...row, deliveryEmirate: 'الشارقة', deliveryArea: 'النهدة', deliveryBuilding: '1' }]), dryRun: true });
    expect(res.errors).toEqual([{ row: 2, field: 'deliveryArea', message: '"Al Nahda" is in more than one emirate: fill in the deliveryEmirate column' }]);
    expect(res.validRows).toBe(1);
  });

  test('text rows and structured rows mix in one file; validOnly imports the good ones of either kind', async () => {
    const csv = csvOf(KW_COLUMNS, [
      { ...base('Mix Text'), deliveryAddress: 'Salmiya, Block 2, Street 14' },
      { ...base('Mix Parts'), ...jabriya },
      { ...base('Mix Bad'), deliveryArea: 'Nowhere', deliveryBlock: '1', deliveryStreet: '1', deliveryBuilding: '1' },
      { ...base('Mix None') },
    ]);
    const res = await a.company.importOrders({ csv, validOnly: true });
    expect(res).toMatchObject({ totalRows: 4, validRows: 2, imported: 2 });
    expect(res.errors).toEqual([
      { row: 4, field: 'deliveryArea', message: '"Nowhere" is not an area in Kuwait' },
      { row: 5, field: 'deliveryAddress', message: 'Delivery address is required' },
    ]);
    expect(await imported(w.companyA.id, 'Mix Text')).toMatchObject({ deliveryAddress: 'Salmiya, Block 2, Street 14', deliveryAddressParts: null });
    expect((await imported(w.companyA.id, 'Mix Parts'))!.deliveryAddressParts).toMatchObject({ area: 'jabriya' });
  });
});

describe('CSV import in Arabic (the manager’s account language)', () => {
  let app: TestApp;
  let cookie: string;
  const ar = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('ar', key, params);

  beforeAll(async () => {
    await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.managerA.id));
    app = testApp(db);
    cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD, '203.0.113.61');
  });

  async function importOver(csv: string, extra: Record<string, unknown> = {}) {
    const res = await postJson(app, '/api/trpc/company.importOrders', { csv, ...extra }, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()).result.data as { imported: number; errors: { row: number; field: string; message: string }[] };
  }

  test('row errors come back in Arabic, the area and governorate named in Arabic', async () => {
    const csv = csvOf(KW_COLUMNS, [
      { ...base('Arabic Bad'), deliveryGovernorate: 'Hawalli', deliveryArea: 'Atlantis', deliveryBlock: '1', deliveryStreet: '2', deliveryBuilding: '3' },
      { ...base('') , deliveryAddress: 'Salmiya' },
      { ...base('Arabic Missing'), deliveryArea: 'Salmiya', priority: 'asap' },
    ]);
    const res = await importOver(csv, { dryRun: true });
    expect(res.errors).toEqual([
      { row: 2, field: 'deliveryArea', message: ar('errors.importAreaUnknown', { area: 'Atlantis', division: 'حولي' }) },
      { row: 3, field: 'customerName', message: ar('errors.customerNameRequired') },
      { row: 4, field: 'priority', message: ar('errors.importPriority') },
      { row: 4, field: 'deliveryBlock', message: ar('address.error.block') },
      { row: 4, field: 'deliveryStreet', message: ar('address.error.street') },
      { row: 4, field: 'deliveryBuilding', message: ar('address.error.building') },
    ]);
    expect(res.errors[0]!.message).toBe('«Atlantis» ليست من مناطق حولي');
  });

  test('an order imported in Arabic stores its text in Arabic and the same parts', async () => {
    const res = await importOver(csvOf(KW_COLUMNS, [{ ...base('Arabic Parts'), ...jabriya }]));
    expect(res).toMatchObject({ imported: 1, errors: [] });
    const row = await imported(w.companyA.id, 'Arabic Parts');
    expect(row!.deliveryAddress).toBe('قطعة 10، شارع 5، مبنى 12، الدور 3، شقة 7، الجابرية، حولي، علامة مميزة: Behind the co-op');
    expect(row!.deliveryAddressParts).toMatchObject({ governorate: 'hawalli', area: 'jabriya' });
  });
});
