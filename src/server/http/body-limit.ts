import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '../../shared/i18n';
import type { AppVariables } from '../trpc/context';
import { errorBody } from './errors';

const MB = 1024 * 1024;

/** Every JSON call but the few that carry a file: hundreds of times the largest form, and 30 at once are 30 MB. */
export const MAX_JSON_BODY = 1 * MB;

/**
 * A file sent as JSON: an 8 MB CSV import as a JSON string (up to three UTF-8 bytes a character for Arabic
 * text, plus escapes), or an 8 MB capture as a base64 data URL (about 10.7 MB). Only for a signed-in caller;
 * the procedure's guard decides the rest. The multipart uploads have their own limits (rest/ocr-upload.ts,
 * rest/document-photos.ts: 8 MB and 64 KB of multipart framing).
 */
export const MAX_FILE_JSON_BODY = 32 * MB;

/** The tRPC procedures that take a file as JSON: the company's order CSV import, a rider's capture. */
export const FILE_PROCEDURES: ReadonlySet<string> = new Set(['company.importOrders', 'ocr.submit']);
/** The REST shims (paths under /api) that take a file as JSON. */
export const FILE_SHIMS: ReadonlySet<string> = new Set(['/ocr/submit']);

/**
 * Bun.serve's maxRequestBodySize (serve.ts): above every route's own limit, so each route answers its 413 in
 * its error shape; past it Bun answers a bare 413 before any handler runs.
 */
export const MAX_REQUEST_BODY = MAX_FILE_JSON_BODY + MB;

type Env = { Variables: AppVariables };

/** "The request is larger than N MB" in the request's language. */
const tooLarge = (max: number) => t('errors.requestTooLarge', { mb: max / MB });

/**
 * A 413 past `max` bytes: refused from Content-Length before a byte is read when the client declares it,
 * else counted while read (hono/body-limit). A body the fast lane already read (a rider's ping of at most
 * 4 KB by its Content-Length, http/fast-lane.ts) is past checking here.
 */
function limited(maxOf: (c: Context<Env>) => number, refuse: (c: Context<Env>, max: number) => Response): MiddlewareHandler<Env> {
  const limits = new Map<number, MiddlewareHandler>();
  const limitFor = (max: number) => {
    let limit = limits.get(max);
    if (!limit) limits.set(max, (limit = bodyLimit({ maxSize: max, onError: (c) => refuse(c as Context<Env>, max) })));
    return limit;
  };
  return (c, next) => (c.req.raw.bodyUsed ? next() : limitFor(maxOf(c))(c, next));
}

/** The JSON body limit of /api/trpc/<paths> (comma-separated, a batch): the file limit when one of them takes a file. */
export const trpcLimit = (paths: string, signedIn: boolean) =>
  signedIn && paths.split(',').some((p) => FILE_PROCEDURES.has(p)) ? MAX_FILE_JSON_BODY : MAX_JSON_BODY;
/** The JSON body limit of the REST shim at `path` (under /api). */
export const restLimit = (path: string, signedIn: boolean) => (signedIn && FILE_SHIMS.has(path) ? MAX_FILE_JSON_BODY : MAX_JSON_BODY);

/** For /api/trpc/<paths>: a batch that holds a file procedure has the file limit. 413 in tRPC's error shape. */
export function trpcBodyLimit(): MiddlewareHandler<Env> {
  const pathsOf = (c: Context<Env>) => c.req.path.replace(/^\/api\/trpc\//, '');
  return limited(
    (c) => trpcLimit(pathsOf(c), !!c.var.user),
    (c, max) => {
      const message = tooLarge(max);
      return c.json({ error: { message, code: -32413, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, path: pathsOf(c) } } }, 413);
    },
  );
}

/** For the REST shim at `path` (under /api). 413 in the REST error shape. */
export function restBodyLimit(path: string): MiddlewareHandler<Env> {
  return limited(
    (c) => restLimit(path, !!c.var.user),
    (c, max) => c.json(errorBody('PAYLOAD_TOO_LARGE', tooLarge(max)), 413),
  );
}
