import { afterAll, beforeAll, describe, expect } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { announceSeed, fuzzParams, fuzzTest } from '../../../test/fuzz/config';
import { expectNoPollution, expectRestError, expectTrpcError, fuzzWorld, jsonOf, dbState, expectNoWrite, send, type FuzzWorld, type Role } from '../../../test/fuzz/harness';
import { bombPng, liarJpeg, liarPng, realImages } from '../../../test/fuzz/images';
import { saveDocumentInput } from '../../shared/schemas/documents';
import { saveRiderDocument } from '../services/compliance';
import { sniffImage } from '../lib/image-bytes';
import { staffActor } from '../services/access';

/**
 * Every upload path with hostile files: the OCR upload (POST /api/ocr/process), document photos
 * (PUT /api/documents/:id/photo) and rider captures (tRPC ocr.submit, a data URL). Wrong magic bytes,
 * truncated pictures, decompression bombs and oversize bodies get a 4xx in the error shape, fast, and
 * write nothing.
 */
let fw: FuzzWorld;
let dir: string;
let docId: string;
let images: { jpeg: Uint8Array; png: Uint8Array };
const bytesArb = fc.uint8Array({ maxLength: 2_000 });
const DAMAGED = 'The image could not be opened: it is damaged, incomplete or larger than 50 megapixels';
const bombs = async () => ({ 'png 12000×12000 (32 KB, real data)': bombPng(12_000, 12_000), 'png declaring 50000×50000': await liarPng(50_000, 50_000), 'jpeg declaring 50000×50000': await liarJpeg(50_000, 50_000) });

beforeAll(async () => {
  announceSeed();
  dir = mkdtempSync(join(tmpdir(), 'kwt-fuzz-uploads-'));
  fw = await fuzzWorld({ CAPTURES_DIR: dir });
  images = await realImages();
  const input = saveDocumentInput.parse({ riderId: fw.world.riderA2.id, type: 'driving_licence', expiresOn: '2099-01-01' });
  docId = (await saveRiderDocument(fw.db, staffActor(fw.world.managerA.id, fw.world.companyA.id), input)).document.id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function multipart(bytes: Uint8Array, fields: Record<string, string> = {}, type = 'image/jpeg') {
  const form = new FormData();
  form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], 'photo', { type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** Send, check the REST error shape, and that no table changed; answers status and body. */
async function refusedRest(role: Role, path: string, init: RequestInit) {
  const before = await dbState(fw.db);
  const res = await send(fw, role, path, init as never);
  const body = await jsonOf(res, path);
  expectRestError(body, res.status);
  await expectNoWrite(fw.db, before);
  expectNoPollution();
  return { status: res.status, body: body as { error: { code: string; message: string; field?: string } } };
}

const ocr = (bytes: Uint8Array, fields: Record<string, string> = { imageType: 'start_odometer' }, type?: string) =>
  refusedRest('rider', '/api/ocr/process', { method: 'POST', body: multipart(bytes, fields, type) });
const photo = (bytes: Uint8Array, id = docId) => refusedRest('company', `/api/documents/${id}/photo`, { method: 'PUT', body: multipart(bytes) });

describe('POST /api/ocr/process', () => {
  fuzzTest('bytes that are not a JPEG, PNG or WebP: 415', async () => {
    await fc.assert(
      fc.asyncProperty(bytesArb, fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'application/octet-stream', ''), async (bytes, type) => {
        fc.pre(sniffImage(bytes) === null);
        const { status, body } = await ocr(bytes, { imageType: 'receipt' }, type);
        expect(status).toBe(415);
        expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }),
      fuzzParams(25),
    );
  });

  fuzzTest('a real JPEG or PNG cut short anywhere: 422 (415 when too short to recognise), never read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('jpeg' as const, 'png' as const), fc.double({ min: 0, max: 0.95, noNaN: true }), async (kind, cut) => {
        const whole = images[kind];
        const { status } = await ocr(whole.subarray(0, Math.floor(whole.length * cut)));
        expect([415, 422]).toContain(status);
      }),
      fuzzParams(8),
    );
  });

  fuzzTest('decompression bombs are refused from the header, fast', async () => {
    for (const [what, bytes] of Object.entries(await bombs())) {
      const started = performance.now();
      const { status, body } = await ocr(bytes);
      expect({ what, status, ...body.error }).toEqual({ what, status: 422, code: 'UNPROCESSABLE_CONTENT', message: 'The image could not be decoded', field: 'image' });
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  fuzzTest('over 8 MB: 413 before the body is read', async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 70 * 1024);
    big.set(images.jpeg.subarray(0, 12));
    const { status, body } = await ocr(big);
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  fuzzTest('a body that is not multipart, a hostile imageType or roi: 400', async () => {
    const json = await refusedRest('rider', '/api/ocr/process', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"image":"x"}' });
    expect(json.status).toBe(400);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', '__proto__', 'odometer\u0000', 'RECEIPT', '١', 'x'.repeat(10_000)),
        fc.constantFrom('{', '{"__proto__":{"polluted":1}}', '{"x":1e309,"y":0,"w":1,"h":1}', '{"x":-0.1,"y":0,"w":1,"h":1}', '[]', '"\uD800"'),
        fc.boolean(),
        async (imageType, roi, badType) => {
          const fields: Record<string, string> = badType ? { imageType } : { imageType: 'receipt', roi };
          const { status, body } = await ocr(images.png, fields, 'image/png');
          expect(status).toBe(400);
          expect(body.error.code).toBe('BAD_REQUEST');
        },
      ),
      fuzzParams(12),
    );
  });
});

describe('PUT /api/documents/:id/photo', () => {
  fuzzTest('bytes that are not a JPEG, PNG or WebP: 415, and the document keeps no photo', async () => {
    await fc.assert(
      fc.asyncProperty(bytesArb, async (bytes) => {
        fc.pre(sniffImage(bytes) === null);
        const { status, body } = await photo(bytes);
        expect(status).toBe(415);
        expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }),
      fuzzParams(25),
    );
    const res = await send(fw, 'company', `/api/documents/${docId}/photo`);
    expect(res.status).toBe(404);
  });

  fuzzTest('a real JPEG or PNG cut short, or a decompression bomb: 422, nothing stored', async () => {
    const cut = [0.3, 0.6, 0.9].flatMap((f) => [images.jpeg, images.png].map((b) => b.subarray(0, Math.floor(b.length * f))));
    for (const bytes of [...cut, ...Object.values(await bombs())]) {
      const started = performance.now();
      const { status, body } = await photo(bytes);
      expect({ status, ...body.error }).toEqual({ status: 422, code: 'UNPROCESSABLE_CONTENT', message: DAMAGED, field: 'image' });
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect((await send(fw, 'company', `/api/documents/${docId}/photo`)).status).toBe(404);
  });

  fuzzTest('over 8 MB: 413; not multipart: 400; a hostile document id: 404', async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 70 * 1024);
    big.set(images.png.subarray(0, 12));
    expect((await photo(big)).status).toBe(413);
    const json = await refusedRest('company', `/api/documents/${docId}/photo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    for (const id of ['%00', '..%2F..%2Fetc', '%D8%A1', 'x'.repeat(5_000), '__proto__']) expect((await photo(images.png, id)).status).toBe(404);
  });
});

describe('tRPC ocr.submit (a rider capture as a data URL)', () => {
  const submit = async (image: string) => {
    const before = await dbState(fw.db);
    const res = await send(fw, 'rider', '/api/trpc/ocr.submit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'receipt', image }) });
    const body = await jsonOf(res, 'ocr.submit');
    expectTrpcError(body, res.status, 'ocr.submit');
    await expectNoWrite(fw.db, before);
    return { status: res.status, code: (body as { error: { data: { code: string } } }).error.data.code };
  };

  fuzzTest('bytes that are not the image the data URL names: 400', async () => {
    await fc.assert(
      fc.asyncProperty(bytesArb, fc.constantFrom('jpeg', 'png', 'webp'), async (bytes, kind) => {
        fc.pre(sniffImage(bytes) !== kind);
        expect(await submit(`data:image/${kind};base64,${Buffer.from(bytes).toString('base64') || 'AA=='}`)).toEqual({ status: 400, code: 'BAD_REQUEST' });
      }),
      fuzzParams(25),
    );
  });

  fuzzTest('a real JPEG or PNG cut short, or a decompression bomb: 422, nothing stored', async () => {
    const dataUrl = (b: Uint8Array) => `data:image/${sniffImage(b)};base64,${Buffer.from(b).toString('base64')}`;
    const cut = [images.jpeg, images.png].map((b) => b.subarray(0, Math.floor(b.length * 0.7)));
    for (const bytes of [...cut, ...Object.values(await bombs())]) {
      const res = await submit(dataUrl(bytes));
      expect(res).toEqual({ status: 422, code: 'UNPROCESSABLE_CONTENT' });
    }
  });

  fuzzTest('over 8 MB: 413, nothing stored', async () => {
    const huge = `data:image/jpeg;base64,${Buffer.alloc(8 * 1024 * 1024 + 3, 0xff).toString('base64')}`;
    expect(await submit(huge)).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
