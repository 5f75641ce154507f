import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, riders, webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { toDecimalString, type Currency } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/schemas/oversight';
import type { WebhookCreateInput, WebhookEvent, WebhookEventOrPing } from '../../../shared/schemas/webhooks';
import { conflict, invalid, notFound } from '../../errors';
import { kickWebhookDispatcher } from './webhook-dispatch';
import { assertSafeWebhookUrl, type GuardOptions } from './webhook-guard';
import { log } from '../../log';
import { msg, readStoredMessage } from '../../../shared/i18n/message';

export { dispatchDue, startWebhookDispatcher, stopWebhookDispatcher, signPayload } from './webhook-dispatch';

/** A company's endpoints: enough for several systems, few enough that one event stays cheap. */
export const MAX_ENDPOINTS_PER_COMPANY = 10;

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
};

/** The company's endpoints, without their secrets. */
export function listWebhooks(db: Db, companyId: string) {
  return db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(desc(webhookEndpoints.createdAt));
}

/** Register an endpoint. The secret (32 random bytes, hex) is in this answer and never again. */
export async function createWebhook(db: Db, companyId: string, input: WebhookCreateInput, guard: GuardOptions) {
  const url = (await assertSafeWebhookUrl(input.url, guard)).href;
  const existing = await listWebhooks(db, companyId);
  if (existing.length >= MAX_ENDPOINTS_PER_COMPANY) throw invalid(msg('errors.webhookLimit', { max: MAX_ENDPOINTS_PER_COMPANY }), 'url');
  if (existing.some((e) => e.url === url)) throw conflict(msg('errors.webhookDuplicate'), 'url');
  const secret = randomBytes(32).toString('hex');
  const [endpoint] = await db.insert(webhookEndpoints).values({ companyId, url, secret, events: input.events }).returning(endpointColumns);
  return { endpoint: endpoint!, secret };
}

async function ownEndpoint(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  // Another company's endpoint is "not found": ids don't leak.
  if (!row) throw notFound(msg('errors.webhookNotFound'));
  return row;
}

export async function deleteWebhook(db: Db, companyId: string, id: string) {
  await ownEndpoint(db, companyId, id);
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  return { success: true as const };
}

export async function setWebhookActive(db: Db, companyId: string, id: string, active: boolean) {
  await ownEndpoint(db, companyId, id);
  await db.update(webhookEndpoints).set({ active }).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  return { success: true as const, active };
}

/** What the delivery log shows of a delivery: every column but the payload it sent. */
const { payload: _, ...LOGGED_COLUMNS } = getTableColumns(webhookDeliveries);

/** The delivery log of the company's endpoints (or one of them), newest first. */
export async function webhookDeliveryLog(db: Db, companyId: string, opts: { endpointId?: string; limit?: number } = {}) {
  if (opts.endpointId) await ownEndpoint(db, companyId, opts.endpointId);
  const where = opts.endpointId
    ? and(eq(webhookEndpoints.companyId, companyId), eq(webhookDeliveries.endpointId, opts.endpointId))
    : eq(webhookEndpoints.companyId, companyId);
  const rows = await db
    .select({ ...LOGGED_COLUMNS, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(opts.limit ?? 50);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({
    ...r,
    lastError: r.lastError === null ? null : readStoredMessage(r.lastError),
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: r.createdAt.toISOString(),
    deliveredAt: iso(r.deliveredAt),
  }));
}

async function record(db: Db, endpointIds: string[], event: WebhookEventOrPing, payload: unknown, now = new Date()) {
  if (!endpointIds.length) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ endpointId, event, payload, nextAttemptAt: now, createdAt: now })))
    .returning({ id: webhookDeliveries.id });
  kickWebhookDispatcher();
  return rows.map((r) => r.id);
}

/** A ping to one endpoint, whatever its events; tried once, shown in the delivery log. */
export async function sendTestEvent(db: Db, companyId: string, id: string) {
  const endpoint = await ownEndpoint(db, companyId, id);
  if (!endpoint.active) throw invalid(msg('errors.webhookEnableFirst'), 'id');
  const [deliveryId] = await record(db, [endpoint.id], 'ping', { message: 'Test event from KWT Delivery' });
  return { success: true as const, deliveryId: deliveryId! };
}

/**
 * Record one delivery per active endpoint of the company that wants `event`,
 * and wake the dispatcher. Never throws: an event lost to a failure here is
 * logged, and the write that caused it stands.
 */
export async function emitCompanyEvent(db: Db, companyId: string, event: WebhookEvent, payload: unknown | (() => Promise<unknown>)): Promise<number> {
  try {
    const endpoints = await db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.active, true)));
    const wanted = endpoints.filter((e) => e.events.includes(event)).map((e) => e.id);
    if (!wanted.length) return 0;
    const data = typeof payload === 'function' ? await (payload as () => Promise<unknown>)() : payload;
    return (await record(db, wanted, event, data)).length;
  } catch (err) {
    log.error(`webhook event ${event} for company ${companyId} was not recorded`, err);
    return 0;
  }
}

type OrderRow = typeof orders.$inferSelect;

/** The order events' data: what a company's own systems need to match the order (dispatch's order.offered adds its offer). */
export async function orderPayload(db: Db, o: OrderRow, rider?: { id: string; name: string }) {
  const riderName = !o.riderId
    ? null
    : rider?.id === o.riderId
      ? rider.name
      : ((await db.query.riders.findFirst({ where: eq(riders.id, o.riderId), columns: { name: true } }))?.name ?? null);
  return {
    orderId: o.id,
    trackingCode: o.trackingCode,
    status: o.status,
    customerName: o.customerName,
    deliveryAddress: o.deliveryAddress,
    fee: toDecimalString(o.deliveryFeeMinor, o.currency),
    currency: o.currency,
    riderId: o.riderId ?? null,
    riderName,
  };
}

export function emitOrderEvent(db: Db, order: OrderRow, event: WebhookEvent, rider?: { id: string; name: string }) {
  return emitCompanyEvent(db, order.companyId, event, () => orderPayload(db, order, rider));
}

/** Issue 25: the drop-off ETA moved (3 min or more: routing/etas.ts decides), with the ETAs now and the one before. */
export function emitOrderEtaChanged(db: Db, order: OrderRow, previousDropoffAt: Date | null) {
  return emitCompanyEvent(db, order.companyId, 'order.eta_changed', async () => ({
    ...(await orderPayload(db, order)),
    etaPickupAt: order.etaPickupAt?.toISOString() ?? null,
    etaDropoffAt: order.etaDropoffAt?.toISOString() ?? null,
    previousEtaDropoffAt: previousDropoffAt?.toISOString() ?? null,
  }));
}

const STATUS_EVENTS: Partial<Record<OrderStatus, WebhookEvent>> = {
  assigned: 'order.assigned',
  picked_up: 'order.picked_up',
  delivered: 'order.delivered',
  failed: 'order.failed',
};

/** After a status change: the matching event, if the new status has one. */
export async function emitOrderStatusChange(db: Db, order: OrderRow): Promise<number> {
  const event = STATUS_EVENTS[order.status];
  return event ? emitOrderEvent(db, order, event) : 0;
}

export function emitRiderCreated(db: Db, r: typeof riders.$inferSelect) {
  return emitCompanyEvent(db, r.companyId, 'rider.created', {
    riderId: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    vehicleType: r.vehicleType,
    status: r.status,
    currency: r.region,
  });
}

/** For the cash hand-over service: one line after its insert. */
export function emitCashSubmitted(
  db: Db,
  rider: { id: string; name: string; companyId: string },
  s: { id: string; amountMinor: number; currency: Currency; status: string; submittedAt: Date },
) {
  return emitCompanyEvent(db, rider.companyId, 'cash.submitted', {
    submissionId: s.id,
    riderId: rider.id,
    riderName: rider.name,
    amount: toDecimalString(s.amountMinor, s.currency),
    currency: s.currency,
    status: s.status,
    submittedAt: s.submittedAt.toISOString(),
  });
}
