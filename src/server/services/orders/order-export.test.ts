import { beforeAll, describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { makeCompany, makeOrder, makeRider } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { parseCsv } from '../../lib/csv';
import { exportOrdersReport, ordersReportCsv } from './order-export';

const { db, w } = await freshWorld();
const NOW = new Date('2026-05-01T09:30:00Z');

beforeAll(async () => {
  // Company A (KWD): two delivered (1.250 + 0.500), one pending with cash on delivery, one failed.
  await makeOrder(db, w.companyA, { customerName: 'First', status: 'delivered', riderId: w.riderA.id, deliveryFeeMinor: 1250, createdAt: new Date('2026-04-01T08:00:00Z'), deliveredAt: new Date('2026-04-01T09:00:00Z') });
  await makeOrder(db, w.companyA, { customerName: '=cmd()', status: 'delivered', riderId: w.riderA.id, deliveryFeeMinor: 500, createdAt: new Date('2026-04-02T08:00:00Z') });
  await makeOrder(db, w.companyA, { customerName: 'Third, with comma', status: 'pending', deliveryFeeMinor: 2000, codAmountMinor: 15500, paymentMethod: 'cash', createdAt: new Date('2026-04-03T08:00:00Z') });
  await makeOrder(db, w.companyA, { customerName: 'Fourth', status: 'failed', riderId: w.riderA.id, deliveryFeeMinor: 9000, createdAt: new Date('2026-04-04T08:00:00Z') });
  // A suspended rider counts in the fleet, an inactive one does not (as Fleet Size on the overview).
  await makeRider(db, w.companyA, { status: 'suspended', withUser: false });
  await makeRider(db, w.companyA, { status: 'inactive', withUser: false });
  // Company B (AED): one delivered, 25.00 AED.
  await makeOrder(db, w.companyB, { customerName: 'Beta', status: 'delivered', riderId: w.riderB.id, deliveryFeeMinor: 2500 });
});

describe('exportOrdersReport: the spec’s JSON', () => {
  test('company, riderCount, orders, revenue and date, with money in the company’s decimals', async () => {
    const r = await exportOrdersReport(db, w.companyA.id, NOW);
    expect(Object.keys(r).sort()).toEqual(['company', 'currency', 'date', 'orderCount', 'orders', 'revenue', 'riderCount']);
    expect(r.company).toBe('Alpha Couriers');
    expect(r.currency).toBe('KWD');
    expect(r.riderCount).toBe(3);
    expect(r.date).toBe('2026-05-01T09:30:00.000Z');
    // Revenue: fees of delivered orders only.
    expect(r.revenue).toEqual({ currency: 'KWD', amount: '1.750', minor: 1750 });
    expect(r.orderCount).toBe(4);
    expect(r.orders.map((o) => o.customerName)).toEqual(['Fourth', 'Third, with comma', '=cmd()', 'First']);
    const third = r.orders[1]!;
    expect(third).toMatchObject({ status: 'pending', deliveryFee: '2.000', codAmount: '15.500', paymentMethod: 'cash', rider: null, deliveredAt: null, source: 'form' });
    expect(third.trackingCode).toMatch(/^[0-9a-f]{24}$/);
    const first = r.orders[3]!;
    expect(first).toMatchObject({ deliveryFee: '1.250', codAmount: '0.000', rider: w.riderA.name, createdAt: '2026-04-01T08:00:00.000Z', deliveredAt: '2026-04-01T09:00:00.000Z', timeZone: 'Asia/Kuwait' });
    // Nothing else about an order leaks into the file (no ids, no delivery PIN).
    expect(Object.keys(first).sort()).toEqual(
      ['codAmount', 'createdAt', 'customerEmail', 'customerName', 'customerPhone', 'deliveredAt', 'deliveryAddress', 'deliveryFee', 'itemDescription', 'notes', 'paymentMethod', 'pickupAddress', 'priority', 'rider', 'source', 'status', 'timeZone', 'trackingCode'].sort(),
    );
  });

  test('AED has two decimals; each company sees only itself', async () => {
    const r = await exportOrdersReport(db, w.companyB.id, NOW);
    expect(r.company).toBe('Beta Express');
    expect(r.riderCount).toBe(2);
    expect(r.revenue).toEqual({ currency: 'AED', amount: '25.00', minor: 2500 });
    expect(r.orders).toHaveLength(1);
    expect(r.orders[0]).toMatchObject({ customerName: 'Beta', deliveryFee: '25.00', codAmount: '0.00' });
  });

  test('through the procedure, for the signed-in manager’s company', async () => {
    const r = await (await callerFor(db, w.managerB.id)).company.exportReport();
    expect(r.company).toBe('Beta Express');
    expect(r.orders.every((o) => o.customerName === 'Beta')).toBe(true);
  });
});

describe('ordersReportCsv', () => {
  test('one row per order, decimals per currency, quoted commas and formula-guarded text', async () => {
    const csv = ordersReportCsv(await exportOrdersReport(db, w.companyA.id, NOW));
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['trackingCode', 'createdAt', 'status', 'priority', 'customerName', 'customerPhone', 'customerEmail', 'pickupAddress', 'deliveryAddress', 'itemDescription', 'deliveryFee', 'codAmount', 'currency', 'paymentMethod', 'rider', 'source', 'deliveredAt', 'timeZone', 'notes']);
    expect(rows).toHaveLength(5);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[4], r]));
    expect(byName['Third, with comma']!.slice(10, 14)).toEqual(['2.000', '15.500', 'KWD', 'cash']);
    expect(byName["'=cmd()"]).toBeDefined();
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  test('every text column is guarded, phone and e-mail included; a phone keeps its plus and every digit', async () => {
    const company = await makeCompany(db);
    await makeOrder(db, company, {
      customerName: 'Plain',
      customerPhone: '+96512345678',
      customerEmail: '@SUM(1+1)@evil.example',
      pickupAddress: '-2+3+cmd|\' /C calc\'!A0',
      deliveryAddress: '\tTabbed',
      itemDescription: '\rReturn',
      notes: '-1.250',
    });
    const [header, row] = parseCsv(ordersReportCsv(await exportOrdersReport(db, company.id, NOW)));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('customerName')).toBe('Plain');
    expect(cell('customerPhone')).toBe("'+96512345678");
    expect(cell('customerEmail')).toBe("'@SUM(1+1)@evil.example");
    expect(cell('pickupAddress')).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(cell('deliveryAddress')).toBe("'\tTabbed");
    expect(cell('itemDescription')).toBe("'\rReturn");
    // A plain negative number is a number to a spreadsheet, not a formula: left as it is.
    expect(cell('notes')).toBe('-1.250');
  });

  test('times are local with their offset, and the zone has its column: a Kuwait and a Dubai order in one export', async () => {
    const mixed = await makeCompany(db, { name: 'Gulf Both', currency: 'KWD', region: 'kuwait' });
    // 21:30 UTC on 10 March: already 11 March in both zones.
    const created = new Date('2026-03-10T21:30:00Z');
    await makeOrder(db, mixed, { customerName: 'Kuwait order', status: 'delivered', createdAt: created, deliveredAt: new Date('2026-03-10T22:05:09Z') });
    await makeOrder(db, mixed, { customerName: 'Dubai order', currency: 'AED', status: 'pending', createdAt: new Date(created.getTime() + 1000) });
    const rows = parseCsv(ordersReportCsv(await exportOrdersReport(db, mixed.id, NOW)));
    const col = (name: string) => rows[0]!.indexOf(name);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[col('customerName')], r]));
    const pick = (r: string[]) => [r[col('createdAt')], r[col('deliveredAt')], r[col('timeZone')]];
    expect(pick(byName['Kuwait order']!)).toEqual(['2026-03-11T00:30:00+03:00', '2026-03-11T01:05:09+03:00', 'Asia/Kuwait']);
    expect(pick(byName['Dubai order']!)).toEqual(['2026-03-11T01:30:01+04:00', '', 'Asia/Dubai']);
    // Still the same instants, for a program reading the file.
    expect(Date.parse(byName['Dubai order']![col('createdAt')]!)).toBe(created.getTime() + 1000);
  });
});
