import { and, eq } from 'drizzle-orm';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Db } from '../../../../db/client';
import { newId, riderDocuments, riders } from '../../../../db/schema';
import { MAX_DOCUMENT_PHOTO_BYTES } from '../../../shared/schemas/documents';
import { DomainError, notFound, unauthorized } from '../../errors';
import { audit } from '../../lib/audit';
import { sniffImage } from '../../lib/image-bytes';
import { assertWholeImage } from '../captures';
import { msg } from '../../../shared/i18n/message';
import { deniedActing, ownRecord, riderRows, type Actor } from '../access';

/**
 * Photos of rider documents, kept on disk like captures (capture-store.ts): under
 * `<CAPTURES_DIR>/documents/`, the row holding the path relative to CAPTURES_DIR. The company adds
 * and replaces them; the rider and admins may look. JPEG, PNG or WebP by their bytes, 8 MB at most.
 */
/** The document if this viewer may see it; anyone else's answers "Document not found". */
async function visibleDocument(db: Db, viewer: Actor | null, id: string) {
  // A manager or rider without its record sees nothing, as a signed-out caller.
  if (!viewer || (viewer.role === 'company' && !viewer.companyId) || (viewer.role === 'rider' && !viewer.riderId)) throw unauthorized(msg('error.UNAUTHORIZED'));
  const [row] = await db
    .select({ doc: riderDocuments })
    .from(riderDocuments)
    .innerJoin(riders, eq(riders.id, riderDocuments.riderId))
    .where(and(eq(riderDocuments.id, id), riderRows(viewer)));
  if (!row) throw notFound(msg('documents.error.notFound'));
  return row.doc;
}

/** Only the rider's company changes a document (the words of companyProcedure's refusal). */
export function assertCompany(viewer: Actor | null): asserts viewer is Actor {
  if (!viewer || (viewer.role === 'company' && !viewer.companyId)) throw unauthorized(msg('error.UNAUTHORIZED'));
  if (!ownRecord(viewer, 'access-company-portal', 'own-company')) throw deniedActing('access-company-portal', 'own-company');
}

const CONTENT_TYPE = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const EXT = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** A stored path stays inside the photo folder, whatever the row says. */
function photoFile(dir: string, photoPath: string): string {
  const rel = normalize(photoPath);
  if (rel.startsWith('..') || rel.startsWith('/') || !rel.startsWith('documents')) throw notFound(msg('documents.error.notFound'));
  return join(dir, rel);
}

export async function removePhotoFile(dir: string, photoPath: string): Promise<void> {
  await rm(photoFile(dir, photoPath), { force: true }).catch(() => undefined);
}

/** Checks the bytes: too large → 413, not a JPEG/PNG/WebP → 415. */
export function checkPhoto(bytes: Uint8Array) {
  if (bytes.length > MAX_DOCUMENT_PHOTO_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', msg('errors.imageTooLarge'), 'image');
  const kind = sniffImage(bytes);
  if (!kind) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', msg('documents.photo.notImage'), 'image');
  return kind;
}

/** What the audit log keeps of a document's photo: the document, whether it has a photo, and the file stored. */
const photoAudit = (doc: typeof riderDocuments.$inferSelect, bytes?: number, contentType?: string) => ({
  riderId: doc.riderId,
  type: doc.type,
  hasPhoto: doc.photoPath !== null,
  photoPath: doc.photoPath,
  ...(bytes !== undefined ? { bytes, contentType } : {}),
});

/** Add or replace the photo of a document of the company's rider; audited (before/after). */
export async function storeDocumentPhoto(db: Db, viewer: Actor | null, id: string, bytes: Uint8Array, dir: string, actorId: string, now = new Date()) {
  assertCompany(viewer);
  const doc = await visibleDocument(db, viewer, id);
  const kind = checkPhoto(bytes);
  await assertWholeImage(bytes);
  const photoPath = `documents/${doc.id}-${newId()}.${EXT[kind]}`;
  await mkdir(join(dir, 'documents'), { recursive: true });
  await writeFile(photoFile(dir, photoPath), bytes);
  await db.transaction(async (tx) => {
    await tx.update(riderDocuments).set({ photoPath, updatedBy: actorId, updatedAt: now }).where(eq(riderDocuments.id, doc.id));
    await audit(tx, { actorId, action: doc.photoPath ? 'photo_replace' : 'photo_add', entity: 'rider_document', entityId: doc.id, before: photoAudit(doc), after: photoAudit({ ...doc, photoPath }, bytes.length, CONTENT_TYPE[kind]) });
  });
  if (doc.photoPath) await removePhotoFile(dir, doc.photoPath);
  return { success: true as const, hasPhoto: true };
}

/** Remove the photo of a document of the company's rider; audited (before/after). */
export async function deleteDocumentPhoto(db: Db, viewer: Actor | null, id: string, dir: string, actorId: string, now = new Date()) {
  assertCompany(viewer);
  const doc = await visibleDocument(db, viewer, id);
  await db.transaction(async (tx) => {
    await tx.update(riderDocuments).set({ photoPath: null, updatedBy: actorId, updatedAt: now }).where(eq(riderDocuments.id, doc.id));
    await audit(tx, { actorId, action: 'photo_delete', entity: 'rider_document', entityId: doc.id, before: photoAudit(doc), after: photoAudit({ ...doc, photoPath: null }) });
  });
  if (doc.photoPath) await removePhotoFile(dir, doc.photoPath);
  return { success: true as const, hasPhoto: false };
}

/** The photo's bytes and type, for its company, its rider or an admin. */
export async function readDocumentPhoto(db: Db, viewer: Actor | null, id: string, dir: string) {
  const doc = await visibleDocument(db, viewer, id);
  if (!doc.photoPath) throw notFound(msg('documents.error.noPhoto'));
  const bytes = await readFile(photoFile(dir, doc.photoPath)).catch(() => {
    throw notFound(msg('documents.error.noPhoto'));
  });
  const kind = sniffImage(bytes);
  if (!kind) throw notFound(msg('documents.error.noPhoto'));
  return { bytes: new Uint8Array(bytes), contentType: CONTENT_TYPE[kind] };
}
