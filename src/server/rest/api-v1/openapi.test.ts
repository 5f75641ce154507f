import { beforeAll, describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { apiWorld, call, type ApiWorld } from '../../../../test/api-v1';
import * as wire from '../../../shared/schemas/api-v1';

/** GET /api/v1/openapi.json: generated from the routes and their zod schemas, so it lists every route and its examples parse. */
let x: ApiWorld;
let doc: { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>; components: { schemas: Record<string, { examples?: unknown[] }> } };
beforeAll(async () => {
  x = await apiWorld();
  const res = await call(x.app, 'GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json as unknown as typeof doc;
});

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1, public, with the server it is served from', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((doc as unknown as { servers: { url: string }[] }).servers).toEqual([{ url: 'http://localhost' }]);
  });

  test('lists every /api/v1 route the app serves, and nothing else', () => {
    const served = x.app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect([...new Set(served)].sort()).toEqual(documented.sort());
    expect(documented).toContain('post /api/v1/orders');
    expect(documented).toHaveLength(8);
  });

  test('every example in the document parses with the schema it comes from', () => {
    const byId = new Map<string, z.ZodType>();
    for (const value of Object.values(wire)) {
      const id = value instanceof z.ZodType ? z.globalRegistry.get(value)?.id : undefined;
      if (id) byId.set(id, value as z.ZodType);
    }
    const withExamples = Object.entries(doc.components.schemas).filter(([, c]) => c.examples?.length);
    expect(withExamples.map(([name]) => name).sort()).toEqual(['DispatchSettings', 'DispatchSettingsUpdate', 'Error', 'Order', 'OrderCreate', 'OrderCreated', 'Rider']);
    for (const [name, component] of withExamples) {
      for (const example of component.examples!) {
        const parsed = byId.get(name)!.safeParse(example);
        expect(parsed.success ? `${name}: ok` : `${name}: ${parsed.error.message}`).toBe(`${name}: ok`);
      }
    }
  });

  test('an error is documented for every refusal a route can give', () => {
    const create = doc.paths['/api/v1/orders']!.post!;
    expect(Object.keys(create.responses).sort()).toEqual(['200', '201', '400', '401', '403', '409', '413', '429']);
    expect(Object.keys(doc.paths['/api/v1/orders/{id}']!.get!.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
  });
});
