import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { invalid } from '../../errors';
import { restBodyLimit } from '../../http/body-limit';
import { mapError } from '../../http/errors';
import type { ApiV1Env } from './actor';
import { msg } from '../../../shared/i18n/message';

/** What a handler answers: a status, a JSON body and any extra headers. */
export interface Answer {
  status: 200 | 201;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * One endpoint of /api/v1: the handler and everything the OpenAPI document says of it, in one place, so the
 * document (openapi.ts) is generated from the routes the app serves and the schemas that parse them.
 */
export interface ApiRoute {
  method: 'get' | 'post' | 'put';
  /** Hono's path under /api: '/v1/orders/:id'. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Served without the actor check (the OpenAPI document itself). */
  public?: true;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Request headers besides Authorization. */
  headers?: { name: string; required: boolean; description: string }[];
  responses: Partial<Record<200 | 201, { description: string; schema: z.ZodType }>>;
  /** Error statuses this route answers besides 400, 401, 403, 413 and 429 (which every route may). */
  errors?: (404 | 409)[];
  handle: (c: Context<ApiV1Env>, input: { body: unknown; query: unknown; id: string }) => Promise<Answer>;
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(msg('shopApi.badJson'));
  }
}

/** Register the routes on `api`: parse (zod), call, answer; every failure in the one error shape, never a 500 for bad input. */
export function mountRoutes(api: Hono<ApiV1Env>, routes: readonly ApiRoute[], actor: MiddlewareHandler<ApiV1Env>) {
  for (const r of routes) {
    const method = r.method.toUpperCase();
    if (!r.public) api.on(method, r.path, actor);
    if (r.body) api.on(method, r.path, restBodyLimit(r.path));
    api.on(method, r.path, async (c) => {
      try {
        const body = r.body ? r.body.parse(await jsonBody(c)) : undefined;
        const query = r.query ? r.query.parse(c.req.query()) : undefined;
        const out = await r.handle(c, { body, query, id: c.req.param('id') ?? '' });
        return c.json(out.body, out.status, out.headers);
      } catch (err) {
        const mapped = mapError(err);
        if (mapped.retryAfter) c.header('Retry-After', String(mapped.retryAfter));
        return c.json(mapped.body, mapped.status as 400);
      }
    });
  }
}
