import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { can } from '../../shared/permissions';
import { forbidden, invalid, unauthorized } from '../errors';
import { errorBody, mapError } from '../http/errors';
import { MAX_OCR_BYTES, processImage } from '../services/ocr-process';
import { deniedMessage } from '../trpc/init';
import type { AppVariables } from '../trpc/context';

/** Room for the multipart boundaries and the imageType field around an 8 MB image. */
const MULTIPART_SLACK = 64 * 1024;

/**
 * POST /api/ocr/process (multipart: `image` file, `imageType`): read an odometer, receipt or cash
 * slip on the server. Riders and admins only (the `ocr` permission); the checks and parsing live in
 * services/ocr-process.ts.
 */
export function ocrUpload() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.post(
    '/ocr/process',
    async (c, next) => {
      const user = c.var.user;
      const err = !user ? unauthorized() : !can(user.role, 'ocr') ? forbidden(deniedMessage('ocr')) : null;
      if (err) {
        const mapped = mapError(err);
        return c.json(mapped.body, mapped.status as 401);
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_OCR_BYTES + MULTIPART_SLACK,
      onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'The image is larger than 8 MB', 'image'), 413),
    }),
    async (c) => {
      try {
        const form = await c.req.formData().catch(() => {
          throw invalid('Send the image as multipart/form-data', 'image');
        });
        const file = form.get('image');
        if (!file || typeof file === 'string') throw invalid('image: a file is required', 'image');
        const bytes = new Uint8Array(await file.arrayBuffer());
        const user = c.var.user!;
        const riderId = user.role === 'rider' ? user.roleData.id : null;
        const out = await processImage(c.var.db, riderId, { bytes, declaredType: file.type, imageType: form.get('imageType') });
        return c.json(out, 200);
      } catch (err) {
        const mapped = mapError(err);
        return c.json(mapped.body, mapped.status as 400);
      }
    },
  );
  return api;
}
