import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLog } from '../../../../db/schema';
import { freshWorldApp, callerFor, login, req, testEnv } from '../../../../test/app';
import { TEST_PASSWORD } from '../../../../test/factories';
import { TINY_JPEG, TINY_PNG } from '../../../../test/fixtures/tiny-images';

/**
 * Issue 9 review, item 4: every change to a rider's documents is in the audit log, with who, before
 * and after: saving (add, update), deleting, and the photo routes (add, replace, remove).
 */
const dir = mkdtempSync(join(tmpdir(), 'kwt-docs-audit-'));
const { db, w, app } = await freshWorldApp({ CAPTURES_DIR: dir });
let cookie: string;

const [PNG, JPEG] = [TINY_PNG, TINY_JPEG];

function put(id: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], 'licence', { type }));
  return req(app, `/api/documents/${id}/photo`, { method: 'PUT', body: form, headers: { cookie } });
}

const entries = async () =>
  (await db.select().from(auditLog).where(eq(auditLog.entity, 'rider_document')).orderBy(sql`rowid`)).map((e) => ({
    action: e.action,
    actorId: e.actorId,
    entityId: e.entityId,
    ...(e.detail as { before: unknown; after: unknown }),
  }));

beforeAll(async () => {
  cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('document changes are audited', () => {
  test('add, update, photo add/replace/remove, delete: each with the manager, before and after', async () => {
    const m = await callerFor(db, w.managerA.id, testEnv({ CAPTURES_DIR: dir }));
    const { document } = await m.company.saveDocument({ riderId: w.riderA.id, type: 'driving_licence', number: 'KW-1', expiresOn: '2027-01-31' });
    const id = document.id;
    await m.company.saveDocument({ riderId: w.riderA.id, type: 'driving_licence', number: 'KW-2', expiresOn: '2029-01-31' });
    expect((await put(id, PNG, 'image/png')).status).toBe(200);
    expect((await put(id, JPEG, 'image/jpeg')).status).toBe(200);
    expect((await req(app, `/api/documents/${id}/photo`, { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    await m.company.deleteDocument({ id });

    const log = await entries();
    const doc = { riderId: w.riderA.id, type: 'driving_licence' };
    const by = { actorId: w.managerA.id, entityId: id };
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'photo_add', 'photo_replace', 'photo_delete', 'delete']);
    expect(log[0]).toEqual({ action: 'create', ...by, before: null, after: { ...doc, number: 'KW-1', expiresOn: '2027-01-31', hasPhoto: false } });
    expect(log[1]).toEqual({
      action: 'update',
      ...by,
      before: { ...doc, number: 'KW-1', expiresOn: '2027-01-31', hasPhoto: false },
      after: { ...doc, number: 'KW-2', expiresOn: '2029-01-31', hasPhoto: false },
    });
    const png = expect.stringMatching(new RegExp(`^documents/${id}-\\w+\\.png$`));
    const jpg = expect.stringMatching(new RegExp(`^documents/${id}-\\w+\\.jpg$`));
    expect(log[2]).toEqual({ action: 'photo_add', ...by, before: { ...doc, hasPhoto: false, photoPath: null }, after: { ...doc, hasPhoto: true, photoPath: png, bytes: PNG.length, contentType: 'image/png' } });
    expect(log[3]).toEqual({ action: 'photo_replace', ...by, before: { ...doc, hasPhoto: true, photoPath: png }, after: { ...doc, hasPhoto: true, photoPath: jpg, bytes: JPEG.length, contentType: 'image/jpeg' } });
    expect(log[4]).toEqual({ action: 'photo_delete', ...by, before: { ...doc, hasPhoto: true, photoPath: jpg }, after: { ...doc, hasPhoto: false, photoPath: null } });
    expect(log[5]).toEqual({ action: 'delete', ...by, before: { ...doc, number: 'KW-2', expiresOn: '2029-01-31', hasPhoto: false }, after: null });
  });

  test('a refused change writes nothing: another company’s document', async () => {
    const before = (await entries()).length;
    const b = await callerFor(db, w.managerB.id, testEnv({ CAPTURES_DIR: dir }));
    const { document } = await (await callerFor(db, w.managerA.id)).company.saveDocument({ riderId: w.riderA.id, type: 'residency', expiresOn: '2027-05-01' });
    await expect(b.company.deleteDocument({ id: document.id })).rejects.toThrow('Document not found');
    expect((await entries()).length).toBe(before + 1);
  });
});
