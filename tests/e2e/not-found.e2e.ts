import { expect, test, type Page } from '@playwright/test';

/** Issue 21 item 9: a path that is no page answers HTTP 404, and the app still renders the spec's not-found page. */

async function expectNotFoundPage(page: Page) {
  const nf = page.getByTestId('not-found');
  await expect(nf.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(nf.getByText("The page you're looking for doesn't exist or you may need to log in.", { exact: true })).toBeVisible();
}

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('an unknown path is a 404 with the not-found page; a tracking link is a page (200)', async ({ page }) => {
    const missing = await page.goto('/no-such-page/here');
    expect(missing?.status()).toBe(404);
    await expectNotFoundPage(page);
    const track = await page.goto('/track/TRK-NOPE1234');
    expect(track?.status()).toBe(200);
    await expect(page.getByTestId('track-page')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });
});

test('through the service worker the 404 stays a 404, and offline the shell still renders the not-found page', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('landing-hub')).toBeVisible();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const online = await page.goto('/missing-online');
  expect(online?.status()).toBe(404);
  expect(online?.fromServiceWorker()).toBe(true);
  await expectNotFoundPage(page);

  await context.setOffline(true);
  try {
    await page.goto('/missing-offline');
    await expectNotFoundPage(page);
  } finally {
    await context.setOffline(false);
  }
});
