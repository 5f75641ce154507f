import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, locationPings, riders, supportTickets } from '../../../db/schema';
import { freshDb } from '../../../test/db';
import { DENIED } from '../../../test/expect';
import { makeOrder, TEST_PASSWORD } from '../../../test/factories';
import { getWith, login, postJson, req, testApp, type TestApp } from '../../../test/app';
import { makeWorld, type World } from '../../../test/world';
import { SHIMS } from './shims';

type Actor = 'signedOut' | 'riderA' | 'riderB' | 'companyA' | 'companyB' | 'admin';
const ACTORS: Actor[] = ['signedOut', 'riderA', 'riderB', 'companyA', 'companyB', 'admin'];

let db: Db;
let app: TestApp;
let w: World;
const cookies = {} as Record<Actor, string | undefined>;
/** The public tracking link's code of the order made in beforeAll. */
let trackCode = '';

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
  w = await makeWorld(db);
  trackCode = (await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered' })).trackingCode!;
  const emails: Record<Exclude<Actor, 'signedOut'>, string> = {
    riderA: 'rider.a@example.com',
    riderB: 'rider.b@example.com',
    companyA: 'manager@alpha.example',
    companyB: 'manager@beta.example',
    admin: 'admin@kwtdelivery.com',
  };
  cookies.signedOut = undefined;
  for (const [actor, email] of Object.entries(emails)) cookies[actor as Actor] = await login(app, email, TEST_PASSWORD);
});

const contact = { name: 'Noor', email: 'noor@example.com', inquiryType: 'demo', message: 'Hi' };

/** Expected status per actor for each spec path. */
const ROWS: { method: 'GET' | 'POST'; label: string; path: () => string; body?: () => unknown; status: Record<Actor, number>; forbidden?: string; forbiddenFor?: Partial<Record<Actor, string>> }[] = [
  { method: 'GET', label: '/api/auth/user', path: () => '/api/auth/user', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'GET', label: '/api/dashboard/admin', path: () => '/api/dashboard/admin', status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 200 }, forbidden: DENIED.admin },
  { method: 'GET', label: '/api/companies', path: () => '/api/companies', status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 200 }, forbidden: DENIED.admin },
  { method: 'GET', label: '/api/company/riders', path: () => '/api/company/riders', status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 200, companyB: 200, admin: 403 }, forbidden: DENIED.company },
  {
    method: 'POST',
    label: '/api/company/riders',
    path: () => '/api/company/riders',
    body: () => ({ name: 'Shim Rider', email: `fleet.${Math.random().toString(36).slice(2)}@example.com`, phone: '+96550001234', vehicleType: 'van', licenseNumber: 'kw-2', region: 'KWD' }),
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 200, companyB: 200, admin: 403 },
    forbidden: DENIED.company,
  },
  { method: 'GET', label: '/api/dashboard/rider', path: () => '/api/dashboard/rider', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'GET', label: '/api/tracking/today', path: () => '/api/tracking/today', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  {
    method: 'POST',
    label: '/api/riders/:id/location',
    path: () => `/api/riders/${w.riderA.id}/location`,
    body: () => ({ lat: 29.3, lng: 47.9 }),
    status: { signedOut: 401, riderA: 200, riderB: 403, companyA: 403, companyB: 403, admin: 403 },
    forbidden: DENIED.ownRider,
  },
  {
    method: 'POST',
    label: '/api/admin/companies',
    path: () => '/api/admin/companies',
    body: () => ({ name: `Shim Co ${Math.random()}`, email: 'shim@co.example' }),
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 200 },
    forbidden: DENIED.manageCompanies,
  },
  {
    method: 'POST',
    label: '/api/admin/riders',
    path: () => '/api/admin/riders',
    body: () => ({ name: 'Shim Rider', email: `shim.${Math.random().toString(36).slice(2)}@example.com`, phone: '+96550001234', company: w.companyA.id }),
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 200 },
    forbidden: DENIED.admin,
  },
  {
    method: 'POST',
    label: '/api/orders',
    path: () => '/api/orders',
    body: () => ({ customerName: 'Shim', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'B', deliveryFee: 1, companyId: w.companyA.id }),
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 200 },
    forbidden: DENIED.admin,
  },
  {
    // No spreadsheet is configured in tests: an admin passes the guard and gets the 503.
    method: 'POST',
    label: '/api/google/sheets/sync',
    path: () => '/api/google/sheets/sync',
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 403, companyB: 403, admin: 503 },
    forbidden: 'Access denied: Syncing data requires admin privileges',
  },
  {
    // The spec's call sends no body: the default period.
    method: 'POST',
    label: '/api/reports/generate',
    path: () => '/api/reports/generate',
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 200, companyB: 200, admin: 200 },
    forbidden: 'Access denied: Generating reports requires company or admin privileges',
  },
  // The rider app's paths (spec section 7 plus duty and orders): riders only.
  { method: 'POST', label: '/api/riders/:id/cash/submit', path: () => `/api/riders/${w.riderA.id}/cash/submit`, body: () => ({ amount: 0.5 }), status: { signedOut: 401, riderA: 400, riderB: 403, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider, forbiddenFor: { riderB: DENIED.ownRider } },
  { method: 'POST', label: '/api/performance/sync', path: () => '/api/performance/sync', body: () => ({ ordersCompleted: 1, ordersPerHour: 1, totalDistance: 1, averageOrderTime: 1, cashCollected: 0, efficiency: 33, workingHours: 1, syncType: 'manual' }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/region', path: () => '/api/rider/region', body: () => ({ region: 'kuwait', currency: 'KWD' }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/ocr/submit', path: () => '/api/ocr/submit', body: () => ({ type: 'receipt', image: 'data:image/png;base64,AAAA' }), status: { signedOut: 401, riderA: 400, riderB: 400, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'GET', label: '/api/rider/duty', path: () => '/api/rider/duty', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/duty/start', path: () => '/api/rider/duty/start', body: () => ({ startOdometerKm: 10 }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/duty/break/start', path: () => '/api/rider/duty/break/start', body: () => ({}), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/duty/break/end', path: () => '/api/rider/duty/break/end', body: () => ({}), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/duty/end', path: () => '/api/rider/duty/end', body: () => ({ endOdometerKm: 20 }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'GET', label: '/api/rider/orders', path: () => '/api/rider/orders', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/orders/:orderId/status', path: () => '/api/rider/orders/none/status', body: () => ({ status: 'picked_up' }), status: { signedOut: 401, riderA: 404, riderB: 404, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  // Issue 25: the rider's offers; another rider's (or no) offer is 404, a late or second answer 409 (services/dispatch tests).
  { method: 'GET', label: '/api/rider/offers', path: () => '/api/rider/offers', status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/offers/:id/accept', path: () => '/api/rider/offers/none/accept', status: { signedOut: 401, riderA: 404, riderB: 404, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'POST', label: '/api/rider/offers/:id/decline', path: () => '/api/rider/offers/none/decline', status: { signedOut: 401, riderA: 404, riderB: 404, companyA: 403, companyB: 403, admin: 403 }, forbidden: DENIED.rider },
  { method: 'GET', label: '/api/track/:code', path: () => `/api/track/${trackCode}`, status: { signedOut: 200, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'POST', label: '/api/contact/submit', path: () => '/api/contact/submit', body: () => contact, status: { signedOut: 200, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'POST', label: '/api/support/tickets', path: () => '/api/support/tickets', body: () => ({ subject: 'Shim ticket', body: 'Scanner freezes' }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'POST', label: '/api/ai/chat', path: () => '/api/ai/chat', body: () => ({ message: 'Hi', customerData: {}, conversationHistory: [] }), status: { signedOut: 200, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  // The same path with the Support page's body (userId / userRole): signed-in users only.
  { method: 'POST', label: '/api/ai/chat (support)', path: () => '/api/ai/chat', body: () => ({ message: 'help', userId: w.admin.id, userRole: 'admin', conversationHistory: [] }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'POST', label: '/api/notify-email', path: () => '/api/notify-email', body: () => ({ customerData: { name: 'Shim Lead', company: 'Shim Co', email: 'lead@shim.example' }, source: 'chat-widget' }), status: { signedOut: 200, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  { method: 'POST', label: '/api/ai/analysis', path: () => '/api/ai/analysis', body: () => ({ type: 'hr', timeframe: 'monthly' }), status: { signedOut: 401, riderA: 200, riderB: 200, companyA: 200, companyB: 200, admin: 200 } },
  {
    method: 'GET',
    label: '/api/ai/download-report/:userId',
    path: () => `/api/ai/download-report/${w.managerA.id}`,
    status: { signedOut: 401, riderA: 403, riderB: 403, companyA: 200, companyB: 403, admin: 200 },
    forbidden: 'Access denied: you may only download your own report',
  },
];

function send(row: (typeof ROWS)[number], cookie?: string) {
  return row.method === 'GET' ? getWith(app, row.path(), cookie) : postJson(app, row.path(), row.body?.() ?? {}, { cookie });
}

describe('REST shims enforce the same guards', () => {
  for (const row of ROWS) {
    for (const actor of ACTORS) {
      const expected = row.status[actor];
      test(`${row.method} ${row.label} as ${actor} → ${expected}`, async () => {
        const res = await send(row, cookies[actor]);
        expect(res.status).toBe(expected);
        if (expected === 401) {
          const body = await res.json();
          expect(body.error).toEqual({ code: 'UNAUTHORIZED', message: DENIED.signedOut });
        } else if (expected === 403) {
          const body = await res.json();
          expect(body.error).toEqual({ code: 'FORBIDDEN', message: row.forbiddenFor?.[actor] ?? row.forbidden! });
        }
      });
    }
  }

  test('every shim is in the table above', () => {
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.label}`));
    const missing = SHIMS.map((s) => `${s.method.toUpperCase()} /api${s.path}`).filter(
      (k) => !covered.has(k) && !['POST /api/auth/login', 'POST /api/auth/logout'].includes(k),
    );
    expect(missing).toEqual([]);
  });
});

describe('REST answers', () => {
  test('GET /api/dashboard/admin gives the six stats', async () => {
    const body = await (await getWith(app, '/api/dashboard/admin', cookies.admin)).json();
    expect(Object.keys(body).sort()).toEqual(['activeRiders', 'completionRate', 'dailyOrders', 'totalCompanies', 'totalRevenue', 'totalRiders']);
    // The guard rows above add companies and riders through the shims themselves.
    expect(body.totalCompanies).toBe((await db.select().from(companies)).length);
    expect(body.totalRiders).toBe((await db.select().from(riders)).length);
    expect(body.totalCompanies).toBeGreaterThanOrEqual(2);
  });

  test('GET /api/company/riders is company B’s riders only for manager B', async () => {
    const body = (await (await getWith(app, '/api/company/riders', cookies.companyB)).json()) as { id: string; companyId: string }[];
    // The POST /api/company/riders row above may have added one to B's fleet; never one of A's.
    expect(body.map((r) => r.id)).toEqual(expect.arrayContaining([w.riderB.id, w.riderB2.id]));
    expect(body.every((r) => r.companyId === w.companyB.id)).toBe(true);
  });

  test('POST /api/riders/:id/location stores the ping for the signed-in rider', async () => {
    const res = await postJson(app, `/api/riders/${w.riderB.id}/location`, { lat: 25.2, lng: 55.27 }, { cookie: cookies.riderB });
    expect(res.status).toBe(200);
    const rows = await db.select().from(locationPings).where(eq(locationPings.riderId, w.riderB.id));
    expect(rows).toHaveLength(1);
  });

  test('the id in the path wins over an id in the body', async () => {
    const res = await postJson(app, `/api/riders/${w.riderB.id}/location`, { id: w.riderA.id, lat: 25.2, lng: 55.27 }, { cookie: cookies.riderA });
    expect(res.status).toBe(403);
  });

  test('bad coordinates: 400 naming the field', async () => {
    const res = await postJson(app, `/api/riders/${w.riderA.id}/location`, { lat: 91, lng: 47 }, { cookie: cookies.riderA });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'lat: lat must be between -90 and 90',
      error: { code: 'BAD_REQUEST', message: 'lat: lat must be between -90 and 90', field: 'lat', fields: { lat: 'lat must be between -90 and 90' } },
    });
  });

  test('the spec’s location call without a body is a 400, not a 500', async () => {
    const res = await req(app, `/api/riders/${w.riderA.id}/location`, { method: 'POST', headers: { cookie: cookies.riderA! } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('BAD_REQUEST');
  });

  test('contact without a message: 400 naming message', async () => {
    const res = await postJson(app, '/api/contact/submit', { ...contact, message: '' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toEqual({ code: 'BAD_REQUEST', message: 'message: Message is required', field: 'message', fields: { message: 'Message is required' } });
  });
});

describe('POST /api/support/tickets (the rider app’s outbox)', () => {
  const ticket = { subject: 'Scanner freezes offline', body: 'After the third receipt' };
  const ticketsOf = (userId: string) => db.select().from(supportTickets).where(eq(supportTickets.userId, userId));

  test('a replay with the same Idempotency-Key opens one ticket and answers the first one again', async () => {
    const headers = { 'idempotency-key': 'ticket-replay-0001', 'x-recorded-at': String(Date.now()), 'x-replay': '1' };
    const first = await postJson(app, '/api/support/tickets', ticket, { cookie: cookies.riderA, headers });
    expect(first.status).toBe(200);
    const created = (await first.json()) as { id: string; subject: string; companyId: string };
    expect(created).toMatchObject({ subject: 'Scanner freezes offline', companyId: w.companyA.id });
    const again = await postJson(app, '/api/support/tickets', ticket, { cookie: cookies.riderA, headers });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect((await ticketsOf(w.riderA.user.id)).filter((t) => t.subject === ticket.subject).map((t) => t.id)).toEqual([created.id]);
  });

  test('another user’s same key opens their own ticket', async () => {
    const headers = { 'idempotency-key': 'ticket-replay-0001' };
    const res = await postJson(app, '/api/support/tickets', { ...ticket, subject: 'Rider B’s problem' }, { cookie: cookies.riderB, headers });
    expect(res.status).toBe(200);
    const b = (await res.json()) as { id: string; subject: string; companyId: string };
    expect(b).toMatchObject({ subject: 'Rider B’s problem', companyId: w.companyB.id });
    expect((await ticketsOf(w.riderB.user.id)).filter((t) => t.subject === 'Rider B’s problem').map((t) => t.id)).toEqual([b.id]);
    expect((await ticketsOf(w.riderA.user.id)).map((t) => t.id)).not.toContain(b.id);
  });

  test('the /support schema’s messages: 400 naming the field', async () => {
    const res = await postJson(app, '/api/support/tickets', { subject: ' ', body: 'x' }, { cookie: cookies.riderA, headers: { 'idempotency-key': 'ticket-bad-0001' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: 'BAD_REQUEST', message: 'subject: Subject is required', field: 'subject', fields: { subject: 'Subject is required' } });
  });
});

describe('tRPC over HTTP', () => {
  test('guards answer with HTTP statuses', async () => {
    expect((await req(app, '/api/trpc/admin.stats')).status).toBe(401);
    expect((await getWith(app, '/api/trpc/admin.stats', cookies.companyA)).status).toBe(403);
    expect((await getWith(app, '/api/trpc/admin.stats', cookies.admin)).status).toBe(200);
  });

  test('a validation error names the field', async () => {
    const res = await postJson(app, '/api/trpc/tracking.location', { id: w.riderA.id, lat: 91, lng: 47 }, { cookie: cookies.riderA });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toBe('lat: lat must be between -90 and 90');
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.data.field).toBe('lat');
    expect(body.error.data.stack).toBeUndefined();
  });

  test('login over tRPC sets the session cookie; a lock-out sends Retry-After', async () => {
    const ok = await postJson(app, '/api/trpc/auth.login', { email: 'rider.b@example.com', password: TEST_PASSWORD }, { ip: '192.0.2.77' });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().some((c) => /^kwt_session=[a-z2-7]{32};/.test(c))).toBe(true);
    for (let i = 0; i < 10; i++) {
      await postJson(app, '/api/trpc/auth.login', { email: 'rider.b@example.com', password: 'nope' }, { ip: '192.0.2.78' });
    }
    const locked = await postJson(app, '/api/trpc/auth.login', { email: 'rider.b@example.com', password: TEST_PASSWORD }, { ip: '192.0.2.78' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect((await locked.json()).error.data.code).toBe('TOO_MANY_REQUESTS');
  });
});
