import { importTemplateCsv } from '../../src/server/services/orders';
import { TEST_PASSWORD } from '../factories';
import { key, PNG, type AuthzWorld, type Owner } from './fixtures';

/** A real photo (an odometer from the OCR fixtures), as the rider app sends it. */
const ODOMETER_PHOTO = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

type Build = (f: AuthzWorld, o: Owner) => unknown;

/**
 * Allowed calls must succeed (2xx, or a redirect), except these, whose status says something other than
 * authorization (kept as small as possible; each with why).
 */
export const ALLOWED_STATUS: Record<string, { status: number; why: string }> = {
  'admin.syncSheets': { status: 503, why: 'no spreadsheet is configured in tests: past the guard, the service refuses' },
  'POST /api/google/sheets/sync': { status: 503, why: 'as admin.syncSheets' },
  'POST /api/ocr/process': { status: 422, why: 'a PNG header with no picture: past the guard, decoding refuses (reading is tested in ocr tests)' },
  'ocr.process': { status: 415, why: 'three bytes are no image: past the guard, the magic-byte check refuses (reading is tested in ocr tests)' },
};

const order = (f: AuthzWorld) => ({
  customerName: 'Matrix Customer',
  customerPhone: f.w.companyA.currency === 'KWD' ? '+96550001234' : '+971501234567',
  pickupAddress: 'Sultan Center, Salmiya',
  deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
  deliveryFee: 1,
});
const riderEdit = { name: 'Edited Rider', phone: '+96550009999', vehicleType: 'car', licenseNumber: 'ab123' };

/**
 * A valid input per procedure that takes one, naming the owner's ids (a fresh record where the call
 * changes it, so every identity meets the same state). Procedures without an input need no entry.
 */
export const INPUTS: Record<string, Build> = {
  'auth.login': async (f, o) => {
    await f.restorePasswords();
    return { email: (o === 'B' ? f.w.riderB : f.w.riderA).user.email, password: TEST_PASSWORD };
  },
  'auth.changePassword': async (f) => {
    await f.restorePasswords();
    return { currentPassword: TEST_PASSWORD, newPassword: 'matrix tango harbour lantern 42' };
  },
  'auth.resetPassword': async (f, o) => ({ token: await f.resetLink(o), password: 'matrix reset harbour lantern 42' }),
  'auth.setLocale': () => ({ locale: 'en' }),
  'auth.acceptInvite': async (f, o) => ({ token: await f.invitation(o), password: 'matrix invite harbour lantern 42' }),
  'auth.acceptManagerInvite': async (f, o) => ({ token: (await f.managerInvitation(o)).token, password: 'matrix manager harbour lantern 42' }),
  'auth.apiTokenCreate': () => ({ name: key('name') }),
  'auth.apiTokenRevoke': async (f, o) => ({ id: (await f.apiToken(o)).id }),

  'admin.accounts': () => ({}),
  'admin.issueResetLink': (f, o) => ({ userId: f.userOf(o).id }),
  'admin.addManager': (f, o) => ({ companyId: f.companyOf(o).id, name: 'Matrix Manager', email: `${key()}@matrix.example` }),
  'admin.reissueInvitation': async (f, o) => ({ userId: (await f.managerInvitation(o)).userId }),
  'admin.setManagerStatus': async (f, o) => ({ userId: (await f.managerInvitation(o)).userId, suspended: true }),
  'admin.companyList': () => ({}),
  'admin.companyUpdate': (f, o) => ({ id: f.companyOf(o).id, name: f.companyOf(o).name }),
  'admin.companySetActive': (f, o) => ({ id: f.companyOf(o).id, active: true }),
  'admin.riderList': () => ({}),
  'admin.riderUpdate': async (f, o) => ({ id: (await f.newRider(o)).id, ...riderEdit }),
  'admin.riderSetActive': async (f, o) => ({ id: (await f.newRider(o)).id, active: true }),
  'admin.orderList': (f, o) => ({ companyId: f.companyOf(o).id }),
  'admin.orderDetail': async (f, o) => ({ id: (await f.order(o)).id }),
  'admin.orderAssign': async (f, o) => ({ orderId: (await f.order(o)).id, riderId: f.riderOf(o).id }),
  'admin.orderSetStatus': async (f, o) => ({ orderId: (await f.order(o)).id, status: 'cancelled' }),
  'admin.cashList': () => ({}),
  'admin.cashReview': async (f, o) => ({ id: (await f.handover(o)).id, status: 'confirmed' }),
  'admin.cashRiderLedger': (f, o) => ({ riderId: f.riderOf(o).id }),
  'admin.cashCorrect': (f, o) => ({ riderId: f.riderOf(o).id, amount: 1, reason: 'matrix check' }),
  'admin.cashResolve': async (f, o) => ({ id: await f.discrepancy(o), resolution: 'write_off', note: 'matrix check' }),
  'admin.auditLog': () => ({ limit: 5 }),
  'admin.riderPick': () => ({ q: 'R' }),
  'admin.riderDay': (f, o) => ({ riderId: f.riderOf(o).id }),
  'admin.regionRulesUpdate': () => ({ region: 'kuwait', summerMotorcycleBan: false, summerMiddayBreak: false, iftarPause: false, maxDailyHours: 12, warnBeforeMinutes: 30 }),
  'admin.createCompany': () => ({ name: `Matrix ${key()}`, email: `${key()}@matrix.example` }),
  'admin.createRider': (f, o) => ({ name: 'Matrix Rider', email: `${key()}@matrix.example`, phone: '+96550001111', company: f.companyOf(o).id }),
  'admin.createOrder': (f, o) => ({ ...order(f), currency: f.companyOf(o).currency, companyId: f.companyOf(o).id }),
  'admin.generateReport': () => ({}),
  'admin.report': async (f, o) => ({ id: (await f.report(o)).report.id }),

  'company.setWeekend': () => ({ weekend: null }),
  'company.addRider': () => ({ name: 'Matrix Added', email: `${key()}@matrix.example`, phone: '+96550002222', vehicleType: 'car', licenseNumber: 'X1' }),
  'company.updateRider': async (f, o) => ({ id: (await f.newRider(o)).id, ...riderEdit }),
  'company.setRiderStatus': async (f, o) => ({ id: (await f.newRider(o)).id, status: 'suspended' }),
  'company.inviteRider': async (f, o) => ({ id: (await f.newRider(o)).id }),
  'company.flagged': () => ({ open: true }),
  'company.markFlagReviewed': async (f, o) => ({ id: (await f.flag(o)).id }),
  'company.endRiderDuty': async (f, o) => ({ id: (await f.riderOnDuty(o)).id }),
  'company.orderList': (f, o) => ({ companyId: f.companyOf(o).id }),
  'company.orderDetail': async (f, o) => ({ id: (await f.order(o)).id }),
  'company.createOrder': (f, o) => ({ ...order(f), currency: f.companyOf(o).currency }),
  'company.assignOrder': async (f, o) => ({ orderId: (await f.order(o)).id, riderId: f.riderOf(o).id }),
  'company.setOrderStatus': async (f, o) => ({ orderId: (await f.order(o)).id, status: 'cancelled' }),
  'company.importOrders': (f, o) => ({ csv: importTemplateCsv(f.companyOf(o).region), dryRun: true }),
  'company.webhookCreate': () => ({ url: 'https://127.0.0.1:9/matrix', events: ['rider.created'] }),
  'company.webhookDelete': async (f, o) => ({ id: (await f.webhook(o)).id }),
  'company.webhookSetActive': async (f, o) => ({ id: (await f.webhook(o)).id, active: false }),
  'company.webhookDeliveries': async (f, o) => ({ endpointId: (await f.webhook(o)).id }),
  'company.webhookTest': async (f, o) => ({ id: (await f.webhook(o)).id }),
  'company.weeklyReport': () => ({}),
  'company.handovers': () => ({}),
  'company.handoverConfirm': async (f, o) => {
    const h = await f.handover(o);
    return { id: h.id, method: 'code', code: h.code, counted: f.companyOf(o).currency === 'KWD' ? 5 : 50 };
  },
  'company.handoverResolve': async (f, o) => ({ id: await f.discrepancy(o), resolution: 'write_off', note: 'matrix check' }),
  'company.riderLedger': (f, o) => ({ riderId: f.riderOf(o).id }),
  'company.cashCorrect': (f, o) => ({ riderId: f.riderOf(o).id, amount: 1, reason: 'matrix check' }),
  'company.setCashLimits': () => ({ limit: null, holdHours: null }),
  'company.reconciliation': () => ({}),
  'company.saveDispatchSettings': () => ({ mode: 'manual', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500, timeoutsToPause: 3, maxLoad: 3 }),
  'company.markNoticeRead': async (f, o) => ({ id: (await f.notice(o, 'company')).id }),
  'company.riderDocuments': (f, o) => ({ riderId: f.riderOf(o).id }),
  'company.saveDocument': (f, o) => ({ riderId: f.riderOf(o).id, type: 'health_certificate', expiresOn: '2099-01-01' }),
  'company.deleteDocument': async (f, o) => ({ id: (await f.document(o)).id }),

  'rider.dutyStart': async (f, o) => {
    await f.offDuty(o);
    return { startOdometerKm: 1000, idempotencyKey: key() };
  },
  'rider.dutyEnd': async (f, o) => {
    await f.onDuty(o);
    return { endOdometerKm: 1010, idempotencyKey: key() };
  },
  'rider.breakStart': async (f, o) => {
    await f.onDuty(o);
    return { idempotencyKey: key() };
  },
  'rider.breakEnd': async (f, o) => {
    await f.onBreak(o);
    return { idempotencyKey: key() };
  },
  'rider.syncPerformance': (f, o) => ({
    ordersCompleted: 1, ordersPerHour: 1, totalDistance: 1, averageOrderTime: 1, cashCollected: 0, efficiency: 50, workingHours: 1, idempotencyKey: key(),
    riderId: f.riderOf(o).id,
  }),
  'rider.setRegion': (f, o) => ({ region: f.companyOf(o).region, riderId: f.riderOf(o).id, idempotencyKey: key() }),
  'rider.setOrderStatus': async (f, o) => ({ orderId: (await f.assignedOrder(o)).id, status: 'picked_up', idempotencyKey: key() }),
  'rider.submitCash': async (f, o) => {
    await f.order(o, { riderId: f.riderOf(o).id, status: 'delivered', codAmountMinor: 5000 });
    return { id: f.riderOf(o).id, amount: f.companyOf(o).currency === 'KWD' ? 1 : 10, idempotencyKey: key() };
  },
  'rider.handoverCode': async (f, o) => ({ id: (await f.handover(o)).id }),
  'rider.handoverCancel': async (f, o) => ({ id: (await f.handover(o)).id }),
  'rider.notices': () => ({}),
  'rider.markNoticeRead': async (f, o) => ({ id: (await f.notice(o, 'rider')).id }),
  'rider.acceptOffer': async (f, o) => ({ offerId: (await f.offer(o)).id }),
  'rider.declineOffer': async (f, o) => ({ offerId: (await f.offer(o)).id }),

  'tracking.location': (f, o) => ({ id: f.riderOf(o).id, lat: 29.37, lng: 47.98, idempotencyKey: key() }),
  'tracking.publicOrder': async (f, o) => ({ code: (await f.order(o)).trackingCode }),
  'tracking.fleet': (f, o) => ({ companyId: f.companyOf(o).id }),
  'tracking.fleetLive': (f, o) => ({ companyId: f.companyOf(o).id }),
  'tracking.history': (f, o) => ({ riderId: f.riderOf(o).id, date: new Date().toISOString().slice(0, 10) }),

  'ocr.process': () => ({ bytes: new Uint8Array([1, 2, 3]), imageType: 'start_odometer' }),
  'ocr.submit': (f, o) => ({ type: 'start_odometer', image: ODOMETER_PHOTO, riderId: f.riderOf(o).id, idempotencyKey: key() }),

  'ai.salesChat': () => ({ message: 'Hello' }),
  'ai.supportChat': (f, o) => ({ message: 'Hello', userId: f.userOf(o).id, userRole: 'admin' }),
  'ai.notifyEmail': () => ({ customerData: { name: 'Lead', company: 'Lead Co', email: `${key()}@lead.example` }, source: 'matrix' }),
  'ai.analysis': () => ({ type: 'performance' }),
  'ai.downloadReport': (f, o) => ({ userId: f.userOf(o).id }),

  'contact.submit': () => ({ name: 'Matrix', email: 'matrix@example.com', inquiryType: 'demo', message: 'Who may send this?' }),
  'contact.tickets.list': () => ({}),
  'contact.tickets.byId': async (f, o) => ({ id: (await f.ticket(o)).id }),
  'contact.tickets.create': () => ({ subject: 'Matrix', body: 'A ticket from the matrix.' }),
  'contact.tickets.comment': async (f, o) => ({ ticketId: (await f.ticket(o)).id, body: 'A comment.' }),
  'contact.tickets.setStatus': async (f, o) => ({ ticketId: (await f.ticket(o)).id, status: 'resolved' }),
};
