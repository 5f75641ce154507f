import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { t } from '../../../shared/i18n';
import { errorBody } from '../../http/errors';
import { apiActor, type ApiV1Env } from './actor';
import { FLEET_ROUTES } from './fleet';
import { openApiDocument } from './openapi';
import { ORDER_ROUTES } from './orders';
import { mountRoutes, type ApiRoute } from './route';

const OPENAPI_ROUTE: ApiRoute = {
  method: 'get',
  path: '/v1/openapi.json',
  operationId: 'openApiDocument',
  summary: 'This document',
  public: true,
  responses: { 200: { description: 'The OpenAPI 3.1 document of /api/v1.', schema: z.object({ openapi: z.literal('3.1.0') }).loose() } },
  handle: async (c) => ({ status: 200, body: openApiDocument(API_V1_ROUTES, `${c.var.origin ?? new URL(c.req.url).origin}`) }),
};

/** Every endpoint of the shop order API, in the order the document lists them. */
export const API_V1_ROUTES: readonly ApiRoute[] = [...ORDER_ROUTES, ...FLEET_ROUTES, OPENAPI_ROUTE];

/**
 * The shop order API (issue 25, item 5; docs/api.md), mounted under /api: a company's orders, riders and dispatch
 * settings for its shops' systems, by API token or portal session (actor.ts). An unknown /api/v1 path is a JSON 404.
 */
export function apiV1(db: Db) {
  const api = new Hono<ApiV1Env>();
  mountRoutes(api, API_V1_ROUTES, apiActor(db));
  api.all('/v1/*', (c) => c.json(errorBody('NOT_FOUND', t('shopApi.noRoute')), 404));
  return api;
}
