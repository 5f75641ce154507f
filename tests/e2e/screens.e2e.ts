import { expect, test } from '@playwright/test';
import { signIn, type AccountKey } from './fixtures';

/**
 * Screenshots of the main screens at phone and desktop sizes, for a person to
 * look at: test-results/screens/{name}-{size}.png. Each screen must also render
 * its main landmark without horizontal overflow.
 */
test.use({ serviceWorkers: 'block' });

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SCREENS: { name: string; path: string; as?: AccountKey; ready: string }[] = [
  { name: 'landing', path: '/', ready: 'landing-hub' },
  { name: 'contact', path: '/contact', ready: 'contact-page' },
  { name: 'not-found', path: '/no-such-page', ready: 'not-found' },
  { name: 'home-admin', path: '/', as: 'admin', ready: 'authenticated-home' },
  { name: 'admin', path: '/admin', as: 'admin', ready: 'admin-stats' },
  { name: 'company', path: '/company', as: 'fast', ready: 'company-stats' },
  { name: 'rider', path: '/rider', as: 'rider', ready: 'rider-stats' },
  { name: 'app', path: '/app', as: 'riderUae', ready: 'rider-stats' },
  { name: 'support', path: '/support', as: 'emirates', ready: 'support-page' },
];

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`main screens at ${size} size (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    test.setTimeout(60_000);
    const shoot = async (name: string, page: import('@playwright/test').Page) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${name}-${size}.png`, fullPage: false });
    };

    // Signed-out screens, and the two login screens.
    const anon = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await anon.newPage();
    for (const s of SCREENS.filter((x) => !x.as)) {
      await page.goto(s.path);
      await expect(page.getByTestId(s.ready)).toBeVisible();
      await shoot(s.name, page);
    }
    await page.goto('/login?redirect=/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await shoot('login', page);
    await page.goto('/company-login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company Login');
    await shoot('company-login', page);
    await anon.close();

    for (const s of SCREENS.filter((x) => x.as)) {
      const ctx = await browser.newContext({ viewport, serviceWorkers: 'block' });
      await signIn(ctx, s.as!);
      const p = await ctx.newPage();
      await p.goto(s.path);
      await expect(p.getByTestId(s.ready)).toBeVisible();
      await expect(p.locator('.skeleton')).toHaveCount(0);
      await shoot(s.name, p);
      await ctx.close();
    }
  });
}
