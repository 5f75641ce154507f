/**
 * Search-param checks for route definitions. The definitions are part of every page's first download, so they
 * use these few lines instead of zod; each behaves as the zod schema it replaced (`z.enum(...).optional()
 * .catch(undefined)`, `z.string().trim().min(1).max(n).optional().catch(undefined)`): a value that does not
 * pass is dropped (src/client/search.test.ts compares them).
 */

/** One of `values`, else undefined. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A string of at most `max` characters (trimmed and non-empty when `trim`), else undefined. */
export function text(value: unknown, max: number, { trim = false } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = trim ? value.trim() : value;
  return s.length <= max && (!trim || s.length >= 1) ? s : undefined;
}

/** /login: only the three portal paths (and /app) are honoured as redirects (as src/shared/schemas/auth.ts loginSearch). */
export const LOGIN_REDIRECTS = ['/admin', '/company', '/rider', '/app'] as const;
export function loginSearchParams(search: Record<string, unknown>): { redirect?: (typeof LOGIN_REDIRECTS)[number]; error?: string } {
  return { redirect: oneOf(LOGIN_REDIRECTS, search.redirect), error: text(search.error, 40) };
}
