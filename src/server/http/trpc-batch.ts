import type { MiddlewareHandler } from 'hono';
import { t } from '../../shared/i18n';
import { TRPC_MAX_BATCH } from '../../shared/trpc-batch';

/**
 * A batched request (/api/trpc/a,b,c?batch=1) runs every call it names: without a cap one request could run
 * a thousand. Past TRPC_MAX_BATCH the whole request is refused with 400 in tRPC's error shape, before any call
 * runs. Each call of an accepted batch goes through its procedure on its own, so every rate limit a procedure
 * applies (sign-in failures, chat, contact) counts each call, not each request. See docs/decisions/010-webhook-targets-batches-exports.md.
 */
export function trpcBatchLimit(): MiddlewareHandler {
  return async (c, next) => {
    const paths = c.req.path.replace(/^\/api\/trpc\/?/, '');
    const count = paths ? paths.split(',').length : 0;
    if (count <= TRPC_MAX_BATCH) return next();
    const message = t('errors.batchTooLarge', { max: TRPC_MAX_BATCH, count });
    return c.json({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, path: paths.slice(0, 200) } } }, 400);
  };
}
