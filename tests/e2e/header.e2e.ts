import { expect, test } from '@playwright/test';
import { ACCOUNTS, exactPath, expectSignedOut, signIn, type AccountKey } from './fixtures';

/** Spec section 2, Header. */
test.use({ serviceWorkers: 'block' });

test.describe('desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signed out: brand, Home, Admin, Company, Rider and Sign In', async ({ page }) => {
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('brand')).toHaveText('KWT Delivery');
    await expect(header.getByTestId('brand')).toHaveAttribute('href', '/');
    const links = header.getByTestId('nav-links').getByRole('link');
    await expect(links).toHaveText(['Home', 'Admin', 'Company', 'Rider']);
    for (const [i, href] of ['/', '/admin', '/company', '/rider'].entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
    for (let i = 0; i < 4; i++) await expect(links.nth(i)).toBeVisible();
    const signInLink = header.getByRole('link', { name: 'Sign In', exact: true });
    await expect(signInLink).toBeVisible();
    await expect(signInLink).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Logout' })).toHaveCount(0);
    await expect(header.getByTestId('header-user')).toHaveCount(0);
    await signInLink.click();
    await expect(page).toHaveURL(exactPath('/login'));
  });

  const cases: { who: AccountKey; link: string; href: string }[] = [
    { who: 'admin', link: 'Admin', href: '/admin' },
    { who: 'fast', link: 'Company', href: '/company' },
    { who: 'rider', link: 'Rider', href: '/rider' },
  ];
  for (const { who, link, href } of cases) {
    test(`signed in as ${ACCOUNTS[who].role}: Home and ${link} only, name, role and Logout`, async ({ page, context }) => {
      await signIn(context, who);
      await page.goto('/');
      await expect(page.getByTestId('authenticated-home')).toBeVisible();
      const header = page.getByTestId('site-header');
      const links = header.getByTestId('nav-links').getByRole('link');
      await expect(links).toHaveText(['Home', link]);
      await expect(links.nth(1)).toHaveAttribute('href', href);
      const user = header.getByTestId('header-user');
      await expect(user).toBeVisible();
      await expect(user.locator(':scope > span')).toHaveText([ACCOUNTS[who].firstName, ACCOUNTS[who].role]);
      await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Logout', exact: true })).toBeVisible();
    });
  }

  test('Logout ends at / signed out', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/company');
    await expect(page.getByTestId('company-portal')).toBeVisible();
    await page.getByTestId('site-header').getByRole('link', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(exactPath('/'));
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByTestId('site-header').getByTestId('nav-links').getByRole('link')).toHaveText(['Home', 'Admin', 'Company', 'Rider']);
    await expectSignedOut(context);
    // The session really is gone: the portal is guarded again.
    await page.goto('/company');
    await expect(page).toHaveURL(exactPath('/company-login'));
  });
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed out: the nav links live in the menu', async ({ page }) => {
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('nav-links')).toBeHidden();
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await header.getByRole('button', { name: 'Menu' }).click();
    const menu = header.locator('.dropdown-content');
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Admin', 'Company', 'Rider']);
    await expect(menu.getByRole('link', { name: 'Company' })).toBeVisible();
    await menu.getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL(exactPath('/company-login'));
  });

  test('signed in: Home and the own portal in the menu, with name and role', async ({ page, context }) => {
    await signIn(context, 'riderUae');
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await expect(header.getByRole('link', { name: 'Logout', exact: true })).toBeVisible();
    await header.getByRole('button', { name: 'Menu' }).click();
    const menu = header.locator('.dropdown-content');
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Rider', 'Account & security']);
    await expect(menu.getByTestId('header-user-mobile')).toHaveText('Bilal · Delivery Rider');
  });
});
