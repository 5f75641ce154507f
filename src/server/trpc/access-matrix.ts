import { can, ROLE_HOME, type Permission, type Role } from '../../shared/permissions';

/**
 * The authorization matrix (issue 11): who may call each tRPC procedure and each REST route, and whose
 * ids they may name. The role half is expressed through the one permissions table
 * (src/shared/permissions.ts); the ownership half says which tenant's ids a caller may pass.
 * src/server/authz-matrix.test.ts walks appRouter and the Hono app and calls every entry as every
 * identity with every owner's ids; a procedure or route missing here fails that test by name.
 * How to read and extend it: docs/authorization.md.
 */

/** Who may get past the procedure's guard. */
export type Gate =
  /** Anyone, signed out included. */
  | { kind: 'public' }
  /** Any signed-in user. */
  | { kind: 'signed-in' }
  /** Any role holding the permission (`permittedProcedure`; admin-only: 'access-admin-portal'). */
  | { kind: 'can'; permission: Permission }
  /**
   * A user acting as their own company or rider record (`companyProcedure`, `riderProcedure`): the role
   * whose home is that portal and that holds its access permission (an admin holds the permission but
   * has no record, so uses the admin.* counterparts), plus `also` when set.
   */
  | { kind: 'acts-as'; portal: 'company' | 'rider'; also?: Permission };

/**
 * Whose ids the input names, and which callers may name them.
 * - caller: no ids of others; the procedure works on the caller's own records (ctx.companyId, ctx.riderId, ctx.user).
 * - scoped: the input may name another company (a filter), but the answer is always the caller's own data (admin: any).
 * - company: ids of a company's data (orders, riders, documents, hand-overs…): its managers and its riders (when the
 *   gate lets riders in) may; an admin may name any company's.
 * - rider: ids of one rider's data: that rider, its company's managers and admins.
 * - rider-self: acting as a rider (pings, cash hand-over): that rider only, no one on its behalf.
 * - credential: the input carries the credential of the account it acts on (a password, an invitation or reset
 *   token): whoever presents it acts as that account, so any caller may, and the answer is that account's.
 * - user: a user's own records (tickets, API tokens, manager reports): that user, or an admin.
 */
export type Ownership = 'caller' | 'credential' | 'scoped' | 'company' | 'rider' | 'rider-self' | 'user';

export interface Access {
  gate: Gate;
  /** Default 'caller'. */
  owner?: Ownership;
  /** The status when the ownership rule refuses: 404 hides that the record exists (the default), 403 names the refusal. */
  foreign?: 403 | 404;
  /** Why, when the rule is not obvious from the gate. */
  why?: string;
}

/** A REST route answers exactly as the procedure it calls (a thin door), or has its own rule. */
export type RestAccess = Access | { via: ProcedurePath } | { excluded: string };

type ProcedurePath = string;

const PUBLIC: Gate = { kind: 'public' };
const SIGNED_IN: Gate = { kind: 'signed-in' };
const ADMIN: Gate = { kind: 'can', permission: 'access-admin-portal' };
const COMPANY: Gate = { kind: 'acts-as', portal: 'company' };
const COMPANY_CASH: Gate = { kind: 'acts-as', portal: 'company', also: 'confirm-cash' };
const RIDER: Gate = { kind: 'acts-as', portal: 'rider' };
const can_ = (permission: Permission): Gate => ({ kind: 'can', permission });

const pub: Access = { gate: PUBLIC };
const signedIn: Access = { gate: SIGNED_IN };
const admin: Access = { gate: ADMIN };
/** Admin-only, naming any company's data. */
const adminOver: Access = { gate: ADMIN, owner: 'company' };
const company: Access = { gate: COMPANY };
const companyOwn: Access = { gate: COMPANY, owner: 'company' };
const companyCashOwn: Access = { gate: COMPANY_CASH, owner: 'company' };
const rider: Access = { gate: RIDER };
const riderOwn: Access = { gate: RIDER, owner: 'rider' };
const ownUser: Access = { gate: SIGNED_IN, owner: 'user' };

export const PROCEDURE_ACCESS: Record<ProcedurePath, Access> = {
  'auth.me': pub,
  'auth.user': signedIn,
  'auth.login': { gate: PUBLIC, owner: 'credential' },
  'auth.setLocale': signedIn,
  'auth.acceptInvite': { gate: PUBLIC, owner: 'credential', why: 'the invitation token is the credential' },
  'auth.acceptManagerInvite': { gate: PUBLIC, owner: 'credential', why: "the admin's invitation token is the credential" },
  'auth.logout': pub,
  'auth.apiTokens': signedIn,
  'auth.apiTokenCreate': signedIn,
  'auth.apiTokenRevoke': ownUser,
  'auth.changePassword': { gate: SIGNED_IN, why: "always the caller's own password (the current one is asked)" },
  'auth.signOutEverywhere': { gate: SIGNED_IN, why: "always the caller's own sessions" },
  'auth.resetPassword': { gate: PUBLIC, owner: 'credential', why: 'the reset token is the credential' },

  'admin.companyList': admin,
  'admin.companyUpdate': adminOver,
  'admin.companySetActive': adminOver,
  'admin.riderList': admin,
  'admin.riderUpdate': adminOver,
  'admin.riderSetActive': adminOver,
  'admin.orderList': adminOver,
  'admin.orderDetail': adminOver,
  'admin.orderAssign': adminOver,
  'admin.orderSetStatus': adminOver,
  'admin.cashList': admin,
  'admin.cashReview': adminOver,
  'admin.cashRiderLedger': adminOver,
  'admin.cashCorrect': adminOver,
  'admin.cashResolve': adminOver,
  'admin.auditLog': admin,
  'admin.riderPick': admin,
  'admin.riderDay': adminOver,
  'admin.regionRules': admin,
  'admin.regionRulesUpdate': admin,
  'admin.stats': admin,
  'admin.statsLive': admin,
  'admin.companies': admin,
  'admin.createCompany': { gate: can_('manage-companies') },
  'admin.createRider': adminOver,
  'admin.createOrder': adminOver,
  'admin.generateReport': { gate: can_('generate-reports'), why: "a company manager's report covers its own company only" },
  'admin.report': { gate: can_('generate-reports'), owner: 'company', why: "a company's stored report is its managers' (and the admin's)" },
  'admin.reports': { gate: can_('generate-reports') },
  'admin.syncSheets': { gate: can_('sync-data') },
  'admin.lastSync': admin,
  'admin.accounts': admin,
  'admin.issueResetLink': { gate: ADMIN, owner: 'user' },
  'admin.addManager': adminOver,
  'admin.reissueInvitation': { ...adminOver, why: "a company's manager who has never signed in" },
  'admin.setManagerStatus': { ...adminOver, why: "a company's manager: suspend or reinstate" },

  'company.profile': company,
  'company.overview': company,
  'company.setWeekend': company,
  'company.riders': company,
  'company.addRider': company,
  'company.updateRider': companyOwn,
  'company.setRiderStatus': companyOwn,
  'company.inviteRider': companyOwn,
  'company.flagged': company,
  'company.markFlagReviewed': companyOwn,
  'company.endRiderDuty': companyOwn,
  'company.orderList': { gate: COMPANY, owner: 'scoped', why: 'a companyId filter naming another company still lists only its own' },
  'company.orderDetail': companyOwn,
  'company.createOrder': company,
  'company.assignOrder': companyOwn,
  'company.setOrderStatus': companyOwn,
  'company.exportReport': company,
  'company.importOrders': company,
  'company.webhookList': company,
  'company.webhookCreate': company,
  'company.webhookDelete': companyOwn,
  'company.webhookSetActive': companyOwn,
  'company.webhookDeliveries': companyOwn,
  'company.webhookTest': companyOwn,
  'company.weeklyReport': company,
  'company.handovers': { gate: COMPANY_CASH },
  'company.handoverConfirm': companyCashOwn,
  'company.handoverResolve': companyCashOwn,
  'company.cashRiders': { gate: COMPANY_CASH },
  'company.riderLedger': companyCashOwn,
  'company.cashCorrect': companyCashOwn,
  'company.cashLimits': company,
  'company.setCashLimits': company,
  'company.cashLimitRiders': company,
  'company.reconciliation': company,
  'company.notices': company,
  'company.markNoticeRead': companyOwn,
  'company.markAllNoticesRead': company,
  'company.documentsOverview': company,
  'company.riderDocuments': companyOwn,
  'company.saveDocument': companyOwn,
  'company.deleteDocument': companyOwn,
  'company.rulesToday': company,
  'company.dispatchSettings': company,
  'company.saveDispatchSettings': company,
  'company.needsRider': company,
  'company.acceptanceRates': company,

  'rider.dashboard': rider,
  'rider.duty': rider,
  'rider.dutyStart': rider,
  'rider.dutyEnd': rider,
  'rider.breakStart': rider,
  'rider.breakEnd': rider,
  'rider.syncPerformance': { gate: RIDER, why: 'a riderId in the body is ignored: always the caller' },
  'rider.setRegion': { gate: RIDER, why: 'a riderId in the body is ignored: always the caller' },
  'rider.orders': rider,
  'rider.setOrderStatus': riderOwn,
  'rider.submitCash': { gate: RIDER, owner: 'rider-self', foreign: 403, why: 'the path id must be the caller' },
  'rider.handovers': rider,
  'rider.handoverCode': riderOwn,
  'rider.handoverCancel': riderOwn,
  'rider.cashLimit': rider,
  'rider.notices': rider,
  'rider.markNoticeRead': riderOwn,
  'rider.documents': rider,
  'rider.rulesNow': rider,
  'rider.offers': rider,
  'rider.acceptOffer': riderOwn,
  'rider.declineOffer': riderOwn,
  'rider.resumeOffers': rider,
  'rider.offerState': rider,

  'tracking.today': rider,
  'tracking.location': { gate: can_('track-location'), owner: 'rider-self', foreign: 403, why: 'only the rider itself reports its position' },
  'tracking.publicOrder': { gate: PUBLIC, why: 'the tracking code is the credential' },
  'tracking.fleet': { gate: can_('view-analytics'), owner: 'scoped', why: 'a manager asking for another company gets its own fleet' },
  'tracking.fleetLive': { gate: can_('view-analytics'), owner: 'scoped', why: 'as tracking.fleet' },
  'tracking.history': { gate: can_('view-analytics'), owner: 'rider' },
  'tracking.mapConfig': pub,

  'ocr.captures': { gate: can_('ocr') },
  'ocr.process': { gate: can_('ocr') },
  'ocr.submit': rider,

  'ai.leads': admin,
  'ai.salesChat': pub,
  'ai.supportChat': { gate: SIGNED_IN, why: 'userId/userRole in the body are ignored: the session decides' },
  'ai.notifyEmail': pub,
  'ai.analysis': signedIn,
  'ai.downloadReport': { gate: SIGNED_IN, owner: 'user', foreign: 403 },

  'contact.submit': pub,
  'contact.messages': admin,
  'contact.tickets.list': signedIn,
  'contact.tickets.byId': ownUser,
  'contact.tickets.create': signedIn,
  'contact.tickets.comment': ownUser,
  'contact.tickets.setStatus': ownUser,
};

/** Every REST route of the Hono app under /api (and /mcp), by `METHOD path` as Hono registers it. */
export const REST_ACCESS: Record<string, RestAccess> = {
  'GET /api/auth/user': { via: 'auth.user' },
  'POST /api/auth/login': { via: 'auth.login' },
  'POST /api/auth/logout': { via: 'auth.logout' },
  'GET /api/logout': { via: 'auth.logout' },
  'GET /api/auth/logout': { via: 'auth.logout' },
  'GET /api/login': { excluded: 'a redirect to the login page or Google: no session, no data' },
  'GET /api/login/google/callback': { excluded: 'OAuth callback: the state cookie and Google code are the credentials (rest/navigation.test.ts)' },
  'GET /api/dashboard/admin': { via: 'admin.stats' },
  'GET /api/companies': { via: 'admin.companies' },
  'POST /api/admin/companies': { via: 'admin.createCompany' },
  'POST /api/admin/riders': { via: 'admin.createRider' },
  'POST /api/orders': { via: 'admin.createOrder' },
  'POST /api/google/sheets/sync': { via: 'admin.syncSheets' },
  'POST /api/reports/generate': { via: 'admin.generateReport' },
  'GET /api/reports/:file{[A-Za-z0-9_-]{1,40}\\.(?:csv|json)}': { via: 'admin.report' },
  'GET /api/company/riders': { via: 'company.riders' },
  'POST /api/company/riders': { via: 'company.addRider' },
  'GET /api/company/orders/template.csv': { gate: PUBLIC, why: 'an empty template with example rows: no data' },
  'GET /api/company/orders/export.csv': { via: 'company.exportReport' },
  'GET /api/company/reports/weekly.csv': { via: 'company.weeklyReport' },
  'GET /api/company/reconciliation.csv': { via: 'company.reconciliation' },
  'GET /api/dashboard/rider': { via: 'rider.dashboard' },
  'GET /api/tracking/today': { via: 'tracking.today' },
  'POST /api/riders/:id/location': { via: 'tracking.location' },
  'POST /api/riders/:id/cash/submit': { via: 'rider.submitCash' },
  'POST /api/performance/sync': { via: 'rider.syncPerformance' },
  'POST /api/rider/region': { via: 'rider.setRegion' },
  'POST /api/ocr/submit': { via: 'ocr.submit' },
  'POST /api/ocr/process': { via: 'ocr.process' },
  'GET /api/rider/duty': { via: 'rider.duty' },
  'POST /api/rider/duty/start': { via: 'rider.dutyStart' },
  'POST /api/rider/duty/end': { via: 'rider.dutyEnd' },
  'POST /api/rider/duty/break/start': { via: 'rider.breakStart' },
  'POST /api/rider/duty/break/end': { via: 'rider.breakEnd' },
  'GET /api/rider/orders': { via: 'rider.orders' },
  'POST /api/rider/orders/:orderId/status': { via: 'rider.setOrderStatus' },
  'GET /api/rider/offers': { via: 'rider.offers' },
  'POST /api/rider/offers/:id/accept': { via: 'rider.acceptOffer' },
  'POST /api/rider/offers/:id/decline': { via: 'rider.declineOffer' },
  'POST /api/contact/submit': { via: 'contact.submit' },
  'POST /api/support/tickets': { via: 'contact.tickets.create' },
  'GET /api/track/:code': { via: 'tracking.publicOrder' },
  'POST /api/ai/analysis': { via: 'ai.analysis' },
  'POST /api/ai/chat': { via: 'ai.salesChat' },
  'POST /api/notify-email': { via: 'ai.notifyEmail' },
  'GET /api/ai/download-report/:userId': { via: 'ai.downloadReport' },
  'PUT /api/documents/:id/photo': { gate: COMPANY, owner: 'company', why: "the rider's company adds or replaces the photo" },
  'GET /api/documents/:id/photo': { gate: SIGNED_IN, owner: 'rider', why: 'its company, its rider or an admin' },
  'DELETE /api/documents/:id/photo': { gate: COMPANY, owner: 'company' },
  'GET /api/orders/:id/proof-photo': { gate: can_('view-analytics'), owner: 'company', why: "the order's company and admins; no rider, not even the one who took it" },
  'ALL /mcp': { excluded: 'bearer API tokens, not sessions: the token user is scoped as in tRPC (rest/mcp-http tests)' },
};

/** The access rule of a REST route, following `via` to its procedure's. */
export function restRule(route: string): Access | { excluded: string } | undefined {
  const entry = REST_ACCESS[route];
  if (!entry || !('via' in entry)) return entry;
  return PROCEDURE_ACCESS[entry.via];
}

/** Whether a signed-in user of `role` gets past `gate` (the permissions table decides). */
export function gateAdmits(gate: Gate, role: Role | null): boolean {
  if (gate.kind === 'public') return true;
  if (role === null) return false;
  switch (gate.kind) {
    case 'signed-in':
      return true;
    case 'can':
      return can(role, gate.permission);
    case 'acts-as':
      return ROLE_HOME[role] === `/${gate.portal}` && can(role, `access-${gate.portal}-portal`) && (!gate.also || can(role, gate.also));
  }
}
