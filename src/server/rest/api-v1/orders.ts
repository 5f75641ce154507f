import type { Context } from 'hono';
import { apiOrder, apiOrderCreate, apiOrderCreated, apiOrderListQuery, apiOrderPage, idempotencyKeyHeader, type ApiOrderCreate, type ApiOrderListQuery } from '../../../shared/schemas/api-v1';
import { invalid } from '../../errors';
import { offerOf } from '../../services/dispatch';
import { apiOrderDetail, apiOrderList, cancelCompanyOrder, createApiOrder, trackingUrl } from '../../services/orders';
import type { ApiV1Env } from './actor';
import type { ApiRoute } from './route';
import { msg } from '../../../shared/i18n/message';
import { inDecimals } from '../../../shared/money-wire';

/** This server's origin as the caller sees it (APP_URL when set): for the tracking links. */
const originOf = (c: Context<ApiV1Env>) => c.var.origin ?? new URL(c.req.url).origin;

/** GET /api/v1/orders/{id}'s answer: the order, its timeline, and the offer out for it (dispatch's). */
async function orderView(c: Context<ApiV1Env>, id: string) {
  const { db, companyId } = c.var;
  const detail = await apiOrderDetail(db, companyId, id, originOf(c));
  const offer = await offerOf(db, detail.id);
  return inDecimals({ ...detail, offer: offer ? { riderId: offer.riderId, expiresAt: offer.expiresAt.toISOString() } : null });
}

export const ORDER_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/v1/orders',
    operationId: 'createOrder',
    summary: 'Create an order',
    description:
      'Creates an order of your company and, with autoDispatch (default: your dispatch mode), offers it to the best rider at once. The same Idempotency-Key with the same body returns the order already made (200, header Idempotent-Replayed: true); with another body it is refused (409).',
    body: apiOrderCreate,
    headers: [{ name: 'Idempotency-Key', required: true, description: '1 to 255 visible ASCII characters, unique per order (a UUID): a retry with the same key never makes a second order.' }],
    responses: {
      201: { description: 'The order was created.', schema: apiOrderCreated },
      200: { description: 'This key already made this order (a retry): the same order, as it is now.', schema: apiOrderCreated },
    },
    errors: [409],
    handle: async (c, { body }) => {
      const key = idempotencyKeyHeader.safeParse(c.req.header('idempotency-key') ?? '');
      if (!key.success) throw invalid(msg('shopApi.keyRequired'), 'Idempotency-Key');
      const input = body as ApiOrderCreate;
      const { db, actor, companyId } = c.var;
      const { created, order } = await createApiOrder(db, actor.userId, companyId, key.data, input);
      const answer = { id: order.id, status: order.status, trackingUrl: trackingUrl(originOf(c), order.trackingCode) };
      const location = { Location: `/api/v1/orders/${order.id}` };
      return created ? { status: 201, body: answer, headers: location } : { status: 200, body: answer, headers: { ...location, 'Idempotent-Replayed': 'true' } };
    },
  },
  {
    method: 'get',
    path: '/v1/orders',
    operationId: 'listOrders',
    summary: 'List orders',
    description: 'Your orders, newest first, filtered by status and by creation time (from inclusive, to exclusive), a page at a time.',
    query: apiOrderListQuery,
    responses: { 200: { description: 'A page of orders.', schema: apiOrderPage } },
    handle: async (c, { query }) => ({ status: 200, body: inDecimals(await apiOrderList(c.var.db, c.var.companyId, query as ApiOrderListQuery, originOf(c))) }),
  },
  {
    method: 'get',
    path: '/v1/orders/:id',
    operationId: 'getOrder',
    summary: 'Get an order',
    description: "The order's status, rider, open offer, ETAs and timeline. Another company's order is 404.",
    responses: { 200: { description: 'The order.', schema: apiOrder } },
    errors: [404],
    handle: async (c, { id }) => ({ status: 200, body: await orderView(c, id) }),
  },
  {
    method: 'post',
    path: '/v1/orders/:id/cancel',
    operationId: 'cancelOrder',
    summary: 'Cancel an order',
    description: 'Cancels an order that is not picked up yet; once picked up, delivered, failed or cancelled it is 409.',
    responses: { 200: { description: 'The order, now cancelled.', schema: apiOrder } },
    errors: [404, 409],
    handle: async (c, { id }) => {
      await cancelCompanyOrder(c.var.db, c.var.actor.userId, c.var.companyId, id);
      return { status: 200, body: await orderView(c, id) };
    },
  },
];
