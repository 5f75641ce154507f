import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * A strict Content-Security-Policy for scripts (src/server/http/csp-scripts.test.ts checks the headers):
 * script-src 'self' blocks any inline <script> or on*= handler, so the built index.html must carry none.
 * Here, after `vite build` (npm run test:e2e builds before it runs Playwright), so the check always runs.
 */
test('the built index.html has no inline script', () => {
  const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect({ attrs, external: /\ssrc\s*=/.test(attrs!), body: body!.trim() }).toEqual({ attrs, external: true, body: '' });
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
});
