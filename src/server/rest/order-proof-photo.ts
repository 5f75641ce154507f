import { Hono } from 'hono';
import { mapError } from '../http/errors';
import { readProofPhoto } from '../services/orders';
import type { AppVariables } from '../trpc/context';

/**
 * GET /api/orders/:id/proof-photo: the photo the rider took at the door (issue 21, item 4), for the order's
 * company and admins only (services/orders/order-proof.ts).
 */
export function orderProofPhoto() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/orders/:id/proof-photo', async (c) => {
    try {
      const photo = await readProofPhoto(c.var.db, c.var.actor, c.req.param('id'), c.var.config.CAPTURES_DIR);
      return c.body(photo.bytes, 200, {
        'Content-Type': photo.contentType,
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': 'inline',
      });
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
  return api;
}
