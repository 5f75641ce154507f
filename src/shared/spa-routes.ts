/**
 * The pages the single-page app has (routes/, as src/routeTree.gen.ts lists them; a test keeps the two equal).
 * The server answers any other path with the app shell and HTTP 404, so the not-found page the app renders is
 * also what crawlers and uptime monitors are told (issue 21, item 9). `$name` is one path segment.
 */
export const SPA_ROUTES = [
  '/',
  '/account',
  '/admin',
  '/app',
  '/company',
  '/company-login',
  '/contact',
  '/login',
  '/rider',
  '/support',
  '/company-invite/$token',
  '/invite/$token',
  '/reset/$token',
  '/track/$code',
] as const;

const segments = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = SPA_ROUTES.map(segments);

/**
 * Whether the app has a page at this (decoded) path: as the router matches, case-insensitively and with or
 * without a trailing slash.
 */
export function isSpaRoute(pathname: string): boolean {
  const parts = segments(pathname.toLowerCase());
  return PATTERNS.some((p) => p.length === parts.length && p.every((seg, i) => seg.startsWith('$') || seg === parts[i]));
}
