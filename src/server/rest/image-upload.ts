import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '../../shared/i18n';
import { msg } from '../../shared/i18n/message';
import { invalid } from '../errors';
import { errorBody, mapError } from '../http/errors';
import type { AppVariables } from '../trpc/context';

/** What a multipart body adds around its image (boundaries, headers, the other small fields). */
const MULTIPART_SLACK = 64 * 1024;

/** An upload path's limit: its image's bytes plus the multipart slack; over it, 413 naming the image field. */
export const imageBodyLimit = (maxImageBytes: number) =>
  bodyLimit({
    maxSize: maxImageBytes + MULTIPART_SLACK,
    onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', t('errors.imageTooLarge'), 'image'), 413),
  });

/** The multipart form of an upload and its `image` file, as bytes; a body that is not multipart or has no file is 400 naming `image`. */
export async function readImageForm(c: Context): Promise<{ form: FormData; file: File; bytes: Uint8Array<ArrayBuffer> }> {
  const form = await c.req.formData().catch(() => {
    throw invalid(msg('errors.imageMultipart'), 'image');
  });
  const file = form.get('image');
  if (!file || typeof file === 'string') throw invalid(msg('errors.imageFileRequired'), 'image');
  return { form, file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

type Env = { Variables: AppVariables };

/**
 * An upload path: the image limit first (413 before the body is read), then `handle`; a DomainError it throws
 * answers as every REST path does (`{ error: { code, message, field } }` with its status).
 */
export function imageUpload<P extends string>(api: Hono<Env>, method: 'PUT' | 'POST', path: P, maxImageBytes: number, handle: (c: Context<Env, P>) => Promise<Response>) {
  api.on(method, path, imageBodyLimit(maxImageBytes), async (c) => {
    try {
      return await handle(c);
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
}
