import type { Db } from '../../db/client';
import { REST_ACCESS } from '../../src/server/trpc/access-matrix';
import { createSession } from '../../src/server/services/identity';
import { req, type TestApp } from '../app';
import type { Outcome } from './call';
import { PNG, type AuthzWorld, type Owner, type Person } from './fixtures';
import { INPUTS } from './inputs';

/** Every route the app registers under /api (tRPC aside) and /mcp, as `METHOD path`; middleware and catch-alls left out. */
export function restRoutes(app: TestApp): string[] {
  const keys = app.routes
    .filter((r) => (r.path.startsWith('/api/') && !r.path.startsWith('/api/trpc') && !r.path.endsWith('*')) || r.path === '/mcp')
    .filter((r) => r.method !== 'ALL' || r.path === '/mcp')
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

interface RouteCall {
  path: string;
  body?: BodyInit;
  json?: unknown;
}

const form = (entries: Record<string, string | File>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return fd;
};
const image = (bytes: Uint8Array = PNG) => new File([bytes as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' });

/** Routes whose request is not just their procedure's input as the JSON body with the path's ids filled in. */
const SPECIAL: Record<string, (f: AuthzWorld, o: Owner) => Promise<RouteCall> | RouteCall> = {
  'POST /api/auth/logout': () => ({ path: '/api/auth/logout' }),
  'GET /api/logout': () => ({ path: '/api/logout' }),
  'GET /api/auth/logout': () => ({ path: '/api/auth/logout' }),
  // A PNG header with no picture: the guard is the point here, and real reading (seconds of OCR) is tested in the ocr tests.
  'POST /api/ocr/process': () => ({ path: '/api/ocr/process', body: form({ image: image(PNG.slice(0, 48)), imageType: 'start_odometer' }) }),
  'GET /api/company/orders/template.csv': () => ({ path: '/api/company/orders/template.csv' }),
  'PUT /api/documents/:id/photo': async (f, o) => ({ path: `/api/documents/${(await f.document(o)).id}/photo`, body: form({ image: image() }) }),
  'GET /api/documents/:id/photo': async (f, o) => ({ path: `/api/documents/${(await f.documentWithPhoto(o)).id}/photo` }),
  'DELETE /api/documents/:id/photo': async (f, o) => ({ path: `/api/documents/${(await f.documentWithPhoto(o)).id}/photo` }),
  'POST /api/rider/offers/:id/accept': async (f, o) => ({ path: `/api/rider/offers/${(await f.offer(o)).id}/accept` }),
  'POST /api/rider/offers/:id/decline': async (f, o) => ({ path: `/api/rider/offers/${(await f.offer(o)).id}/decline` }),
  'GET /api/orders/:id/proof-photo': async (f, o) => ({ path: `/api/orders/${(await f.deliveredWithProof(o)).id}/proof-photo` }),
};

/** `/api/x/:id/y` with the input's fields; the report download's `:file{…}` is `<id>.json`. */
function fillPath(pattern: string, input: Record<string, unknown>): string {
  return pattern
    .replace(/:file\{.*\}$/, `${String(input.id)}.json`)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input[name] ?? '')));
}

/** What a route's request is built from (its SPECIAL entry, or its procedure's input builder), to know whether it reads the owner. */
export function routeBuilder(route: string): ((...args: never[]) => unknown) | undefined {
  const entry = REST_ACCESS[route];
  return SPECIAL[route] ?? (entry && 'via' in entry ? INPUTS[entry.via] : undefined);
}

async function buildCall(f: AuthzWorld, route: string, o: Owner): Promise<RouteCall> {
  const special = SPECIAL[route];
  if (special) return special(f, o);
  const entry = REST_ACCESS[route];
  const via = entry && 'via' in entry ? entry.via : undefined;
  const build = via ? INPUTS[via] : undefined;
  const input = ((build ? await build(f, o) : undefined) ?? {}) as Record<string, unknown>;
  const [method, pattern] = route.split(' ') as [string, string];
  return { path: fillPath(pattern, input), json: method === 'GET' ? undefined : input };
}

let ipSeq = 0;

/**
 * One request to the app, as a browser would send it: a JSON or multipart body and, for a person, a session
 * cookie of its own (sign-out, password change and sign-out-everywhere end sessions, so none is shared).
 */
export async function callRoute(app: TestApp, db: Db, f: AuthzWorld, route: string, person: Person | undefined, o: Owner, json?: unknown): Promise<Outcome> {
  const call = json === undefined ? await buildCall(f, route, o) : { path: route.split(' ')[1]!, json };
  const method = route.split(' ')[0]!;
  const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${++ipSeq % 250}` };
  if (person) headers.cookie = `kwt_session=${(await createSession(db, f.users[person].id)).token}`;
  let body = call.body;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const res = await req(app, call.path, { method, headers, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** A tRPC query over HTTP (GET /api/trpc/<path>?input=…), as the browser's client sends it, with a session of `person`. */
export async function callTrpcHttp(app: TestApp, db: Db, f: AuthzWorld, path: string, input: unknown, person: Person | undefined): Promise<Outcome> {
  const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${++ipSeq % 250}` };
  if (person) headers.cookie = `kwt_session=${(await createSession(db, f.users[person].id)).token}`;
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await req(app, `/api/trpc/${path}${query}`, { headers });
  return { status: res.status, text: await res.text() };
}
