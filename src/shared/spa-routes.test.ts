import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSpaRoute, SPA_ROUTES } from './spa-routes';

describe('the app\'s pages, as the server knows them', () => {
  test('are the routes the router generates from routes/', () => {
    const tree = readFileSync(join(import.meta.dir, '..', 'routeTree.gen.ts'), 'utf8');
    const generated = [...tree.matchAll(/^\s+fullPath: '([^']+)'$/gm)].map((m) => m[1]);
    expect([...new Set(generated)].sort()).toEqual([...SPA_ROUTES].sort());
  });

  test('match one segment per $param, whatever its case or a trailing slash', () => {
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/track/TRK-1')).toBe(true);
    expect(isSpaRoute('/Company/')).toBe(true);
    expect(isSpaRoute('/track')).toBe(false);
    expect(isSpaRoute('/track/a/b')).toBe(false);
    expect(isSpaRoute('/companies')).toBe(false);
  });
});
