import { expect, test, type BrowserContext } from '@playwright/test';
import { ACCOUNTS, expectSignedOut, freshCompany, freshRider, signIn } from './fixtures';

/**
 * Issue 22 item 6: the spec's logout navigations (/api/logout, /api/auth/logout) sign out from our own
 * buttons, never from another site's link (Sec-Fetch-Site: cross-site).
 */
const EVIL = 'http://evil.example/';

async function expectSignedIn(context: BrowserContext, email: string) {
  const res = await context.request.get('/api/auth/user');
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { email: string }).email).toBe(email);
}

test('a link on another site to /api/logout and /api/auth/logout leaves the session alive', async ({ page, context, baseURL }) => {
  await signIn(context, 'fast');
  for (const path of ['/api/logout', '/api/auth/logout']) {
    // A page of another site (served by the test) with a plain link to our logout address.
    await page.route(EVIL, (route) => route.fulfill({ contentType: 'text/html', body: `<a id="go" href="${baseURL}${path}">Win a prize</a>` }));
    await page.goto(EVIL);
    const nav = page.waitForResponse((r) => r.request().isNavigationRequest() && r.url() === `${baseURL}${path}`);
    await page.locator('#go').click();
    // The attack is real: the browser sent the session cookie with the other site's navigation. (Chromium's
    // Sec-Fetch-Site is not visible to Playwright here; the server refuses it either way, see auth.test.ts.)
    const headers = await (await nav).request().allHeaders();
    expect(headers.cookie).toContain('kwt_session=');
    expect(headers.referer).toBe(EVIL);
    if (headers['sec-fetch-site'] !== undefined) expect(headers['sec-fetch-site']).toBe('cross-site');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expectSignedIn(context, ACCOUNTS.fast.email);
  }
  // Still signed in on the page it landed on: the header shows the user, not Sign In.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible();
});

test('our own Logout buttons still sign out: the site header and the company portal', async ({ page, context }) => {
  await signIn(context, 'fast');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(context);

  await signIn(context, 'fast');
  await page.goto('/company');
  await page.getByTestId('company-portal').getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(context);
});

test('the rider app’s logout button signs the rider out', async ({ page, context }) => {
  const rider = await freshRider(await freshCompany());
  await signIn(context, rider);
  await page.goto('/app');
  await page.getByTestId('app-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(context);
});
