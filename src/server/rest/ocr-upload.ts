import { Hono } from 'hono';
import { can } from '../../shared/permissions';
import { ocrRoi, type OcrRoi } from '../../shared/schemas/ocr';
import { invalid } from '../errors';
import { imageUpload, readImageForm } from './image-upload';
import { MAX_OCR_BYTES } from '../services/captures';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';
import { msg } from '../../shared/i18n/message';

/** The optional `roi` field: JSON text of an `ocrRoi`. */
function roiField(v: FormDataEntryValue | null): OcrRoi | undefined {
  if (v === null || v === '') return undefined;
  let json: unknown;
  try {
    json = typeof v === 'string' ? JSON.parse(v) : undefined;
  } catch {
    throw invalid(msg('errors.roiJson'), 'roi');
  }
  const roi = ocrRoi.safeParse(json);
  if (!roi.success) throw invalid(msg('errors.roiInvalid', { problem: roi.error.issues[0]?.message ?? msg('errors.roiExpected') }), 'roi');
  return roi.data;
}

/**
 * POST /api/ocr/process (multipart: `image` file, `imageType`, optional `roi` JSON
 * `{ x, y, w, h }` in fractions of the photo): read an odometer, receipt or cash slip on the server.
 * Riders and admins only (the `ocr` permission); the checks and parsing live in
 * services/captures/ocr-process.ts, the guard in the ocr.process procedure.
 */
export function ocrUpload() {
  const api = new Hono<{ Variables: AppVariables }>();
  imageUpload(api, 'POST', '/ocr/process', MAX_OCR_BYTES, async (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    // Refuse signed-out and company callers before reading the upload.
    if (!can(c.var.actor, 'ocr')) await caller.ocr.process({ bytes: new Uint8Array(), imageType: null });
    const { form, file, bytes } = await readImageForm(c);
    const roi = roiField(form.get('roi'));
    return c.json(await caller.ocr.process({ bytes, declaredType: file.type, imageType: form.get('imageType'), roi }), 200);
  });
  return api;
}
