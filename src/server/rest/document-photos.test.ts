import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { riderDocuments } from '../../../db/schema';
import { freshWorldApp, req, loginWorld, type WorldCookies } from '../../../test/app';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from '../../../test/fixtures/tiny-images';
import { deleteRiderDocument, saveRiderDocument } from '../services/compliance';
import { saveDocumentInput } from '../../shared/schemas/documents';
import { staffActor } from '../services/access';

const dir = mkdtempSync(join(tmpdir(), 'kwt-docs-'));
const { db, w, app } = await freshWorldApp({ CAPTURES_DIR: dir });
let docA: string;
let cookie: WorldCookies;

/** Whole pictures of each kind: the server checks the magic bytes and decodes the picture. */
const [PNG, JPEG, WEBP] = [TINY_PNG, TINY_JPEG, TINY_WEBP];

function put(id: string, bytes: Uint8Array | null, who?: string, type = 'image/png') {
  const form = new FormData();
  if (bytes) form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], 'licence', { type }));
  return req(app, `/api/documents/${id}/photo`, { method: 'PUT', body: form, headers: who ? { cookie: who } : {} });
}
const get = (id: string, who?: string) => req(app, `/api/documents/${id}/photo`, { headers: who ? { cookie: who } : {} });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; field?: string } }).error;

beforeAll(async () => {
  cookie = await loginWorld(app);
  const input = saveDocumentInput.parse({ riderId: w.riderA.id, type: 'driving_licence', expiresOn: '2099-01-01' });
  docA = (await saveRiderDocument(db, staffActor(w.managerA.id, w.companyA.id), input)).document.id;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PUT /api/documents/:id/photo', () => {
  test('the company stores a PNG; its rider and an admin can see it; a replacement removes the old file', async () => {
    const res = await put(docA, PNG, cookie.managerA);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, hasPhoto: true });
    const row = await db.query.riderDocuments.findFirst({ where: eq(riderDocuments.id, docA) });
    expect(row!.photoPath).toMatch(new RegExp(`^documents/${docA}-[a-z2-7]{20}\\.png$`));
    for (const who of [cookie.managerA, cookie.riderA, cookie.admin]) {
      const photo = await get(docA, who);
      expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);
    }
    expect((await put(docA, JPEG, cookie.managerA, 'image/jpeg')).status).toBe(200);
    expect((await put(docA, WEBP, cookie.managerA, 'image/webp')).status).toBe(200);
    expect(readdirSync(join(dir, 'documents'))).toEqual([expect.stringMatching(/\.webp$/)]);
    expect((await get(docA, cookie.riderA)).headers.get('content-type')).toBe('image/webp');
  });

  test('the bytes decide, not the declared type: text named image/png → 415', async () => {
    const res = await put(docA, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), cookie.managerA, 'image/png');
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a JPEG, PNG or WebP image', field: 'image' });
  });

  test('over 8 MB → 413 (the file check, and the body limit for far larger bodies)', async () => {
    for (const size of [8 * 1024 * 1024 + 1024, 9 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(PNG);
      const res = await put(docA, big, cookie.managerA);
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image is larger than 8 MB' });
    }
  });

  test('no file → 400; signed out → 401; the rider or an admin → 403; another company → 404', async () => {
    expect((await put(docA, null, cookie.managerA)).status).toBe(400);
    expect((await put(docA, PNG)).status).toBe(401);
    const rider = await put(docA, PNG, cookie.riderA);
    expect(rider.status).toBe(403);
    expect((await errorOf(rider)).message).toBe('Access denied: the Company Portal requires company privileges');
    expect((await put(docA, PNG, cookie.admin)).status).toBe(403);
    const other = await put(docA, PNG, cookie.managerB);
    expect(other.status).toBe(404);
    expect((await errorOf(other)).message).toBe('Document not found');
    expect((await put('nosuchdocument', PNG, cookie.managerA)).status).toBe(404);
  });
});

describe('GET and DELETE /api/documents/:id/photo', () => {
  test('another company and another rider get 404, as for a missing document; signed out 401', async () => {
    expect((await get(docA, cookie.managerB)).status).toBe(404);
    expect((await get(docA, cookie.riderB)).status).toBe(404);
    expect((await get(docA)).status).toBe(401);
  });

  test('the company removes the photo; the file goes and a later GET is 404', async () => {
    expect((await req(app, `/api/documents/${docA}/photo`, { method: 'DELETE', headers: { cookie: cookie.riderA } })).status).toBe(403);
    expect((await req(app, `/api/documents/${docA}/photo`, { method: 'DELETE', headers: { cookie: cookie.managerB } })).status).toBe(404);
    const res = await req(app, `/api/documents/${docA}/photo`, { method: 'DELETE', headers: { cookie: cookie.managerA } });
    expect(await res.json()).toEqual({ success: true, hasPhoto: false });
    expect(readdirSync(join(dir, 'documents'))).toEqual([]);
    const gone = await get(docA, cookie.riderA);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toBe('This document has no photo');
  });

  test('deleting the document deletes its photo file', async () => {
    expect((await put(docA, PNG, cookie.managerA)).status).toBe(200);
    await deleteRiderDocument(db, staffActor(w.managerA.id, w.companyA.id), docA, dir);
    expect(readdirSync(join(dir, 'documents'))).toEqual([]);
    expect(existsSync(join(dir, 'documents'))).toBe(true);
  });
});
