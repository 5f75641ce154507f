import { z } from 'zod';
import { apiError } from '../../../shared/schemas/api-v1';
import type { ApiRoute } from './route';

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a zod schema, as the request is sent (`input`) or the answer read. */
const schemaOf = (s: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
  return rest;
};

/** Named schemas go to components: their `$defs` and `$ref`s are rewritten to OpenAPI's place for them. */
function component(s: z.ZodType, io: 'input' | 'output', components: Record<string, unknown>) {
  const json = JSON.parse(JSON.stringify(schemaOf(s, io)).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
  const { $defs, ...rest } = json as { $defs?: Record<string, unknown> };
  Object.assign(components, $defs ?? {});
  // zod leaves out the examples of a schema with defaults when it writes the request side: they are the request's, keep them.
  const meta = z.globalRegistry.get(s);
  const named = meta?.id ? (components[meta.id] as Record<string, unknown> | undefined) : undefined;
  if (named && meta?.examples && !named.examples) named.examples = meta.examples;
  return rest;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: a field, the query, the Idempotency-Key or the JSON itself.',
  401: 'No or a bad API token (and no portal session).',
  403: 'Not a company account, or a cross-origin browser request.',
  404: 'No such order of your company.',
  409: 'The order changed meanwhile, can no longer do this, or the Idempotency-Key was used with another body.',
  413: 'The body is larger than 1 MB.',
  429: 'Too many calls or bad tokens: wait for Retry-After seconds.',
};

const openApiPath = (p: string) => `/api${p.replace(/:(\w+)/g, '{$1}')}`;

function queryParameters(s: z.ZodType, components: Record<string, unknown>) {
  const json = component(s, 'input', components) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema }));
}

/** The OpenAPI 3.1 document of /api/v1, generated from the routes the app mounts and their zod schemas. */
export function openApiDocument(routes: readonly ApiRoute[], serverUrl?: string) {
  const components: Record<string, unknown> = {};
  const errorRef = component(apiError, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters = [
      ...(r.path.includes(':id') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : []),
      ...(r.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: h.required, description: h.description, schema: { type: 'string', minLength: 1, maxLength: 255 } })),
      ...(r.query ? queryParameters(r.query, components) : []),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(r.responses)) {
      responses[status] = { description: res.description, content: { 'application/json': { schema: component(res.schema, 'output', components) } } };
    }
    for (const status of r.public ? [] : [400, 401, 403, ...(r.errors ?? []), ...(r.body ? [413] : []), 429].sort()) {
      responses[String(status)] = { description: ERROR_TEXT[status], content: { 'application/json': { schema: errorRef } } };
    }
    (paths[openApiPath(r.path)] ??= {})[r.method] = {
      operationId: r.operationId,
      ...(r.public ? { security: [] } : {}),
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: component(r.body, 'input', components) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'KWT Delivery order API',
      version: '1.0.0',
      description: 'Orders, riders and dispatch settings of your company, for shops and their systems. Guide: docs/api.md.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiToken: [] }, { portalSession: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', description: 'A company API token (kwt_…), made under Account → API tokens.' },
        portalSession: { type: 'apiKey', in: 'cookie', name: 'kwt_session', description: "The company portal's session." },
      },
    },
  };
}
