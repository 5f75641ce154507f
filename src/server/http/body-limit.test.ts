import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { testEnv } from '../../../test/app';
import { expectRestError, expectTrpcError, fuzzWorld, send, dbState, expectNoWrite, type FuzzWorld, type Role } from '../../../test/fuzz/harness';
import { MAX_OCR_BYTES } from '../services/captures';
import { MAX_DOCUMENT_PHOTO_BYTES } from '../../shared/schemas/documents';
import { serveOptions } from '../serve';
import { MAX_FILE_JSON_BODY, MAX_JSON_BODY, MAX_REQUEST_BODY } from './body-limit';

/**
 * JSON bodies: 1 MB for every call, 32 MB for a signed-in caller of the two that carry a file (the order
 * CSV import, a rider's capture); refused by Content-Length before reading, or counted when there is none.
 */
let fw: FuzzWorld;
beforeAll(async () => {
  fw = await fuzzWorld();
});

const MB = 1024 * 1024;
/** A JSON object of `bytes` bytes: `{"<key>":"xxx…"}` plus `extra` fields. */
const jsonOf = (bytes: number, key = 'email', extra = '') => {
  const head = `{${extra}"${key}":"`;
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
};
const declared = (body: string) => ({ 'content-type': 'application/json', 'content-length': String(body.length) });

async function post(role: Role, path: string, body: string, headers: Record<string, string> = declared(body)) {
  const before = await dbState(fw.db);
  const res = await send(fw, role, path, { method: 'POST', headers, body });
  return { res, before };
}

describe('1 MB for every JSON call', () => {
  test('signed-out tRPC auth.login just over 1 MB: 413 in tRPC’s shape from Content-Length, nothing written', async () => {
    const ok = jsonOf(MB, 'email', '"password":"x",');
    const { res: small } = await post('visitor', '/api/trpc/auth.login', ok);
    expect(small.status).toBe(400);
    const body = jsonOf(MB + 1, 'email', '"password":"x",');
    const { res, before } = await post('visitor', '/api/trpc/auth.login', body);
    expect(res.status).toBe(413);
    const json = (await res.json()) as { error: { message: string; data: { code: string } } };
    expectTrpcError(json, 413, 'auth.login');
    expect([json.error.message, json.error.data.code]).toEqual(['The request is larger than 1 MB', 'PAYLOAD_TOO_LARGE']);
    await expectNoWrite(fw.db, before);
  });

  test('without a Content-Length the bytes are counted: the REST login over 1 MB is 413 in the REST shape, in Arabic too', async () => {
    const body = jsonOf(MB + 1, 'email', '"password":"x",');
    const answers: [string, string][] = [
      ['en', 'The request is larger than 1 MB'],
      ['ar', 'حجم الطلب أكبر من 1 ميغابايت'],
    ];
    for (const [lang, message] of answers) {
      const { res, before } = await post('visitor', '/api/auth/login', body, { 'content-type': 'application/json', 'accept-language': lang });
      expect(res.status).toBe(413);
      const json = (await res.json()) as { message: string; error: { code: string } };
      expectRestError(json, 413);
      expect([json.message, json.error.code]).toEqual([message, 'PAYLOAD_TOO_LARGE']);
      await expectNoWrite(fw.db, before);
    }
  });

  test('a rider’s location ping over 1 MB is left by the fast lane to the pipeline: 413, nothing stored', async () => {
    const body = jsonOf(MB + 1, 'note', '"lat":29.3,"lng":47.9,');
    for (const headers of [declared(body), { 'content-type': 'application/json' }]) {
      const { res, before } = await post('rider', `/api/riders/${fw.world.riderA.id}/location`, body, headers);
      expect(res.status).toBe(413);
      expectRestError(await res.json(), 413);
      await expectNoWrite(fw.db, before);
    }
  });
});

describe('32 MB where a file travels as JSON, for a signed-in caller', () => {
  const csvOver8MB = jsonOf(8 * MB + 4096, 'csv');

  test('company.importOrders: a 8 MB+ CSV passes the body limit and meets its schema (400); signed out it is 413 at 1 MB', async () => {
    const { res, before } = await post('company', '/api/trpc/company.importOrders', csvOver8MB);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('csv: The file is too large');
    await expectNoWrite(fw.db, before);
    const visitor = await post('visitor', '/api/trpc/company.importOrders', csvOver8MB);
    expect(visitor.res.status).toBe(413);
    expect(((await visitor.res.json()) as { error: { message: string } }).error.message).toBe('The request is larger than 1 MB');
  });

  test('company.importOrders over 32 MB: 413 before a byte is read', async () => {
    const huge = jsonOf(MAX_FILE_JSON_BODY + 1, 'csv');
    const { res, before } = await post('company', '/api/trpc/company.importOrders', huge);
    expect(res.status).toBe(413);
    const json = (await res.json()) as { error: { message: string } };
    expectTrpcError(json, 413, 'company.importOrders');
    expect(json.error.message).toBe('The request is larger than 32 MB');
    await expectNoWrite(fw.db, before);
  });

  test('a rider’s capture (REST /api/ocr/submit, tRPC ocr.submit) over 1 MB reaches its schema; another call does not', async () => {
    const capture = jsonOf(2 * MB, 'image', '"type":"receipt",');
    const rest = await post('rider', '/api/ocr/submit', capture);
    expect(rest.res.status).toBe(400);
    expect(((await rest.res.json()) as { error: { field: string } }).error.field).toBe('image');
    const trpc = await post('rider', '/api/trpc/ocr.submit', capture);
    expect(trpc.res.status).toBe(400);
    const other = await post('rider', '/api/trpc/rider.submitCash', capture);
    expect(other.res.status).toBe(413);
    await expectNoWrite(fw.db, rest.before);
  });
});

describe('Bun.serve (serve.ts)', () => {
  test('its own limit is above every route’s, so each route answers 413 in its error shape', () => {
    expect(MAX_REQUEST_BODY).toBeGreaterThan(MAX_FILE_JSON_BODY);
    expect(MAX_REQUEST_BODY).toBeGreaterThan(MAX_OCR_BYTES + MB);
    expect(MAX_REQUEST_BODY).toBeGreaterThan(MAX_DOCUMENT_PHOTO_BYTES + MB);
    expect(MAX_JSON_BODY).toBe(MB);
    expect(serveOptions(fw.db, testEnv()).maxRequestBodySize).toBe(MAX_REQUEST_BODY);
  });

  let server: ReturnType<typeof Bun.serve> | undefined;
  afterAll(() => server?.stop(true));

  test('a chunked body (no Content-Length) over 1 MB to the fast lane’s ping route and to tRPC: 413 in the error shape', async () => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', ...serveOptions(fw.db, testEnv()) });
    const url = `http://127.0.0.1:${server.port}`;
    const chunked = () =>
      new ReadableStream({
        start(ctrl) {
          ctrl.enqueue(new TextEncoder().encode(jsonOf(MB + 10, 'note', '"lat":29.3,"lng":47.9,')));
          ctrl.close();
        },
      });
    const before = await dbState(fw.db);
    const headers = { 'content-type': 'application/json', cookie: fw.cookies.rider! };
    const ping = await fetch(`${url}/api/riders/${fw.world.riderA.id}/location`, { method: 'POST', headers, body: chunked() });
    expect(ping.status).toBe(413);
    expectRestError(await ping.json(), 413);
    const login = await fetch(`${url}/api/trpc/auth.login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunked() });
    expect(login.status).toBe(413);
    expectTrpcError(await login.json(), 413, 'auth.login');
    await expectNoWrite(fw.db, before);
  });
});
