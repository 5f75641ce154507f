import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { RIDER_FIRST_SCREEN_QUERIES } from '../../src/shared/rider-first-screen';
import { signIn } from './fixtures';

/**
 * Issue 10, item 5 (`/app` on a phone): a signed-in rider's /app comes rendered by the server with its data
 * (src/server/ssr). A phone in the rider's region's time zone paints the rider app before any of the app's code has
 * run; React then takes that DOM over (hydrates it) without an error and without asking for the data again.
 * A phone whose first render would differ (here, another time zone) gets the loading screen and the app as before.
 */
const SHOTS = '.tmp/shots-ssr';
const FIRST_SCREEN_PROCEDURES = RIDER_FIRST_SCREEN_QUERIES.map((q) => q.path.join('.'));

async function riderPhone(browser: import('@playwright/test').Browser, timezoneId: string, width = 390, height = 844): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height }, timezoneId, serviceWorkers: 'block' });
  await signIn(context, 'rider');
  return context;
}

/** Console errors, failed page scripts, and the first screen's procedures the page asked the API for. */
function watch(page: Page) {
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const m = /\/api\/trpc\/([^?]+)/.exec(r.url());
    if (m) asked.push(...m[1]!.split(',').filter((p) => FIRST_SCREEN_PROCEDURES.includes(p)));
  });
  return { errors, asked };
}

test('before any of its code has run, a Kuwait phone shows the rider app with its data, inert', async ({ browser }) => {
  const context = await riderPhone(browser, 'Asia/Kuwait');
  const page = await context.newPage();
  // Every script but boot.js (index.html's classic one) refused: what shows is the server's.
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, (r) => r.abort());
  await page.goto('/app');
  const app = page.getByTestId('rider-app');
  await expect(app).toBeVisible();
  await expect(page.locator('#app > [inert]')).toHaveCount(1);
  await expect(app.getByRole('heading', { name: 'Rider App' })).toBeVisible();
  await expect(app.getByText('Rashid · Fast Delivery')).toBeVisible();
  await expect(page.getByTestId('region-picker')).toBeVisible();
  await expect(page.getByTestId('region-option-kuwait')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/server-rendered-390.png` });
  await context.close();
});

test('React takes the server-rendered screen over: no error, no second ask for its data, and it works', async ({ browser }) => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const context = await riderPhone(browser, 'Asia/Kuwait', width, height);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/app');
    await expect(page.locator('#app > [inert]')).toHaveCount(0);
    // The figures column mounts card by card after the first paint.
    await expect(page.getByTestId('app-cash-on-hand')).toBeVisible();
    await expect(page.getByTestId('install-card').or(page.getByTestId('support-card')).first()).toBeVisible();
    // Hydrated, not rebuilt: the paragraph the server sent is the one on screen.
    await page.screenshot({ path: `${SHOTS}/hydrated-${width}.png` });
    // It answers a tap: the region picker takes the choice.
    await page.getByTestId('region-option-uae').click();
    await expect(page.getByTestId('region-option-uae')).toHaveAttribute('aria-checked', 'true');
    expect(seen.errors).toEqual([]);
    expect(seen.asked).toEqual([]);
    // The app has stored its answers in this browser: it says so, and the next page comes without a rendering
    // (boot.js would put the loading screen back for this browser anyway).
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'kwt_rider_state')).toBe(true);
    const next = await (await context.request.get('/app')).text();
    expect(next).toContain('id="kwt-state"');
    expect(next).not.toContain('id="shell-loading"');
    await context.close();
  }
});

test('a phone in another time zone gets the loading screen, then the app rendered in the browser', async ({ browser }) => {
  const context = await riderPhone(browser, 'Europe/London');
  const page = await context.newPage();
  const seen = watch(page);
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, (r) => r.abort());
  await page.goto('/app');
  await expect(page.locator('[data-boot-label]')).toHaveText('Loading KWT Delivery...');
  await expect(page.getByTestId('rider-app')).toHaveCount(0);
  await page.unroute(/\/assets\/(?!boot-)[^/]+\.js$/);
  seen.errors.length = 0; // the refused scripts above
  await page.goto('/app');
  await expect(page.getByTestId('rider-app')).toBeVisible();
  await expect(page.getByTestId('region-picker')).toBeVisible();
  expect(seen.errors).toEqual([]);
  // The answers came with the page all the same.
  expect(seen.asked).toEqual([]);
  await context.close();
});

test('in Arabic for a rider whose account and phone are in Arabic, hydrated without an error', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Dubai', locale: 'ar-AE', serviceWorkers: 'block' });
  await signIn(context, 'riderUae');
  const setLocale = (locale: 'en' | 'ar') => context.request.post('/api/trpc/auth.setLocale', { data: { locale } });
  expect((await setLocale('ar')).status()).toBe(200);
  try {
    const page = await context.newPage();
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, (r) => r.abort());
    await page.goto('/app');
    await expect(page.locator('#app > [inert]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'تطبيق المندوب' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.screenshot({ path: `${SHOTS}/server-rendered-ar-390.png` });
    await page.unroute(/\/assets\/(?!boot-)[^/]+\.js$/);
    const seen = watch(page);
    await page.goto('/app');
    await expect(page.locator('#app > [inert]')).toHaveCount(0);
    await expect(page.getByTestId('app-cash-on-hand')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'تطبيق المندوب' })).toBeVisible();
    expect(seen.errors).toEqual([]);
    expect(seen.asked).toEqual([]);
  } finally {
    expect((await setLocale('en')).status()).toBe(200);
    await context.close();
  }
});
