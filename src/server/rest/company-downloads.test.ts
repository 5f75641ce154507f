import { beforeAll, describe, expect, test } from 'bun:test';
import { freshWorldApp, getWith, postJson, req, loginWorld, type WorldCookies, csvAttachmentRows } from '../../../test/app';
import { DENIED } from '../../../test/expect';
import { makeOrder } from '../../../test/factories';
import { IMPORT_COLUMNS, templateColumns } from '../../shared/schemas/order-import';
import { parseCsv } from '../lib/csv';

const { db, w, app } = await freshWorldApp();
let cookies: WorldCookies;

beforeAll(async () => {
  await makeOrder(db, w.companyA, { customerName: 'Alpha Only', deliveryFeeMinor: 1250 });
  await makeOrder(db, w.companyB, { customerName: 'Beta Only', deliveryFeeMinor: 2500 });
  cookies = await loginWorld(app);
});

describe('GET /api/company/orders/template.csv', () => {
  test('the documented columns with a BOM, as an attachment', async () => {
    const res = await req(app, '/api/company/orders/template.csv');
    const rows = await csvAttachmentRows(res, 'kwt-orders-import-template.csv');
    // The order columns first, then Kuwait's address parts (delivery, then pickup).
    expect(rows[0]!.slice(0, IMPORT_COLUMNS.length)).toEqual([...IMPORT_COLUMNS]);
    expect(rows[0]).toEqual(templateColumns('KW'));
    expect(rows[0]).toContain('deliveryGovernorate');
    expect(rows[0]).not.toContain('deliveryMakani');
    expect(rows).toHaveLength(3);
  });

  test('?region=uae: the UAE address columns (emirate, Makani) and UAE examples', async () => {
    const res = await req(app, '/api/company/orders/template.csv?region=uae');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kwt-orders-import-template-uae.csv"');
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(templateColumns('AE'));
    expect(rows[0]).toContain('deliveryMakani');
    expect(rows[0]).not.toContain('deliveryGovernorate');
    expect(rows[1]![1]).toStartWith('+971');
  });
});

describe('GET /api/company/orders/export.csv', () => {
  test('guards: signed out 401, rider and admin 403', async () => {
    const out = await req(app, '/api/company/orders/export.csv');
    expect(out.status).toBe(401);
    expect((await out.json()).error).toEqual({ code: 'UNAUTHORIZED', message: DENIED.signedOut });
    for (const who of ['riderA', 'admin'] as const) {
      const res = await getWith(app, '/api/company/orders/export.csv', cookies[who]);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({ code: 'FORBIDDEN', message: DENIED.company });
    }
  });

  test('each company downloads its own orders only, with its currency’s decimals', async () => {
    const resA = await getWith(app, '/api/company/orders/export.csv', cookies.managerA);
    expect(resA.status).toBe(200);
    expect(resA.headers.get('content-disposition')).toMatch(/^attachment; filename="kwt-orders-alpha-couriers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const a = parseCsv(await resA.text());
    expect(a.slice(1).map((r) => [r[4], r[10], r[12]])).toEqual([['Alpha Only', '1.250', 'KWD']]);
    const b = parseCsv(await (await getWith(app, '/api/company/orders/export.csv', cookies.managerB)).text());
    expect(b.slice(1).map((r) => [r[4], r[10], r[12]])).toEqual([['Beta Only', '25.00', 'AED']]);
  });
});

describe('importOrders over HTTP', () => {
  test('a file over the limit answers 413 PAYLOAD_TOO_LARGE', async () => {
    const csv = `${IMPORT_COLUMNS.join(',')}\n${'x'.repeat(1024 * 1024 + 1)}`;
    const res = await postJson(app, '/api/trpc/company.importOrders', { csv }, { cookie: cookies.managerA });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.message).toBe('A file may be at most 1 MB');
  });
});
