import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { loginSearch } from '../shared/schemas/auth';
import { loginSearchParams, oneOf, text } from './search';

/** Values the router may hand a validateSearch: its JSON-ish parse of the query string. */
const VALUES: unknown[] = [undefined, null, '', ' ', 'overview', 'fleet', 'nope', ' fleet', 'x'.repeat(40), 'x'.repeat(41), ` ${'y'.repeat(40)} `, '  r1  ', 123, true, ['fleet'], { a: 1 }];
const TABS = ['overview', 'fleet', 'orders'] as const;
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

describe('route search checks behave as the zod schemas they replaced', () => {
  test('oneOf = z.enum().optional().catch(undefined)', () => {
    const schema = z.object({ tab: z.enum(TABS).optional().catch(undefined) });
    for (const v of VALUES) expect(defined({ tab: oneOf(TABS, v) })).toEqual(defined(schema.parse({ tab: v })));
  });

  test('text(trim) = z.string().trim().min(1).max(40).optional().catch(undefined)', () => {
    const schema = z.object({ rider: z.string().trim().min(1).max(40).optional().catch(undefined) });
    for (const v of VALUES) expect(defined({ rider: text(v, 40, { trim: true }) })).toEqual(defined(schema.parse({ rider: v })));
  });

  test('loginSearchParams = the shared loginSearch schema', () => {
    const redirects = ['/admin', '/company', '/rider', '/app', '/support', 'https://evil.example', '//evil.example'];
    for (const redirect of [...redirects, ...VALUES]) {
      for (const error of VALUES) expect(defined(loginSearchParams({ redirect, error }))).toEqual(defined(loginSearch.parse({ redirect, error })));
    }
  });
});
