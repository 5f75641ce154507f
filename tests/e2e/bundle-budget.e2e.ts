import { expect, test } from '@playwright/test';
import { BUDGETS_KB, formatRoute, measureRoute, type BudgetRoute } from '../../bench/web/initial-js';

/**
 * Issue 10, front-end budgets, in CI: the initial JavaScript of /, /login and /app (gzip -9 of every script the
 * page downloads until it is ready and the network is idle, in a fresh browser with no service worker) stays
 * within its budget. Measured exactly as `bun run bench:web` does (bench/web/initial-js.ts), on the build the
 * suite serves. A miss prints the per-script table.
 */
test.describe.configure({ timeout: 60_000 });

for (const route of Object.keys(BUDGETS_KB) as BudgetRoute[]) {
  test(`initial JavaScript of ${route} stays within ${BUDGETS_KB[route]} KB gzip`, async ({ browser, baseURL }) => {
    const measured = await measureRoute(browser, baseURL!, route);
    const kb = measured.gzip / 1000;
    test.info().annotations.push({ type: 'initial JS', description: `${route}: ${kb.toFixed(1)} KB gzip in ${measured.scripts.length} scripts` });
    expect(kb, formatRoute(measured, BUDGETS_KB[route])).toBeLessThanOrEqual(BUDGETS_KB[route]);
  });
}
