import type { Context } from 'hono';
import { mapError } from './errors';

/**
 * Runs a check (a rate limit) ahead of a Hono handler: null when it passes, else the REST answer of its
 * error (the error shape, and Retry-After for a 429), for routes outside the REST shims' error path.
 */
export async function refusal(c: Context, check: () => Promise<void>): Promise<Response | null> {
  try {
    await check();
    return null;
  } catch (err) {
    const mapped = mapError(err);
    if (mapped.retryAfter) c.header('Retry-After', String(mapped.retryAfter));
    return c.json(mapped.body, mapped.status as 429);
  }
}
