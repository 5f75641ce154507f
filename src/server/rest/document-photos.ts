import { Hono, type Context } from 'hono';
import { MAX_DOCUMENT_PHOTO_BYTES } from '../../shared/schemas/documents';
import { mapError } from '../http/errors';
import { imageUpload, readImageForm } from './image-upload';
import { assertCompany, deleteDocumentPhoto, readDocumentPhoto, storeDocumentPhoto } from '../services/compliance';
import type { AppVariables } from '../trpc/context';

type C = Context<{ Variables: AppVariables }>;

const fail = (c: C, err: unknown) => {
  const mapped = mapError(err);
  return c.json(mapped.body, mapped.status as 400);
};

/**
 * Photos of rider documents (issue 9):
 * - PUT /api/documents/:id/photo (multipart, one `image` file): the rider's company adds or replaces it;
 *   JPEG, PNG or WebP by its bytes (else 415), 8 MB at most (else 413), a whole picture of at most
 *   50 MP (else 422: a truncated file or a decompression bomb).
 * - GET /api/documents/:id/photo: the photo, for its company, its rider or an admin.
 * - DELETE /api/documents/:id/photo: the company removes it.
 * Anyone else's document answers 404, as a missing one does.
 */
export function documentPhotos() {
  const api = new Hono<{ Variables: AppVariables }>();
  imageUpload(api, 'PUT', '/documents/:id/photo', MAX_DOCUMENT_PHOTO_BYTES, async (c) => {
    const viewer = c.var.actor;
    // Refuse signed-out, rider and admin callers before reading the upload.
    assertCompany(viewer);
    const { bytes } = await readImageForm(c);
    return c.json(await storeDocumentPhoto(c.var.db, viewer, c.req.param('id'), bytes, c.var.config.CAPTURES_DIR, c.var.user?.id ?? ''), 200);
  });
  api.get('/documents/:id/photo', async (c) => {
    try {
      const photo = await readDocumentPhoto(c.var.db, c.var.actor, c.req.param('id'), c.var.config.CAPTURES_DIR);
      return c.body(photo.bytes, 200, { 'Content-Type': photo.contentType, 'X-Content-Type-Options': 'nosniff', 'Content-Disposition': 'inline' });
    } catch (err) {
      return fail(c, err);
    }
  });
  api.delete('/documents/:id/photo', async (c) => {
    try {
      return c.json(await deleteDocumentPhoto(c.var.db, c.var.actor, c.req.param('id'), c.var.config.CAPTURES_DIR, c.var.user?.id ?? ''), 200);
    } catch (err) {
      return fail(c, err);
    }
  });
  return api;
}
