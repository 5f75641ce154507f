import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLog, orders, orderStatusEvents } from '../../../../db/schema';
import { login, postJson, testApp, type TestApp } from '../../../../test/app';
import { TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = testApp(db);
  admin = await login(app, w.admin.email, TEST_PASSWORD);
});

const post = (path: string, body: unknown) => postJson(app, path, body, { cookie: admin });

/** Schema refusals read "field: message"; a service's own refusal is just its message. Both name the field. */
async function expectRefusal(path: string, body: unknown, status: number, field: string, message: string, fromSchema = status === 400) {
  const res = await post(path, body);
  expect(res.status).toBe(status);
  const json = await res.json();
  expect(json.error.field).toBe(field);
  expect(json.error.message).toBe(fromSchema ? `${field}: ${message}` : message);
}

describe('POST /api/admin/companies', () => {
  test('creates the company with its region’s currency and audits it', async () => {
    const res = await post('/api/admin/companies', { name: ' Gulf Riders ', email: 'OPS@GulfRiders.example', region: 'uae', timestamp: new Date().toISOString() });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, company: { name: 'Gulf Riders' } });
    const row = await db.query.companies.findFirst({ where: (c, { eq: e }) => e(c.id, body.company.id) });
    expect([row!.email, row!.currency, row!.region]).toEqual(['ops@gulfriders.example', 'AED', 'uae']);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, body.company.id));
    expect([entry!.action, entry!.entity, entry!.actorId]).toEqual(['create', 'company', w.admin.id]);
  });

  test('names the bad field', async () => {
    await expectRefusal('/api/admin/companies', { email: 'a@b.co' }, 400, 'name', 'Company name is required');
    await expectRefusal('/api/admin/companies', { name: 'X', email: 'nope' }, 400, 'email', 'Invalid email format');
    await expectRefusal('/api/admin/companies', { name: 'X', email: 'a@b.co', phone: '123' }, 400, 'phone', 'Phone must start with + and contain 10-15 digits (e.g., +96512345678)');
  });
});

describe('POST /api/admin/riders', () => {
  const rider = (over: Record<string, unknown> = {}) => ({ name: 'Salem', email: `salem.${Math.random().toString(36).slice(2)}@example.com`, phone: '+96550012345', company: w.companyA.id, licensePlate: 'kw-123', ...over });

  test('creates a rider of a real company, licence uppercased, region from the company', async () => {
    const res = await post('/api/admin/riders', rider({ company: w.companyB.id }));
    expect(res.status).toBe(200);
    const { rider: created } = await res.json();
    const row = await db.query.riders.findFirst({ where: (r, { eq: e }) => e(r.id, created.id) });
    expect([row!.companyId, row!.region, row!.licenseNumber, row!.vehicleType]).toEqual([w.companyB.id, 'AED', 'KW-123', 'motorcycle']);
  });

  test('refuses an unknown company, a bad phone and a duplicate email', async () => {
    await expectRefusal('/api/admin/riders', rider({ company: 'nope' }), 400, 'company', 'Choose an existing company', false);
    await expectRefusal('/api/admin/riders', rider({ phone: '+965 5001' }), 400, 'phone', 'Phone must start with + and contain 10-15 digits (e.g., +96512345678)');
    await expectRefusal('/api/admin/riders', rider({ name: '' }), 400, 'name', 'Name is required');
    await expectRefusal('/api/admin/riders', rider({ email: w.riderA.email }), 409, 'email', 'A rider or user with this email already exists');
    await expectRefusal('/api/admin/riders', rider({ email: w.managerA.email }), 409, 'email', 'A rider or user with this email already exists');
  });
});

describe('POST /api/orders', () => {
  const order = (over: Record<string, unknown> = {}) => ({
    customerName: 'Hessa',
    customerPhone: '+96550001234',
    pickupAddress: 'Sultan Center, Salmiya',
    deliveryAddress: 'Salmiya, Block 10',
    deliveryFee: 1.25,
    companyId: w.companyA.id,
    ...over,
  });

  test('stores the fee as integer fils in the company currency, with its first timeline step', async () => {
    const res = await post('/api/orders', order({ deliveryFee: 1.25, priority: 'urgent' }));
    expect(res.status).toBe(200);
    const { order: created } = await res.json();
    const row = await db.query.orders.findFirst({ where: eq(orders.id, created.id) });
    expect([row!.deliveryFeeMinor, row!.currency, row!.status, row!.priority]).toEqual([1250, 'KWD', 'pending', 'urgent']);
    const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, created.id));
    expect(events.map((e) => e.status)).toEqual(['pending']);
  });

  test('an empty fee is 0 (the form parses it so) and AED keeps 2 decimals', async () => {
    const res = await post('/api/orders', order({ companyId: w.companyB.id, currency: 'AED', deliveryFee: 12.5 }));
    const row = await db.query.orders.findFirst({ where: eq(orders.id, (await res.json()).order.id) });
    expect([row!.deliveryFeeMinor, row!.currency]).toEqual([1250, 'AED']);
    const free = await post('/api/orders', order({ deliveryFee: undefined }));
    const zero = await db.query.orders.findFirst({ where: eq(orders.id, (await free.json()).order.id) });
    expect(zero!.deliveryFeeMinor).toBe(0);
  });

  test('refuses a missing company, a foreign currency, a negative fee and missing fields', async () => {
    await expectRefusal('/api/orders', order({ companyId: undefined }), 400, 'companyId', 'Choose a company for this order', false);
    await expectRefusal('/api/orders', order({ currency: 'AED' }), 400, 'currency', `Orders of ${w.companyA.name} are in KWD`, false);
    await expectRefusal('/api/orders', order({ deliveryFee: -1 }), 400, 'deliveryFee', 'Delivery fee cannot be negative');
    await expectRefusal('/api/orders', order({ deliveryFee: 'abc' }), 400, 'deliveryFee', 'Delivery fee must be a number');
    await expectRefusal('/api/orders', order({ pickupAddress: '  ' }), 400, 'pickupAddress', 'Pickup address is required');
  });
});
