import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';
import { errorBody } from './errors';

/** The CSP source for a map tile URL: its origin, with a {s} subdomain as a wildcard ('https://*.tile.example'). */
export function tileImageSource(tileUrl: string | undefined): string[] {
  const m = tileUrl ? /^(https?:)\/\/([^/?#]+)/.exec(tileUrl) : null;
  if (!m) return [];
  const host = m[2]!.replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? [`${m[1]}//${host}`] : [];
}

/** CSP, nosniff, frame-ancestors 'none' and a Referrer-Policy on every response. */
export const securityHeaders = (opts: { mapTileUrl?: string } = {}): MiddlewareHandler =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...tileImageSource(opts.mapTileUrl)],
      mediaSrc: ["'self'", 'blob:'],
      // The tile host too: the service worker fetches map tiles itself to keep them for offline (src/client/sw/tiles.ts),
      // and a worker's fetches fall under connect-src of the CSP it was served with.
      connectSrc: ["'self'", ...tileImageSource(opts.mapTileUrl)],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'https://accounts.google.com'],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: ['self'], geolocation: ['self'], microphone: [] },
  });

/**
 * The headers of every API answer (JSON, CSV, a document photo), which a browser never renders as a page: a
 * CSP that allows nothing and no framing, nosniff, no embedding by other sites, never cached (OWASP REST
 * Security Cheat Sheet; X-Frame-Options is left to pages: CSP frame-ancestors replaces it in every browser
 * we support, and each header is paid on every ping). Pages get the full set of securityHeaders above. Constant, so the fast lane
 * (fast-lane.ts) sends exactly these.
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cache-control', 'no-store'],
];

/** API paths get API_SECURITY_HEADERS, everything else the page headers. */
export const responseHeaders = (pages: MiddlewareHandler): MiddlewareHandler => async (c, next) => {
  if (!c.req.path.startsWith('/api/')) return pages(c, next);
  await next();
  for (const [name, value] of API_SECURITY_HEADERS) c.header(name, value);
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this app is served from, as the browser sees it. */
export function ownOrigin(url: string, host: string | undefined, forwardedProto: string | undefined, appUrl?: string): string {
  if (appUrl) return new URL(appUrl).origin;
  const u = new URL(url);
  const proto = forwardedProto ? `${forwardedProto.split(',')[0]!.trim()}:` : u.protocol;
  return `${proto}//${host ?? u.host}`;
}

/** Where the origin of a request is decided: APP_URL when set, and X-Forwarded-Proto only behind a trusted proxy. */
export interface OriginOptions {
  appUrl?: string;
  trustProxy: boolean;
}
export const originOptions = (env: Env): OriginOptions => ({ appUrl: env.APP_URL, trustProxy: env.TRUST_PROXY });

/** What the origin check reads of a request: Hono's `c.req` and the fast lane's request both are one. */
export interface OriginSource {
  url: string;
  header(name: string): string | undefined;
}

/** This request's own origin as the browser sees it. */
export const requestOrigin = (req: OriginSource, opts: OriginOptions): string =>
  ownOrigin(req.url, req.header('host'), opts.trustProxy ? req.header('x-forwarded-proto') : undefined, opts.appUrl);

/**
 * A state-changing request whose Origin is another origin (CSRF). The one check of both paths: the pipeline
 * refuses it (originCheck), the fast lane (fast-lane.ts) leaves it to the pipeline.
 */
export const crossOrigin = (method: string, req: OriginSource, opts: OriginOptions): boolean => {
  const origin = req.header('origin');
  return !SAFE_METHODS.has(method) && !!origin && origin !== requestOrigin(req, opts);
};

/** A state-changing request from another origin is refused (CSRF). */
export const originCheck =
  (opts: OriginOptions): MiddlewareHandler =>
  async (c, next) => {
    if (crossOrigin(c.req.method, c.req, opts)) return c.json(errorBody('FORBIDDEN', 'Cross-origin request refused'), 403);
    await next();
  };
