import type { BunRequest, Server } from 'bun';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../../db/client';
import { locationInput } from '../../shared/schemas/tracking';
import type { Env } from '../env';
import { recordLocation } from '../services/location';
import { actsForRider, sessionCache, type CachedSession } from '../services/identity';
import { withOutboxHeaders } from '../rest/outbox-headers';
import { permits } from '../trpc/init';
import { LOCATION_PERMISSION } from '../trpc/routers/tracking';
import { inputFault } from './broken-text';
import { requestLocaleOf } from './locale';
import { carryOver, noteUser } from './request-log';
import { API_SECURITY_HEADERS, crossOrigin, originOptions } from './security';
import { sessionToken } from './session';
import type { Locale } from '../../shared/i18n';

/**
 * The two requests that make most of the traffic, answered without the shared pipeline when nothing about
 * them is unusual: the session check (`GET /api/auth/user`, every screen and the rider app's wake-ups) and
 * a rider's own location ping (`POST /api/riders/{id}/location`, every 30 s per rider on duty: `LOCATION_EVERY_MS`). The
 * pipeline (security headers, origin check, session, language, a tRPC caller behind the REST shim) costs
 * several times the work of these answers.
 *
 * Each handler runs before that pipeline and answers only the plain case: a remembered live session not
 * due for renewal (services/identity/session-cache.ts), a rider pinging for themself, a same-origin request, a JSON
 * object that passes the same zod schema. Anything else (no or unknown cookie, renewal, another role,
 * another rider's id, a foreign Origin, a body without a Content-Length or over 4 KB, malformed or invalid
 * input, a failed write, which stored nothing)
 * goes on to the pipeline, which answers it as it always has. The answers are the pipeline's: the same
 * body and the same headers (checked side by side in fast-lane.test.ts).
 *
 * One guard path (issue 24, item 8): every test the lane makes is the pipeline's own function, not a copy:
 * the session token (http/session.ts) and the session cache the session middleware fills, the origin check
 * (http/security.ts `crossOrigin`), the permission of tracking.location (`LOCATION_PERMISSION`, `permits` of
 * trpc/init.ts) and its own-rider test (`actsForRider`), the outbox headers the REST shim folds in
 * (rest/outbox-headers.ts), the hostile-input walk (http/broken-text.ts), the zod schema and the request's
 * language (http/locale.ts). fast-lane-guards.test.ts changes what each decides and sees both paths refuse.
 */
/** What the lane reads of a request, from Hono's or from Bun's. */
export interface LaneRequest {
  url: string;
  header(name: string): string | undefined;
  /** The body as text; read once. */
  text(): Promise<string>;
  /** Tells the request log who is signed in (http/request-log.ts). */
  signedIn?(userId: string): void;
}

export interface FastLane {
  /** The answer to GET /api/auth/user, or null: the pipeline answers (without a promise when the session is at hand). */
  authUser(req: LaneRequest): Response | null | Promise<Response | null>;
  /** The answer to POST /api/riders/{riderId}/location, or null: the pipeline answers. */
  location(req: LaneRequest, riderId: string | undefined): Promise<Response | null>;
}

/**
 * The largest ping body the lane reads (a ping is under 200 bytes). A body without a Content-Length
 * (chunked) or past this goes unread to the pipeline, whose body limit (http/body-limit.ts) answers it.
 */
export const MAX_LANE_BODY = 4 * 1024;
const smallBody = (req: LaneRequest) => {
  const length = req.header('content-length');
  return length !== undefined && /^\d{1,5}$/.test(length) && Number(length) <= MAX_LANE_BODY;
};

/** The pipeline's headers on a JSON answer, but the language. */
const BASE: [string, string][] = [['content-type', 'application/json'], ...API_SECURITY_HEADERS.map(([k, v]): [string, string] => [k, v])];
const HEADERS = { en: [...BASE, ['content-language', 'en']], ar: [...BASE, ['content-language', 'ar']] } satisfies Record<Locale, [string, string][]>;

export function fastLane(db: Db, env: Env): FastLane {
  const cache = sessionCache(db);
  const answer = (json: string, locale: Locale) => new Response(json, { status: 200, headers: HEADERS[locale] });

  const origins = originOptions(env);

  const signedIn = (req: LaneRequest): CachedSession | undefined | Promise<CachedSession | undefined> => {
    const token = sessionToken(req);
    return token ? cache.peek(token) : undefined;
  };

  return {
    authUser: (req) => {
      const hit = signedIn(req);
      const reply = (h: CachedSession | undefined) => {
        if (!h) return null;
        req.signedIn?.(h.user.id);
        return answer(h.userJson, requestLocaleOf(h.user, req));
      };
      return hit instanceof Promise ? hit.then(reply) : reply(hit);
    },

    location: async (req, riderId) => {
      if (!riderId || crossOrigin('POST', req, origins) || !smallBody(req)) return null;
      const found = await signedIn(req);
      const user = found?.user;
      if (!found || !user || !permits(found.actor, LOCATION_PERMISSION) || !actsForRider(user, riderId)) return null;
      req.signedIn?.(user.id);
      let body: unknown;
      try {
        body = JSON.parse(await req.text());
      } catch {
        return null;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
      const raw = withOutboxHeaders(body, req);
      if (inputFault(raw)) return null;
      const input = locationInput.safeParse(raw);
      if (!input.success) return null;
      try {
        const result = await recordLocation(db, riderId, input.data, { userId: user.id });
        return answer(JSON.stringify(result), requestLocaleOf(user, req));
      } catch {
        // A refused ping stored nothing (services/location/locations.ts writes it on its own): the pipeline tries it once
        // more and answers the error as it answers every error.
        return null;
      }
    },
  };
}

/** The lane as Hono handlers ahead of the pipeline (they call `next()` to step aside). Hono keeps a body read here for the pipeline. */
export function laneHandlers(lane: FastLane): { authUser: MiddlewareHandler; location: MiddlewareHandler } {
  const of = (c: Context): LaneRequest => ({ url: c.req.url, header: (n) => c.req.header(n), text: () => c.req.text() });
  return {
    authUser: async (c, next) => (await lane.authUser(of(c))) ?? next(),
    location: async (c, next) => (await lane.location(of(c), c.req.param('id'))) ?? next(),
  };
}

type Fetch = (req: Request, server: Server<undefined>) => Response | Promise<Response>;

/**
 * The lane as Bun.serve routes, matched by Bun before any JavaScript router runs; what it steps aside for
 * goes to `fetch` (the Hono app), with the body it read put back.
 */
export function laneRoutes(lane: FastLane, fetch: Fetch) {
  const of = (req: Request) => {
    let text: Promise<string> | undefined;
    const lr: LaneRequest = {
      url: req.url,
      header: (n) => req.headers.get(n) ?? undefined,
      text: () => (text ??= req.text()),
      signedIn: (id) => noteUser(req, id),
    };
    const rest = async (server: Server<undefined>) => {
      if (!text) return fetch(req, server);
      const again = new Request(req, { body: await text });
      carryOver(req, again);
      return fetch(again, server);
    };
    return { lr, rest };
  };
  return {
    '/api/auth/user': {
      GET: (req: BunRequest<'/api/auth/user'>, server: Server<undefined>) => {
        const { lr, rest } = of(req);
        const res = lane.authUser(lr);
        return res instanceof Promise ? res.then((r) => r ?? rest(server)) : (res ?? rest(server));
      },
    },
    '/api/riders/:id/location': {
      POST: async (req: BunRequest<'/api/riders/:id/location'>, server: Server<undefined>) => {
        const { lr, rest } = of(req);
        return (await lane.location(lr, req.params.id)) ?? rest(server);
      },
    },
  };
}
