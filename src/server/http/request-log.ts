import type { Server } from 'bun';
import type { MiddlewareHandler } from 'hono';
import type { AppVariables } from '../trpc/context';
import { forwardedClient } from './client-ip';
import { log, writeLine } from '../log';

/**
 * One JSON line per request, written by the outermost handler (serve.ts wraps the Bun routes of the fast lane
 * and the Hono app's fetch with it): time, level, request id, method, path (secrets masked), status, duration
 * in ms (until the answer's headers are ready), the signed-in user's id and the client's IP. The request id is
 * the caller's X-Request-Id when it is a sane one, else a new UUID, and goes back in the answer's X-Request-Id.
 *
 * It runs on every fast-lane answer, so the line is built as a string from a few small values: no object is
 * serialised, and the line is written with the others of the same turn of the event loop (log.ts).
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

/** What the handlers tell the log about a request: who is signed in. */
interface Entry {
  userId?: string;
}
const entries = new WeakMap<Request, Entry>();

/** The session's user, for the line of this request (the fast lane and the Hono pipeline call it). */
export function noteUser(req: Request, userId: string): void {
  const e = entries.get(req);
  if (e) e.userId = userId;
}

/** A handler that rebuilt the request (to put a read body back) keeps its line. */
export function carryOver(from: Request, to: Request): void {
  const e = entries.get(from);
  if (e) entries.set(to, e);
}

/** Hono middleware: once the pipeline has run, the user the session middleware found goes on the line. */
export const logSignedInUser = (): MiddlewareHandler<{ Variables: AppVariables }> => async (c, next) => {
  await next();
  const user = c.var.user;
  if (user) noteUser(c.req.raw, user.id);
};

/** Path segments that are secrets themselves: invitation, reset and verification tokens, tracking codes. */
const SECRET_SEGMENT = /\/(company-invite|invite|invites|invitation|track|tracking|reset[\w-]*|verify[\w-]*)\/[^/]+/gi;
const SECRET_PARAM = /pass|token|secret|key|code|auth|cookie|session|signature|sig$/i;

/** The path and query of a URL with secrets masked: no URL object, a regex only when there is something to mask. */
export function loggedPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  let path = q < 0 ? url.slice(start) : url.slice(start, q);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  if (path.length > 6 && /\/(company-invit|invit|track|reset|verif)/i.test(path)) path = path.replace(SECRET_SEGMENT, '/$1/[redacted]');
  if (q < 0) return path.length > 512 ? path.slice(0, 512) : path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && SECRET_PARAM.test(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  const full = `${path}?${query}`;
  return full.length > 512 ? full.slice(0, 512) : full;
}

/** A JSON string: most values need no escaping, so JSON.stringify only runs for those that do. */
// eslint-disable-next-line no-control-regex -- JSON must escape U+0000 to U+001F: the pattern looks for exactly them
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029]/;
const quote = (s: string) => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

/** The current time as ISO 8601, formatted once per millisecond. */
let isoMs = 0;
let isoText = '';
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

type Handler<R extends Request> = (req: R, server: Server<undefined>) => Response | Promise<Response>;

export interface RequestLogOptions {
  /** Behind a proxy (Fly): the client's IP is the address the proxy appended to X-Forwarded-For (client-ip.ts). */
  trustProxy: boolean;
}

/** `handler` with a request id and one log line per request. */
export function withRequestLog<R extends Request>(handler: Handler<R>, opts: RequestLogOptions): Handler<R> {
  const ipOf = (req: Request, server: Server<undefined>): string => {
    if (opts.trustProxy) {
      const forwarded = forwardedClient(req.headers.get('x-forwarded-for'));
      if (forwarded) return forwarded;
    }
    return server.requestIP(req)?.address ?? 'unknown';
  };

  const write = (req: Request, server: Server<undefined>, id: string, started: number, status: number, entry: Entry) => {
    if (!log.enabled('info')) return;
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const user = entry.userId ? `"userId":${quote(entry.userId)},` : '';
    writeLine(
      `{"time":"${isoNow()}","level":"${status >= 500 ? 'error' : 'info'}","msg":"request","requestId":"${id}","method":"${req.method}","path":${quote(loggedPath(req.url))},"status":${status},"durationMs":${ms},${user}"ip":${quote(ipOf(req, server))}}`,
    );
  };

  return (req, server) => {
    const started = performance.now();
    const incoming = req.headers.get(REQUEST_ID_HEADER);
    const id = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    const entry: Entry = {};
    entries.set(req, entry);
    const done = (res: Response): Response => {
      write(req, server, id, started, res.status, entry);
      try {
        res.headers.set(REQUEST_ID_HEADER, id);
        return res;
      } catch {
        // A response with immutable headers (a fetched or static one): copy it to add the id.
        const copy = new Response(res.body, res);
        copy.headers.set(REQUEST_ID_HEADER, id);
        return copy;
      }
    };
    const failed = (err: unknown): never => {
      write(req, server, id, started, 500, entry);
      throw err;
    };
    let res: Response | Promise<Response>;
    try {
      res = handler(req, server);
    } catch (err) {
      return failed(err);
    }
    return res instanceof Promise ? res.then(done, failed) : done(res);
  };
}
