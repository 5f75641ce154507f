import { Hono, type Context } from 'hono';
import { withOutboxHeaders } from './outbox-headers';
import { createCaller } from '../trpc/root';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { restBodyLimit } from '../http/body-limit';
import { errorBody, mapError } from '../http/errors';

type Caller = ReturnType<typeof createCaller>;
/** `body` with the Idempotency-Key header folded in, so an outbox replay is applied once. */
type Input = { body: unknown; params: Record<string, string> };

interface Shim {
  method: 'get' | 'post';
  path: string;
  call: (caller: Caller, input: Input) => Promise<unknown>;
  /** Answer the result as a JSON file download with this name (as rest/report-downloads.ts does). */
  attachment?: (result: unknown) => string;
}

const obj = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/**
 * Every spec path (section 7) as a thin door onto the same tRPC procedure.
 * No logic here: parse the body, call, shape the answer.
 */
export const SHIMS: Shim[] = [
  { method: 'get', path: '/auth/user', call: (c) => c.auth.user() },
  { method: 'post', path: '/auth/login', call: (c, i) => c.auth.login(i.body as never) },
  { method: 'post', path: '/auth/logout', call: (c) => c.auth.logout() },
  { method: 'get', path: '/dashboard/admin', call: (c) => c.admin.stats() },
  { method: 'get', path: '/companies', call: (c) => c.admin.companies() },
  { method: 'post', path: '/admin/companies', call: (c, i) => c.admin.createCompany(i.body as never) },
  { method: 'post', path: '/admin/riders', call: (c, i) => c.admin.createRider(i.body as never) },
  { method: 'post', path: '/orders', call: (c, i) => c.admin.createOrder(i.body as never) },
  { method: 'post', path: '/google/sheets/sync', call: (c) => c.admin.syncSheets() },
  { method: 'post', path: '/reports/generate', call: (c, i) => c.admin.generateReport(i.body as never) },
  { method: 'get', path: '/company/riders', call: (c) => c.company.riders() },
  { method: 'post', path: '/company/riders', call: (c, i) => c.company.addRider(i.body as never) },
  { method: 'get', path: '/dashboard/rider', call: (c) => c.rider.dashboard() },
  { method: 'get', path: '/tracking/today', call: (c) => c.tracking.today() },
  {
    method: 'post',
    path: '/riders/:id/location',
    call: (c, i) => c.tracking.location({ ...obj(i.body), id: i.params.id } as never),
  },
  { method: 'post', path: '/contact/submit', call: (c, i) => c.contact.submit(i.body as never) },
  // The rider app's "Report a problem", sent through its outbox (issue 20): the Idempotency-Key opens one ticket.
  { method: 'post', path: '/support/tickets', call: (c, i) => c.contact.tickets.create(i.body as never) },
  { method: 'get', path: '/track/:code', call: (c, i) => c.tracking.publicOrder({ code: i.params.code ?? '' }) },
  { method: 'post', path: '/riders/:id/cash/submit', call: (c, i) => c.rider.submitCash({ ...obj(i.body), id: i.params.id } as never) },
  { method: 'post', path: '/performance/sync', call: (c, i) => c.rider.syncPerformance(i.body as never) },
  { method: 'post', path: '/rider/region', call: (c, i) => c.rider.setRegion(i.body as never) },
  { method: 'post', path: '/ocr/submit', call: (c, i) => c.ocr.submit(i.body as never) },
  { method: 'get', path: '/rider/duty', call: (c) => c.rider.duty() },
  { method: 'post', path: '/rider/duty/start', call: (c, i) => c.rider.dutyStart(i.body as never) },
  { method: 'post', path: '/rider/duty/end', call: (c, i) => c.rider.dutyEnd(i.body as never) },
  { method: 'post', path: '/rider/duty/break/start', call: (c, i) => c.rider.breakStart(i.body as never) },
  { method: 'post', path: '/rider/duty/break/end', call: (c, i) => c.rider.breakEnd(i.body as never) },
  { method: 'get', path: '/rider/orders', call: (c) => c.rider.orders() },
  { method: 'get', path: '/rider/offers', call: (c) => c.rider.offers() },
  { method: 'post', path: '/rider/offers/:id/accept', call: (c, i) => c.rider.acceptOffer({ offerId: i.params.id ?? '' }) },
  { method: 'post', path: '/rider/offers/:id/decline', call: (c, i) => c.rider.declineOffer({ offerId: i.params.id ?? '' }) },
  { method: 'post', path: '/rider/orders/:orderId/status', call: (c, i) => c.rider.setOrderStatus({ ...obj(i.body), orderId: i.params.orderId } as never) },
  { method: 'post', path: '/ai/analysis', call: (c, i) => c.ai.analysis(i.body as never) },
  // One path, two callers (spec section 7): the Support page sends userId/userRole, the visitor widget never does.
  {
    method: 'post',
    path: '/ai/chat',
    call: (c, i) => ('userId' in obj(i.body) || 'userRole' in obj(i.body) ? c.ai.supportChat(i.body as never) : c.ai.salesChat(i.body as never)),
  },
  { method: 'post', path: '/notify-email', call: (c, i) => c.ai.notifyEmail(i.body as never) },
  {
    method: 'get',
    path: '/ai/download-report/:userId',
    call: (c, i) => c.ai.downloadReport({ userId: i.params.userId ?? '' }),
    attachment: (report) => (report as { fileName: string }).fileName,
  },
];

async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text = await c.req.text();
  if (!text.trim()) return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function restShims() {
  const api = new Hono<{ Variables: AppVariables }>();
  for (const shim of SHIMS) {
    if (shim.method === 'post') api.post(shim.path, restBodyLimit(shim.path));
    api[shim.method](shim.path, async (c) => {
      const parsed = shim.method === 'post' ? await readJson(c) : { ok: true as const, body: undefined };
      if (!parsed.ok) return c.json(errorBody('BAD_REQUEST', 'Malformed JSON body'), 400);
      const resHeaders = new Headers();
      const caller = createCaller(contextFromVars(c.var, resHeaders));
      let status = 200;
      let body: unknown;
      try {
        body = await shim.call(caller, { body: withOutboxHeaders(parsed.body, c.req), params: c.req.param() as Record<string, string> });
      } catch (err) {
        const mapped = mapError(err);
        status = mapped.status;
        body = mapped.body;
        if (mapped.retryAfter) resHeaders.set('Retry-After', String(mapped.retryAfter));
      }
      const res =
        shim.attachment && status === 200
          ? c.body(JSON.stringify(body, null, 2), 200, {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition': `attachment; filename="${shim.attachment(body)}"`,
              'X-Content-Type-Options': 'nosniff',
            })
          : c.json(body ?? null, status as 200);
      resHeaders.forEach((value, key) => res.headers.append(key, value));
      return res;
    });
  }
  return api;
}
