import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { callerFor } from '../../../test/app';
import { freshDb } from '../../../test/db';
import { DENIED, expectTRPCError } from '../../../test/expect';
import { makeCompanyManager, makeRider, makeUser, TEST_PASSWORD } from '../../../test/factories';
import { flaggedRecords } from '../../../db/schema';
import { startDuty } from '../services/rider';
import { makeWorld, type World } from '../../../test/world';
import type { createCaller } from './root';

/**
 * Every procedure against every kind of caller, through createCaller with the
 * context a real request would build. 'ok' means it answered; anything else is
 * the expected [code, message].
 */
type Caller = ReturnType<typeof createCaller>;
type Actor = 'signedOut' | 'riderA' | 'riderB' | 'companyA' | 'companyB' | 'admin';
type Outcome = 'ok' | readonly ['UNAUTHORIZED' | 'FORBIDDEN' | 'SERVICE_UNAVAILABLE' | 'NOT_FOUND' | 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE', string];

const ACTORS: Actor[] = ['signedOut', 'riderA', 'riderB', 'companyA', 'companyB', 'admin'];
const OUT = ['UNAUTHORIZED', DENIED.signedOut] as const;
const no = (message: string) => ['FORBIDDEN', message] as const;
const WRONG_CURRENT = ['BAD_REQUEST', 'Your current password is incorrect.'] as const;
const SYNC_DENIED = 'Access denied: Syncing data requires admin privileges';

let db: Db;
let w: World;
const callers = {} as Record<Actor, Caller>;

beforeAll(async () => {
  db = await freshDb();
  w = await makeWorld(db);
  const ids: Record<Actor, string | null> = {
    signedOut: null,
    riderA: w.riderA.user.id,
    riderB: w.riderB.user.id,
    companyA: w.managerA.id,
    companyB: w.managerB.id,
    admin: w.admin.id,
  };
  for (const a of ACTORS) callers[a] = await callerFor(db, ids[a]);
});

const contact = { name: 'Noor', email: 'noor@example.com', inquiryType: 'demo', message: 'Hi' } as const;
let seq = 0;
const company = () => ({ name: `Guard Co ${++seq}`, email: `guard${seq}@co.example` });
const rider = () => ({ name: 'Guard Rider', email: `guard.rider${++seq}@example.com`, phone: '+96550001234', company: w.companyA.id });
const order = () => ({ customerName: 'Guard Customer', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'B', deliveryFee: 1.25, companyId: w.companyA.id });
const companyOrder = { customerName: 'Guard Customer', customerPhone: '+96550001234', pickupAddress: 'A', deliveryAddress: 'B', deliveryFee: 1.25, codAmount: 2 };
/** A fresh pending order of company A, made by its manager. */
const orderOfA = async () => (await callers.companyA.company.createOrder(companyOrder)).order.id;
/** Webhooks: a fresh URL each time (a company's URLs are unique); one shared endpoint of A for the by-id rows. */
const hook = () => ({ url: `https://93.184.215.14/guard/${++seq}`, events: ['order.created' as const] });
let aHook: Promise<string> | undefined;
const hookOfA = () => (aHook ??= callers.companyA.company.webhookCreate(hook()).then((r) => r.endpoint.id));
/** Support tickets: one opened by rider A; only A and an admin see it. */
let aTicket: Promise<string> | undefined;
const ticketOfA = () => (aTicket ??= callers.riderA.contact.tickets.create({ subject: 'Guard ticket', body: 'Scanner freezes' }).then((t) => t.id));
const TICKET_HIDDEN = ['NOT_FOUND', 'Ticket not found'] as const;
const ticketAuthor = { signedOut: OUT, riderA: 'ok', riderB: TICKET_HIDDEN, companyA: TICKET_HIDDEN, companyB: TICKET_HIDDEN, admin: 'ok' } as const;
const REPORT_OWN = 'Access denied: you may only download your own report';
const signedIn = { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' } as const;
/** API tokens: one of rider A's, made once; someone else's is NOT_FOUND (an admin may revoke it). */
let riderAToken: Promise<string> | undefined;
const tokenOfRiderA = () => (riderAToken ??= callers.riderA.auth.apiTokenCreate({ name: 'Rider A laptop' }).then((r) => r.apiToken.id));
const TOKEN_HIDDEN = ['NOT_FOUND', 'API token not found'] as const;
const trackingCodeOfA = async () => (await callers.admin.admin.orderDetail({ id: (await callers.admin.admin.createOrder(order())).order.id })).trackingCode!;
/** Offline review (issue 20): a fresh flag of company A's rider, and a fresh rider of A on duty, per call. */
async function flagOfA() {
  const at = new Date();
  const values = { companyId: w.companyA.id, riderId: w.riderA.id, kind: 'pin_mismatch', outcome: 'applied', request: { action: 'delivered' }, reasonKey: 'conflict.pin.applied', reasonParams: {}, recordedAt: at, serverAt: at } as const;
  const [row] = await db.insert(flaggedRecords).values(values).returning();
  return row!;
}
async function riderOnDutyOfA() {
  const { rider } = await makeRider(db, w.companyA, { withUser: false });
  await startDuty(db, rider.id, { startOdometerKm: 1000 });
  return rider;
}
const companyOnly = { signedOut: OUT, riderA: no(DENIED.company), riderB: no(DENIED.company), companyA: 'ok', companyB: 'ok', admin: no(DENIED.company) } as const;
const riderOnly = { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: no(DENIED.rider), companyB: no(DENIED.rider), admin: no(DENIED.rider) } as const;
const adminOnly = { signedOut: OUT, riderA: no(DENIED.admin), riderB: no(DENIED.admin), companyA: no(DENIED.admin), companyB: no(DENIED.admin), admin: 'ok' } as const;
const NO_SUBMISSION = ['NOT_FOUND', 'Cash submission not found'] as const;
const NO_RIDER = ['NOT_FOUND', 'Rider not found'] as const;
const REPORTS_DENIED = 'Access denied: Generating reports requires company or admin privileges';
const reportsRole = { signedOut: OUT, riderA: no(REPORTS_DENIED), riderB: no(REPORTS_DENIED), companyA: 'ok', companyB: 'ok', admin: 'ok' } as const;
const FLEET_DENIED = 'Access denied: Viewing analytics requires company or admin privileges';
const fleetRole = { signedOut: OUT, riderA: no(FLEET_DENIED), riderB: no(FLEET_DENIED), companyA: 'ok', companyB: 'ok', admin: 'ok' } as const;

const MATRIX: { name: string; call: (c: Caller) => Promise<unknown>; expect: Record<Actor, Outcome> }[] = [
  {
    name: 'auth.me',
    call: (c) => c.auth.me(),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  {
    name: 'auth.user',
    call: (c) => c.auth.user(),
    expect: { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  {
    name: 'admin.stats',
    call: (c) => c.admin.stats(),
    expect: { signedOut: OUT, riderA: no(DENIED.admin), riderB: no(DENIED.admin), companyA: no(DENIED.admin), companyB: no(DENIED.admin), admin: 'ok' },
  },
  {
    name: 'admin.companies',
    call: (c) => c.admin.companies(),
    expect: { signedOut: OUT, riderA: no(DENIED.admin), riderB: no(DENIED.admin), companyA: no(DENIED.admin), companyB: no(DENIED.admin), admin: 'ok' },
  },
  { name: 'admin.statsLive', call: (c) => c.admin.statsLive(), expect: adminOnly },
  {
    name: 'admin.createCompany',
    call: (c) => c.admin.createCompany(company()),
    expect: { ...adminOnly, companyA: no(DENIED.manageCompanies), companyB: no(DENIED.manageCompanies), riderA: no(DENIED.manageCompanies), riderB: no(DENIED.manageCompanies) },
  },
  { name: 'admin.companyList', call: (c) => c.admin.companyList({}), expect: adminOnly },
  { name: 'admin.companyUpdate', call: (c) => c.admin.companyUpdate({ id: w.companyB.id, name: 'Bravo Express' }), expect: adminOnly },
  { name: 'admin.companySetActive', call: (c) => c.admin.companySetActive({ id: w.companyB.id, active: true }), expect: adminOnly },
  { name: 'admin.riderList', call: (c) => c.admin.riderList({}), expect: adminOnly },
  {
    name: 'admin.riderUpdate',
    call: (c) => c.admin.riderUpdate({ id: w.riderA2.id, name: 'Aziz Alpha', phone: '+96550001234', vehicleType: 'car', licenseNumber: 'kw-1' }),
    expect: adminOnly,
  },
  { name: 'admin.riderSetActive', call: (c) => c.admin.riderSetActive({ id: w.riderA2.id, active: true }), expect: adminOnly },
  { name: 'admin.orderList', call: (c) => c.admin.orderList({}), expect: adminOnly },
  { name: 'admin.orderDetail', call: async (c) => c.admin.orderDetail({ id: (await c.admin.createOrder(order())).order.id }), expect: adminOnly },
  { name: 'admin.orderAssign', call: async (c) => c.admin.orderAssign({ orderId: (await c.admin.createOrder(order())).order.id, riderId: w.riderA.id }), expect: adminOnly },
  { name: 'admin.orderSetStatus', call: async (c) => c.admin.orderSetStatus({ orderId: (await c.admin.createOrder(order())).order.id, status: 'cancelled' }), expect: adminOnly },
  { name: 'admin.auditLog', call: (c) => c.admin.auditLog({}), expect: adminOnly },
  { name: 'admin.cashList', call: (c) => c.admin.cashList({}), expect: adminOnly },
  { name: 'admin.cashReview', call: (c) => c.admin.cashReview({ id: 'no-such-submission', status: 'confirmed' }), expect: { ...adminOnly, admin: ['NOT_FOUND', 'Cash submission not found'] } },
  { name: 'admin.createRider', call: (c) => c.admin.createRider(rider()), expect: adminOnly },
  { name: 'admin.createOrder', call: (c) => c.admin.createOrder(order()), expect: adminOnly },
  { name: 'admin.generateReport', call: (c) => c.admin.generateReport({ from: '2026-03-01', to: '2026-03-31' }), expect: reportsRole },
  // Each caller reads back a report of its own; another tenant's is NOT_FOUND (services/reports/reports.test.ts).
  { name: 'admin.report (own)', call: async (c) => c.admin.report({ id: (await c.admin.generateReport()).report.id }), expect: reportsRole },
  { name: 'admin.reports', call: (c) => c.admin.reports(), expect: reportsRole },
  {
    // Tests configure no spreadsheet: an admin passes the guard and gets the 503.
    name: 'admin.syncSheets',
    call: (c) => c.admin.syncSheets(),
    expect: {
      signedOut: OUT,
      riderA: no(SYNC_DENIED),
      riderB: no(SYNC_DENIED),
      companyA: no(SYNC_DENIED),
      companyB: no(SYNC_DENIED),
      admin: ['SERVICE_UNAVAILABLE', 'Google Sheets is not configured'],
    },
  },
  { name: 'admin.lastSync', call: (c) => c.admin.lastSync(), expect: adminOnly },
  // An admin on /rider picks a rider and sees that rider's day, read-only.
  { name: 'admin.riderPick', call: (c) => c.admin.riderPick({ q: 'Alpha' }), expect: adminOnly },
  { name: 'admin.riderDay', call: (c) => c.admin.riderDay({ riderId: w.riderA.id }), expect: adminOnly },
  // The fleet map: companies (their own riders) and admins; rider A2 is company A's, so B gets NOT_FOUND.
  ...(['fleet', 'fleetLive'] as const).map((p) => ({ name: `tracking.${p}`, call: (c: Caller) => c.tracking[p](), expect: fleetRole })),
  { name: 'tracking.history', call: (c) => c.tracking.history({ riderId: w.riderA2.id, date: '2026-03-10' }), expect: { ...fleetRole, companyB: ['NOT_FOUND', 'Rider not found'] } },
  { name: 'tracking.mapConfig', call: (c) => c.tracking.mapConfig(), expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' } },
  { name: 'company.profile', call: (c) => c.company.profile(), expect: companyOnly },
  { name: 'company.overview', call: (c) => c.company.overview(), expect: companyOnly },
  { name: 'company.setWeekend', call: (c) => c.company.setWeekend({ weekend: null }), expect: companyOnly },
  // Webhooks: each manager manages its own endpoints; A's endpoint is NOT_FOUND for B.
  { name: 'company.webhookList', call: (c) => c.company.webhookList(), expect: companyOnly },
  { name: 'company.webhookCreate', call: (c) => c.company.webhookCreate(hook()), expect: companyOnly },
  { name: 'company.webhookSetActive', call: async (c) => c.company.webhookSetActive({ id: await hookOfA(), active: true }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Webhook endpoint not found'] } },
  { name: 'company.webhookTest', call: async (c) => c.company.webhookTest({ id: await hookOfA() }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Webhook endpoint not found'] } },
  { name: 'company.webhookDeliveries', call: (c) => c.company.webhookDeliveries(), expect: companyOnly },
  { name: 'company.webhookDelete', call: async (c) => c.company.webhookDelete({ id: (await callers.companyA.company.webhookCreate(hook())).endpoint.id }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Webhook endpoint not found'] } },
  { name: 'tracking.publicOrder', call: async (c) => c.tracking.publicOrder({ code: await trackingCodeOfA() }), expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' } },
  // Orders: each manager works on its own company's orders; a fresh order of company A is NOT_FOUND for B.
  { name: 'company.orderList', call: (c) => c.company.orderList({}), expect: companyOnly },
  { name: 'company.orderDetail (own)', call: async (c) => c.company.orderDetail({ id: (await c.company.createOrder({ ...companyOrder, currency: (await c.company.profile()).currency })).order.id }), expect: companyOnly },
  { name: 'company.orderDetail (A’s)', call: async (c) => c.company.orderDetail({ id: await orderOfA() }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Order not found'] } },
  { name: 'company.createOrder', call: async (c) => c.company.createOrder({ ...companyOrder, currency: (await c.company.profile()).currency }), expect: companyOnly },
  { name: 'company.assignOrder', call: async (c) => c.company.assignOrder({ orderId: await orderOfA(), riderId: w.riderA.id }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Order not found'] } },
  { name: 'company.setOrderStatus', call: async (c) => c.company.setOrderStatus({ orderId: await orderOfA(), status: 'cancelled' }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Order not found'] } },
  { name: 'company.exportReport', call: (c) => c.company.exportReport(), expect: companyOnly },
  { name: 'company.weeklyReport', call: (c) => c.company.weeklyReport({ weekStart: '2026-05-03' }), expect: companyOnly },
  // Issue 9 cash limits, reconciliation and notices: always the caller's own company or rider; an unknown notice is not found.
  { name: 'company.cashLimits', call: (c) => c.company.cashLimits(), expect: companyOnly },
  { name: 'company.setCashLimits', call: (c) => c.company.setCashLimits({ limit: null, holdHours: null }), expect: companyOnly },
  { name: 'company.cashLimitRiders', call: (c) => c.company.cashLimitRiders(), expect: companyOnly },
  { name: 'company.reconciliation', call: (c) => c.company.reconciliation({ date: '2026-05-03' }), expect: companyOnly },
  { name: 'company.notices', call: (c) => c.company.notices(), expect: companyOnly },
  { name: 'company.markNoticeRead', call: (c) => c.company.markNoticeRead({ id: 'no-such-notice' }), expect: { ...companyOnly, companyA: ['NOT_FOUND', 'Notice not found'], companyB: ['NOT_FOUND', 'Notice not found'] } },
  { name: 'company.markAllNoticesRead', call: (c) => c.company.markAllNoticesRead(), expect: companyOnly },
  { name: 'rider.cashLimit', call: (c) => c.rider.cashLimit(), expect: riderOnly },
  { name: 'rider.notices', call: (c) => c.rider.notices({ unreadOnly: true }), expect: riderOnly },
  { name: 'rider.markNoticeRead', call: (c) => c.rider.markNoticeRead({ id: 'no-such-notice' }), expect: { ...riderOnly, riderA: ['NOT_FOUND', 'Notice not found'], riderB: ['NOT_FOUND', 'Notice not found'] } },
  // Dispatch (issue 25): each manager its own company's settings, waiting orders and rates; a rider only its own offers.
  { name: 'company.dispatchSettings', call: (c) => c.company.dispatchSettings(), expect: companyOnly },
  { name: 'company.saveDispatchSettings', call: (c) => c.company.saveDispatchSettings({ mode: 'manual' }), expect: companyOnly },
  { name: 'company.needsRider', call: (c) => c.company.needsRider(), expect: companyOnly },
  { name: 'company.acceptanceRates', call: (c) => c.company.acceptanceRates(), expect: companyOnly },
  { name: 'rider.offers', call: (c) => c.rider.offers(), expect: riderOnly },
  { name: 'rider.offerState', call: (c) => c.rider.offerState(), expect: riderOnly },
  { name: 'rider.resumeOffers', call: (c) => c.rider.resumeOffers(), expect: riderOnly },
  { name: 'rider.acceptOffer', call: (c) => c.rider.acceptOffer({ offerId: 'no-such-offer' }), expect: { ...riderOnly, riderA: ['NOT_FOUND', 'Offer not found'], riderB: ['NOT_FOUND', 'Offer not found'] } },
  { name: 'rider.declineOffer', call: (c) => c.rider.declineOffer({ offerId: 'no-such-offer' }), expect: { ...riderOnly, riderA: ['NOT_FOUND', 'Offer not found'], riderB: ['NOT_FOUND', 'Offer not found'] } },
  // Rider documents (issue 9): managers their own riders' (another company's rider or document: 404), riders read their own.
  { name: 'company.documentsOverview', call: (c) => c.company.documentsOverview(), expect: companyOnly },
  { name: 'company.riderDocuments', call: (c) => c.company.riderDocuments({ riderId: w.riderA.id }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Rider not found'] } },
  { name: 'company.saveDocument', call: (c) => c.company.saveDocument({ riderId: w.riderA.id, type: 'residency', expiresOn: '2099-01-01' }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Rider not found'] } },
  { name: 'company.deleteDocument', call: (c) => c.company.deleteDocument({ id: 'no-such-document' }), expect: { ...companyOnly, companyA: ['NOT_FOUND', 'Document not found'], companyB: ['NOT_FOUND', 'Document not found'] } },
  { name: 'rider.documents', call: (c) => c.rider.documents(), expect: riderOnly },
  { name: 'company.importOrders', call: (c) => c.company.importOrders({ csv: 'customerName,customerPhone,pickupAddress,deliveryAddress\nGuard,+96550001234,A,B\n', dryRun: true }), expect: companyOnly },
  {
    name: 'company.riders',
    call: (c) => c.company.riders(),
    expect: { signedOut: OUT, riderA: no(DENIED.company), riderB: no(DENIED.company), companyA: 'ok', companyB: 'ok', admin: no(DENIED.company) },
  },
  // Fleet management: each manager adds to its own fleet; rider A2 is company A's, so B gets NOT_FOUND.
  { name: 'company.addRider', call: (c) => c.company.addRider({ name: 'Guard Rider', email: `fleet${++seq}@example.com`, phone: '+96550001234', vehicleType: 'car', licenseNumber: 'kw-9', region: 'KWD' }), expect: companyOnly },
  { name: 'company.updateRider', call: (c) => c.company.updateRider({ id: w.riderA2.id, name: 'Aziz Alpha', phone: '+96550001234', vehicleType: 'car', licenseNumber: 'KW-1' }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Rider not found'] } },
  { name: 'company.setRiderStatus', call: (c) => c.company.setRiderStatus({ id: w.riderA2.id, status: 'active' }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Rider not found'] } },
  { name: 'company.flagged', call: (c) => c.company.flagged({ open: true }), expect: companyOnly },
  { name: 'company.markFlagReviewed', call: async (c) => c.company.markFlagReviewed({ id: (await flagOfA()).id }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Flagged record not found'] } },
  { name: 'company.endRiderDuty', call: async (c) => c.company.endRiderDuty({ id: (await riderOnDutyOfA()).id }), expect: { ...companyOnly, companyB: NO_RIDER } },
  { name: 'company.inviteRider', call: (c) => c.company.inviteRider({ id: w.riderA2.id }), expect: { ...companyOnly, companyB: ['NOT_FOUND', 'Rider not found'] } },
  {
    // Public: anyone holding a fresh link (made here by company A for a new rider of A who never signed up) may accept it.
    name: 'auth.acceptInvite',
    call: async (c) => {
      const { rider } = await makeRider(db, w.companyA, { withUser: false });
      const res = await callers.companyA.company.inviteRider({ id: rider.id });
      if (res.kind !== 'invitation') throw new Error('a new rider gets an invitation');
      return c.auth.acceptInvite({ token: res.link.split('/').pop()!, password: 'welcome to the harbour 123' });
    },
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  {
    name: 'rider.dashboard',
    call: (c) => c.rider.dashboard(),
    expect: { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: no(DENIED.rider), companyB: no(DENIED.rider), admin: no(DENIED.rider) },
  },
  {
    name: 'tracking.today',
    call: (c) => c.tracking.today(),
    expect: { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: no(DENIED.rider), companyB: no(DENIED.rider), admin: no(DENIED.rider) },
  },
  {
    name: 'tracking.location for rider A',
    call: (c) => c.tracking.location({ id: w.riderA.id, lat: 29.37, lng: 47.97 }),
    expect: {
      signedOut: OUT,
      riderA: 'ok',
      riderB: no(DENIED.ownRider),
      companyA: no(DENIED.ownRider),
      companyB: no(DENIED.ownRider),
      admin: no(DENIED.ownRider),
    },
  },
  // The rider app: riders only, each acting for themselves (rider B's writes must be refused for rider A's id).
  { name: 'rider.duty', call: (c) => c.rider.duty(), expect: riderOnly },
  { name: 'rider.dutyStart', call: (c) => c.rider.dutyStart({ startOdometerKm: 100 }), expect: riderOnly },
  { name: 'rider.breakStart', call: (c) => c.rider.breakStart({}), expect: riderOnly },
  { name: 'rider.breakEnd', call: (c) => c.rider.breakEnd({}), expect: riderOnly },
  { name: 'rider.dutyEnd', call: (c) => c.rider.dutyEnd({ endOdometerKm: 150 }), expect: riderOnly },
  { name: 'rider.syncPerformance', call: (c) => c.rider.syncPerformance({}), expect: riderOnly },
  { name: 'rider.setRegion', call: (c) => c.rider.setRegion({ region: 'kuwait' }), expect: riderOnly },
  // Working rules (issue 9): riders read their own, managers their region's, admins edit them.
  { name: 'rider.rulesNow', call: (c) => c.rider.rulesNow(), expect: riderOnly },
  { name: 'company.rulesToday', call: (c) => c.company.rulesToday(), expect: companyOnly },
  { name: 'admin.regionRules', call: (c) => c.admin.regionRules(), expect: adminOnly },
  { name: 'admin.regionRulesUpdate', call: (c) => c.admin.regionRulesUpdate({ region: 'uae', summerMotorcycleBan: true, summerMiddayBreak: false, iftarPause: false, maxDailyHours: 10, warnBeforeMinutes: 30 }), expect: adminOnly },
  { name: 'rider.orders', call: (c) => c.rider.orders(), expect: riderOnly },
  {
    name: 'rider.setOrderStatus',
    call: (c) => c.rider.setOrderStatus({ orderId: 'none', status: 'picked_up' }),
    expect: { ...riderOnly, riderA: ['NOT_FOUND', 'Order not found'], riderB: ['NOT_FOUND', 'Order not found'] },
  },
  {
    name: 'rider.submitCash for rider A',
    call: (c) => c.rider.submitCash({ id: w.riderA.id, amount: 1000000 }),
    expect: { ...riderOnly, riderA: ['BAD_REQUEST', "You don't have any cash on hand to submit."], riderB: no(DENIED.ownRider) },
  },
  // The verified cash hand-over (issue 9): riders their own, managers their own riders' (another's: 404), admins all.
  { name: 'rider.handovers', call: (c) => c.rider.handovers(), expect: riderOnly },
  { name: 'rider.handoverCode', call: (c) => c.rider.handoverCode({ id: 'no-such-submission' }), expect: { ...riderOnly, riderA: NO_SUBMISSION, riderB: NO_SUBMISSION } },
  { name: 'rider.handoverCancel', call: (c) => c.rider.handoverCancel({ id: 'no-such-submission' }), expect: { ...riderOnly, riderA: NO_SUBMISSION, riderB: NO_SUBMISSION } },
  { name: 'company.handovers', call: (c) => c.company.handovers(), expect: companyOnly },
  { name: 'company.cashRiders', call: (c) => c.company.cashRiders(), expect: companyOnly },
  {
    name: 'company.handoverConfirm',
    call: (c) => c.company.handoverConfirm({ id: 'no-such-submission', method: 'code', code: '123456', counted: 1 }),
    expect: { ...companyOnly, companyA: NO_SUBMISSION, companyB: NO_SUBMISSION },
  },
  {
    name: 'company.handoverResolve',
    call: (c) => c.company.handoverResolve({ id: 'no-such-submission', resolution: 'write_off', note: 'guard test' }),
    expect: { ...companyOnly, companyA: NO_SUBMISSION, companyB: NO_SUBMISSION },
  },
  { name: 'company.riderLedger (of rider A)', call: (c) => c.company.riderLedger({ riderId: w.riderA.id }), expect: { ...companyOnly, companyB: NO_RIDER } },
  { name: 'company.cashCorrect (rider B2)', call: (c) => c.company.cashCorrect({ riderId: w.riderB2.id, amount: 1, reason: 'guard test' }), expect: { ...companyOnly, companyA: NO_RIDER } },
  { name: 'admin.cashRiderLedger', call: (c) => c.admin.cashRiderLedger({ riderId: w.riderA.id }), expect: adminOnly },
  { name: 'admin.cashCorrect', call: (c) => c.admin.cashCorrect({ riderId: w.riderA2.id, amount: 1, reason: 'guard test' }), expect: adminOnly },
  {
    name: 'admin.cashResolve',
    call: (c) => c.admin.cashResolve({ id: 'no-such-submission', resolution: 'write_off', note: 'guard test' }),
    expect: { ...adminOnly, admin: NO_SUBMISSION },
  },
  {
    name: 'ocr.process',
    call: (c) => c.ocr.process({ bytes: new Uint8Array([1, 2, 3]), imageType: 'receipt' }),
    expect: {
      signedOut: OUT,
      riderA: ['UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image'],
      riderB: ['UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image'],
      companyA: no(DENIED.ocr),
      companyB: no(DENIED.ocr),
      admin: ['UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image'],
    },
  },
  {
    name: 'ocr.submit',
    call: (c) => c.ocr.submit({ type: 'receipt', image: `data:image/jpeg;base64,${Buffer.from('not an image at all').toString('base64')}` }),
    expect: { ...riderOnly, riderA: ['BAD_REQUEST', 'The file is not a real image'], riderB: ['BAD_REQUEST', 'The file is not a real image'] },
  },
  {
    name: 'ocr.captures',
    call: (c) => c.ocr.captures(),
    expect: { signedOut: OUT, riderA: 'ok', riderB: 'ok', companyA: no(DENIED.ocr), companyB: no(DENIED.ocr), admin: 'ok' },
  },
  {
    name: 'ai.leads',
    call: (c) => c.ai.leads(),
    expect: { signedOut: OUT, riderA: no(DENIED.admin), riderB: no(DENIED.admin), companyA: no(DENIED.admin), companyB: no(DENIED.admin), admin: 'ok' },
  },
  { name: 'ai.analysis', call: (c) => c.ai.analysis({ type: 'legal', timeframe: 'monthly' }), expect: signedIn },
  { name: 'ai.salesChat', call: (c) => c.ai.salesChat({ message: 'Hi' }), expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' } },
  { name: 'ai.supportChat', call: (c) => c.ai.supportChat({ message: 'help' }), expect: signedIn },
  {
    name: 'ai.notifyEmail',
    call: (c) => c.ai.notifyEmail({ customerData: { name: 'Guard Lead', company: 'Guard Co', email: 'lead@guard.example' } }),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  {
    name: 'ai.downloadReport (of rider A)',
    call: (c) => c.ai.downloadReport({ userId: w.riderA.user.id }),
    expect: { signedOut: OUT, riderA: 'ok', riderB: no(REPORT_OWN), companyA: no(REPORT_OWN), companyB: no(REPORT_OWN), admin: 'ok' },
  },
  {
    name: 'contact.submit',
    call: (c) => c.contact.submit(contact),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  { name: 'contact.messages', call: (c) => c.contact.messages(), expect: adminOnly },
  { name: 'contact.tickets.list', call: (c) => c.contact.tickets.list(), expect: signedIn },
  { name: 'contact.tickets.create', call: (c) => c.contact.tickets.create({ subject: 'Help', body: 'Please', priority: 'low' }), expect: signedIn },
  { name: 'contact.tickets.byId', call: async (c) => c.contact.tickets.byId({ id: await ticketOfA() }), expect: ticketAuthor },
  { name: 'contact.tickets.comment', call: async (c) => c.contact.tickets.comment({ ticketId: await ticketOfA(), body: 'Any news?' }), expect: ticketAuthor },
  { name: 'contact.tickets.setStatus', call: async (c) => c.contact.tickets.setStatus({ ticketId: await ticketOfA(), status: 'resolved' }), expect: ticketAuthor },
  { name: 'auth.setLocale', call: (c) => c.auth.setLocale({ locale: 'en' }), expect: signedIn },
  { name: 'auth.apiTokens', call: (c) => c.auth.apiTokens(), expect: signedIn },
  { name: 'auth.apiTokenCreate', call: (c) => c.auth.apiTokenCreate({ name: 'Guard token' }), expect: signedIn },
  {
    name: 'auth.apiTokenRevoke (a token of rider A)',
    call: async (c) => c.auth.apiTokenRevoke({ id: await tokenOfRiderA() }),
    expect: { signedOut: OUT, riderA: 'ok', riderB: TOKEN_HIDDEN, companyA: TOKEN_HIDDEN, companyB: TOKEN_HIDDEN, admin: 'ok' },
  },
  {
    name: 'auth.login',
    call: (c) => c.auth.login({ email: 'rider.a@example.com', password: TEST_PASSWORD }),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  // Accounts (issue 11): a wrong current password proves the guard let the caller through without changing anything.
  {
    name: 'auth.changePassword',
    call: (c) => c.auth.changePassword({ currentPassword: 'not the password', newPassword: 'a long passphrase' }),
    expect: { signedOut: OUT, riderA: WRONG_CURRENT, riderB: WRONG_CURRENT, companyA: WRONG_CURRENT, companyB: WRONG_CURRENT, admin: WRONG_CURRENT },
  },
  { name: 'auth.signOutEverywhere', call: (c) => c.auth.signOutEverywhere(), expect: signedIn },
  {
    // Public: anyone holding a fresh link (issued here by the admin for a throwaway account) may use it.
    name: 'auth.resetPassword',
    call: async (c) => c.auth.resetPassword({ token: (await callers.admin.admin.issueResetLink({ userId: (await makeUser(db)).id })).link.split('/').pop()!, password: 'a long passphrase' }),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  { name: 'admin.accounts', call: (c) => c.admin.accounts({}), expect: adminOnly },
  { name: 'admin.issueResetLink', call: (c) => c.admin.issueResetLink({ userId: w.riderB.user.id }), expect: adminOnly },
  { name: 'admin.addManager', call: (c) => c.admin.addManager({ companyId: w.companyA.id, name: 'Guard Manager', email: `guard.manager${++seq}@example.com` }), expect: adminOnly },
  { name: 'admin.reissueInvitation', call: async (c) => c.admin.reissueInvitation({ userId: (await makeCompanyManager(db, w.companyA)).id }), expect: adminOnly },
  { name: 'admin.setManagerStatus', call: (c) => c.admin.setManagerStatus({ userId: w.managerB.id, suspended: false }), expect: adminOnly },
  {
    // Public: anyone holding a fresh link (made here by the admin for a new manager of A) may accept it.
    name: 'auth.acceptManagerInvite',
    call: async (c) => c.auth.acceptManagerInvite({ token: (await callers.admin.admin.addManager({ companyId: w.companyA.id, name: 'Guard Manager', email: `guard.invitee${++seq}@example.com` })).invitationUrl.split('/').pop()!, password: 'welcome to the harbour 123' }),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
  {
    name: 'auth.logout',
    call: (c) => c.auth.logout(),
    expect: { signedOut: 'ok', riderA: 'ok', riderB: 'ok', companyA: 'ok', companyB: 'ok', admin: 'ok' },
  },
];

describe('role guards on every procedure', () => {
  for (const row of MATRIX) {
    for (const actor of ACTORS) {
      const outcome = row.expect[actor];
      test(`${row.name} as ${actor} → ${outcome === 'ok' ? 'ok' : outcome[0]}`, async () => {
        if (outcome === 'ok') {
          await row.call(callers[actor]);
        } else {
          await expectTRPCError(row.call(callers[actor]), outcome[0], outcome[1]);
        }
      });
    }
  }

  test('the matrix covers every procedure of the app router', async () => {
    const { appRouter } = await import('./root');
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const covered = new Set(MATRIX.map((r) => r.name.split(' ')[0]!));
    expect(procedures.filter((p) => !covered.has(p))).toEqual([]);
  });
});
