import { beforeAll, describe, expect } from 'bun:test';
import fc from 'fast-check';
import { announceSeed, fuzzParams, fuzzTest } from '../../../test/fuzz/config';
import { expectNoPollution, expectRestError, fuzzWorld, jsonOf, dbState, expectNoWrite, send, type FuzzWorld, type Role } from '../../../test/fuzz/harness';
import { kuwaitOrder } from '../../../test/api-v1';
import { encodeQueryValue, hostileInput, MALFORMED_JSON, ODD_STRINGS, toJsonText } from '../../../test/fuzz/hostile';
import { createApiToken } from '../services/identity';

/**
 * The REST routes outside shims.ts (CSV and report downloads, document photos by id, the login
 * navigations, MCP over HTTP), tRPC batches, and hostile headers (session cookie, idempotency key,
 * language). Query strings, path segments and headers carry odd text; no answer is a 5xx, every JSON
 * refusal has the error shape, and nothing is written.
 */
let fw: FuzzWorld;
let mcpToken: string;
const odd = fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('2026-11-22', '2026-13-40', '١٤٤٧-٠٥-٠١', 'x'.repeat(10_000)));

beforeAll(async () => {
  announceSeed();
  fw = await fuzzWorld();
  mcpToken = (await createApiToken(fw.db, fw.world.admin.id, 'fuzz')).token;
});

/**
 * An answer that is not a 5xx; every 4xx is JSON in the REST shape, whatever its Content-Type says (a CSV
 * or photo route refuses in JSON too). Redirects (the login navigations' 302) carry no body to check.
 * Answers the status.
 */
async function answered(res: Response, what: string): Promise<number> {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    expect(`${what}: ${(res.headers.get('content-type') ?? 'none').split(';')[0]}`).toBe(`${what}: application/json`);
    expectRestError(await jsonOf(res, what), res.status);
  }
  return res.status;
}

/** `request` answers without a 5xx and changes no row count. */
async function quiet(what: string, request: () => Promise<Response>): Promise<number> {
  const before = await dbState(fw.db);
  const status = await answered(await request(), what);
  await expectNoWrite(fw.db, before);
  expectNoPollution();
  return status;
}

const GETS: { path: (v: string) => string; role: Role; ok: number[] }[] = [
  { path: (v) => `/api/company/reconciliation.csv?date=${v}`, role: 'company', ok: [200, 400] },
  { path: (v) => `/api/company/reports/weekly.csv?weekStart=${v}`, role: 'company', ok: [200, 400] },
  { path: (v) => `/api/company/orders/template.csv?region=${v}`, role: 'visitor', ok: [200] },
  { path: (v) => `/api/reports/${v}.csv`, role: 'admin', ok: [400, 404] },
  { path: (v) => `/api/reports/${v}.json`, role: 'admin', ok: [400, 404] },
  { path: (v) => `/api/documents/${v}/photo`, role: 'company', ok: [404] },
  { path: (v) => `/api/track/${v}`, role: 'visitor', ok: [400, 404] },
  { path: (v) => `/api/ai/download-report/${v}`, role: 'admin', ok: [400, 403, 404] },
  { path: (v) => `/api/login?redirect=${v}`, role: 'visitor', ok: [302] },
  { path: (v) => `/api/login/google/callback?code=${v}&state=${v}`, role: 'visitor', ok: [302] },
  { path: (v) => `/api/v1/orders/${v}`, role: 'company', ok: [404] },
  { path: (v) => `/api/v1/orders?status=${v}&from=${v}`, role: 'company', ok: [400] },
  { path: (v) => `/api/v1/orders?page=${v}`, role: 'company', ok: [200, 400] },
];

describe('odd text in query strings and path segments', () => {
  for (const route of GETS) {
    fuzzTest(route.path('…'), async () => {
      await fc.assert(
        fc.asyncProperty(odd, async (value) => {
          const status = await quiet(route.path(value), () => send(fw, route.role, route.path(encodeQueryValue(value))));
          expect(route.ok).toContain(status);
        }),
        fuzzParams(12),
      );
    });
  }

  fuzzTest('DELETE /api/documents/:id/photo with a hostile id: 404', async () => {
    for (const id of ['%00', '%D8%A1', '..%2F..%2F', 'x'.repeat(5_000), '__proto__', '%ED%A0%80'])
      expect(await quiet(id, () => send(fw, 'company', `/api/documents/${id}/photo`, { method: 'DELETE' }))).toBe(404);
  });
});

describe('hostile headers', () => {
  fuzzTest('a forged or garbled session cookie is a visitor, never an error', async () => {
    await fc.assert(
      fc.asyncProperty(odd, async (value) => {
        const cookie = `kwt_session=${encodeQueryValue(value)}`;
        const res = await send(fw, 'visitor', '/api/auth/user', { headers: { cookie } });
        expect(await answered(res, 'auth/user')).toBeLessThan(500);
        const trpc = await send(fw, 'visitor', '/api/trpc/company.profile', { headers: { cookie } });
        expect(trpc.status).toBe(401);
      }),
      fuzzParams(12),
    );
  });

  fuzzTest('an odd Idempotency-Key or Accept-Language is refused or ignored, never an error', async () => {
    const keys = fc.constantFrom('', ' ', 'short', 'ok-key-1234567890', 'x'.repeat(500), '١٢٣٤٥٦٧٨٩٠', 'key\twith\ttabs', '__proto__');
    const langs = fc.constantFrom('ar', 'ar-KW;q=0.9', '*', 'x'.repeat(2_000), 'en;q=NaN', ';;;', 'zz-ZZ');
    await fc.assert(
      fc.asyncProperty(keys, langs, async (key, lang) => {
        // Header values are bytes: Arabic text arrives as its UTF-8 bytes read as Latin-1.
        const bytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
        const headers = { 'content-type': 'application/json', 'idempotency-key': bytes(key), 'accept-language': bytes(lang) };
        const res = await send(fw, 'rider', '/api/rider/region', { method: 'POST', headers, body: '{"region":"mars"}' });
        expect(await answered(res, 'rider/region')).toBe(400);
      }),
      fuzzParams(12),
    );
  });
});

describe('the shop order API (/api/v1)', () => {
  // A well-formed order promised in the past: refused (400) even when the fuzz leaves it whole, so nothing is written.
  const ORDER = kuwaitOrder({ promisedAt: '2020-01-01T00:00:00Z' });
  fuzzTest('POST /api/v1/orders with hostile bodies and keys: a 4xx in the error shape, nothing written', async () => {
    const bodies = fc.oneof(
      fc.constantFrom(...MALFORMED_JSON),
      hostileInput(['customer', 'pickup', 'dropoff', 'currency', 'fee', 'cashToCollect', 'promisedAt', 'autoDispatch']).map(toJsonText),
      hostileInput(['lat', 'lng']).map((location) => toJsonText({ ...ORDER, pickup: { ...ORDER.pickup, location } })),
      fc.constantFrom(...ODD_STRINGS).map((fee) => toJsonText({ ...ORDER, fee })),
      // Valid but for the promise in the past: refused after the parse, still nothing written.
      fc.constant(toJsonText(ORDER)),
    );
    const keys = fc.constantFrom('', 'ok-key-1', 'x'.repeat(300), 'key with space', '__proto__', '\u0001');
    await fc.assert(
      fc.asyncProperty(bodies, keys, async (body, key) => {
        const headers = { 'content-type': 'application/json', 'idempotency-key': key };
        const status = await quiet('v1/orders', () => send(fw, 'company', '/api/v1/orders', { method: 'POST', headers, body }));
        expect([400, 413]).toContain(status);
      }),
      fuzzParams(30),
    );
  });

  fuzzTest('a forged bearer token on /api/v1: 401 with WWW-Authenticate', async () => {
    for (const auth of ['Bearer', 'Bearer ', 'Bearer kwt_\u0000', `Bearer ${'x'.repeat(5_000)}`, 'Basic YTpi', 'Bearer kwt_١٢٣']) {
      const res = await send(fw, 'visitor', '/api/v1/riders', { headers: { authorization: encodeURI(auth) } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer realm="kwt-delivery-api"');
      expectRestError(await res.json(), 401);
    }
  });

  fuzzTest('PUT /api/v1/dispatch/settings with hostile bodies: 400 (413 past 1 MB), nothing written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...MALFORMED_JSON), hostileInput(['mode', 'offerSeconds', 'maxAttempts', 'batchRadiusMeters', 'maxLoad']).map(toJsonText)), async (body) => {
        const status = await quiet('v1/dispatch/settings', () => send(fw, 'company', '/api/v1/dispatch/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body }));
        expect([400, 413]).toContain(status);
      }),
      fuzzParams(20),
    );
  });
});

describe('tRPC batches', () => {
  fuzzTest('a batch of hostile inputs answers per call, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileInput(['id', 'riderId', 'date']), fc.constantFrom(...MALFORMED_JSON, '{"0":{"x":1},"1":null}', '[]', '{"__proto__":{"polluted":1}}'), async (input, raw) => {
        const paths = 'company.orderDetail,company.riderLedger,company.reconciliation';
        const batch = `{"0":${toJsonText(input)},"1":${toJsonText(input)},"2":${toJsonText(input)}}`;
        for (const body of [batch, raw]) {
          const res = await send(fw, 'company', `/api/trpc/${paths}?batch=1&input=${encodeQueryValue(body)}`);
          expect(res.status).toBeLessThan(500);
          const answer = await jsonOf(res, paths);
          const items = Array.isArray(answer) ? answer : [answer];
          for (const item of items) if ('error' in item) expect((item as { error: { data: { httpStatus: number } } }).error.data.httpStatus).toBeLessThan(500);
        }
        expectNoPollution();
      }),
      fuzzParams(10),
    );
  });
});

describe('POST /mcp', () => {
  fuzzTest('a forged bearer token: 401 with WWW-Authenticate', async () => {
    for (const auth of ['Bearer', 'Bearer ', 'Bearer kwt_\u0000', `Bearer ${'x'.repeat(5_000)}`, 'Basic YTpi', 'Bearer kwt_١٢٣']) {
      const res = await send(fw, 'visitor', '/mcp', { method: 'POST', headers: { authorization: encodeURI(auth), 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer realm="kwt-delivery-mcp"');
      expectRestError(await res.json(), 401);
    }
  });

  fuzzTest('hostile JSON-RPC with a real token never gets a 5xx', async () => {
    const bodies = fc.oneof(
      fc.constantFrom(...MALFORMED_JSON),
      hostileInput(['jsonrpc', 'method', 'id', 'params']).map(toJsonText),
      fc.tuple(fc.constantFrom('tools/call', 'tools/list', 'initialize', '__proto__'), hostileInput(['name', 'arguments'])).map(([method, params]) =>
        toJsonText({ jsonrpc: '2.0', id: 1, method, params }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const headers = { authorization: `Bearer ${mcpToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
        const before = await dbState(fw.db);
        const res = await send(fw, 'visitor', '/mcp', { method: 'POST', headers, body });
        expect(res.status).toBeLessThan(500);
        const text = await res.text();
        // Refusals inside the protocol are JSON-RPC errors ({ jsonrpc: '2.0', error: { code, message }, id });
        // the HTTP layer's own (413 over 1 MB) have the REST shape.
        if (res.status >= 400) {
          const answer = JSON.parse(text) as { jsonrpc?: string; error: { code: unknown; message: unknown } };
          if (answer.jsonrpc) expect([answer.jsonrpc, typeof answer.error.code, typeof answer.error.message]).toEqual(['2.0', 'number', 'string']);
          else expectRestError(answer, res.status);
        }
        await expectNoWrite(fw.db, before, { statement: "the token’s last-use stamp (services/identity/api-tokens.ts authenticateApiToken)" });
        expectNoPollution();
      }),
      fuzzParams(20),
    );
  });

  fuzzTest('over 1 MB: 413', async () => {
    const headers = { authorization: `Bearer ${mcpToken}`, 'content-type': 'application/json' };
    const res = await send(fw, 'visitor', '/mcp', { method: 'POST', headers, body: `"${'x'.repeat(1_100_000)}"` });
    expect(res.status).toBe(413);
    expectRestError(await res.json(), 413);
  });
});
