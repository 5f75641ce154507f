import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, exactPath, expectSignedOut, expectToast, signIn, type AccountKey } from './fixtures';

/** Spec section 6 and the guarded rows of the route table (src/shared/guards.ts). */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

/**
 * Records, in the page, when the first toast appears and when the URL first
 * changes (client-side or full navigation), so the redirect delay can be measured.
 */
async function watchRedirectDelay(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __toastAt?: number; __leftAt?: number };
    if (sessionStorage.getItem('__watched')) return;
    sessionStorage.setItem('__watched', '1');
    const start = location.href;
    const mark = () => {
      if (w.__toastAt === undefined && document.querySelector('[data-testid="toast"]')) w.__toastAt = performance.now();
      if (w.__leftAt === undefined && location.href !== start) {
        w.__leftAt = performance.now();
        sessionStorage.setItem('__delay', String(w.__leftAt - (w.__toastAt ?? Infinity)));
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
    for (const fn of ['pushState', 'replaceState'] as const) {
      const orig = history[fn].bind(history);
      history[fn] = (...args: Parameters<History['pushState']>) => {
        orig(...args);
        mark();
      };
    }
    addEventListener('beforeunload', () => {
      if (w.__toastAt !== undefined) sessionStorage.setItem('__delay', String(performance.now() - w.__toastAt));
    });
  });
  return async () => Number(await page.evaluate(() => sessionStorage.getItem('__delay')));
}

test.describe('/admin', () => {
  test('signed out: Unauthorized toast, then /login?redirect=/admin after 500 ms', async ({ page }) => {
    const delay = await watchRedirectDelay(page);
    await page.goto('/admin');
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await expect(page).toHaveURL(exactPath('/login?redirect=/admin'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    const ms = await delay();
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(ms).toBeLessThan(3000);
  });

  test('as a company: Access Denied, then /login?redirect=/admin', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/admin');
    await expectToast(page, 'Access Denied', 'Access denied: the Admin Dashboard requires admin privileges');
    await expect(page.getByTestId('admin-portal')).toHaveCount(0);
    await expect(page).toHaveURL(exactPath('/login?redirect=/admin'));
  });

  test('as a rider: Access Denied, then /login?redirect=/admin', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.goto('/admin');
    await expectToast(page, 'Access Denied', 'Access denied: the Admin Dashboard requires admin privileges');
    await expect(page).toHaveURL(exactPath('/login?redirect=/admin'));
  });

  test('as the admin: the dashboard with its badges and six real stat cards', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/admin');
    const portal = page.getByTestId('admin-portal');
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    await expect(portal.getByTestId('role-badge')).toHaveText('Administrator');
    await expect(portal.getByTestId('system-online')).toHaveText('System Online');
    await expect(portal.getByTestId('restricted-badge')).toHaveCount(0);
    await expect(page.getByText('Portal Restricted')).toHaveCount(0);

    const cards = page.getByTestId('admin-stats').locator(':scope > div');
    await expect(cards).toHaveCount(6);
    await expect(cards.locator('p:first-child')).toHaveText([
      'Total Riders',
      'Daily Orders',
      'Total Companies',
      'Revenue (KWD)',
      'Completion Rate (%)',
      'Active Now',
    ]);
    // Real figures from the database, not the spec's client fallbacks (3 and 1): the
    // seed has 12 riders in 2 companies (more if another test file added some first).
    const stats = (await (await context.request.get('/api/dashboard/admin')).json()) as { totalRiders: number; totalCompanies: number };
    expect(stats.totalRiders).toBeGreaterThanOrEqual(12);
    expect(stats.totalCompanies).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('stat-total-riders').locator('p').nth(1)).toHaveText(String(stats.totalRiders));
    await expect(page.getByTestId('stat-total-companies').locator('p').nth(1)).toHaveText(String(stats.totalCompanies));
    await expect(page).toHaveURL(exactPath('/admin'));
  });
});

/** The seeded riders of each company (db/seed-data.ts). */
const FAST_RIDERS = ['Rashid Khan', 'Imran Siddiqui', 'Mahmoud Fathy', 'Arjun Pillai', 'Hassan Youssef', 'Jomon Varghese'];
const EMIRATES_RIDERS = ['Bilal Ahmed', 'Samuel Otieno', 'Faisal Qureshi', 'Nabil Haddad', 'Tariq Mahmood', 'Vikram Rao'];

test.describe('/company', () => {
  test('signed out: Unauthorized, then /company-login', async ({ page }) => {
    await page.goto('/company');
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await expect(page).toHaveURL(exactPath('/company-login'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company Login');
  });

  test('as a rider: Access Denied, then /company-login', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.goto('/company');
    await expect(page.getByTestId('toast-title')).toHaveText('Access Denied');
    await expect(page.getByTestId('company-portal')).toHaveCount(0);
    await expect(page).toHaveURL(exactPath('/company-login'));
  });

  test('as the admin: not the admin’s portal, so /company-login', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/company');
    await expect(page.getByTestId('toast-title')).toHaveText('Access Denied');
    await expect(page).toHaveURL(exactPath('/company-login'));
  });

  test('as Fast Delivery: its portal and its own riders only (the six seeded, none of Emirates)', async ({ page, context }) => {
    await signIn(context, 'fast');
    // The portal opens on Overview; the rider cards are on the Fleet Management tab.
    await page.goto('/company?tab=fleet');
    const portal = page.getByTestId('company-portal');
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Company Portal');
    await expect(portal.getByTestId('portal-header').getByText('Fast Delivery', { exact: true })).toBeVisible();
    await expect(portal.getByTestId('role-badge')).toHaveText('Company Manager');
    await expect(portal.getByTestId('restricted-badge')).toHaveText('Portal Restricted');
    // Exactly the riders the server gives this company: the six seeded ones (plus any a
    // test added to Fast Delivery earlier), and none of Emirates Express's.
    const own = (await (await context.request.get('/api/company/riders')).json()) as { name: string }[];
    const names = own.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(FAST_RIDERS));
    const riders = page.getByTestId('rider-card');
    await expect(riders).toHaveCount(own.length);
    await expect(riders.getByRole('heading')).toHaveText(names);
    for (const name of EMIRATES_RIDERS) await expect(page.getByText(name)).toHaveCount(0);
  });

  test('as Emirates Express: its own riders, none of Fast Delivery’s', async ({ page, context }) => {
    await signIn(context, 'emirates');
    await page.goto('/company?tab=fleet');
    await expect(page.getByTestId('portal-header').getByText('Emirates Express Delivery', { exact: true })).toBeVisible();
    const own = (await (await context.request.get('/api/company/riders')).json()) as { name: string }[];
    expect(own.map((r) => r.name)).toEqual(expect.arrayContaining(EMIRATES_RIDERS));
    await expect(page.getByTestId('rider-card')).toHaveCount(own.length);
    await expect(page.getByText('Bilal Ahmed', { exact: true })).toBeVisible();
    for (const name of FAST_RIDERS) await expect(page.getByText(name)).toHaveCount(0);
  });
});

test.describe('/rider', () => {
  test('signed out: Unauthorized... toast, then the login endpoint, ending on /login?redirect=/rider', async ({ page }) => {
    const delay = await watchRedirectDelay(page);
    const viaEndpoint = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith('/api/login?redirect=/rider'));
    await page.goto('/rider');
    await expect(page.getByTestId('toast-title')).toHaveText('Unauthorized... Logging in again...');
    await viaEndpoint;
    await expect(page).toHaveURL(exactPath('/login?redirect=/rider'));
    const ms = await delay();
    expect(ms).toBeGreaterThanOrEqual(450);
  });

  test('as a company: Riders only. Logging out..., then / signed out', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/rider');
    await expect(page.getByTestId('toast-title')).toHaveText('Riders only. Logging out...');
    await expect(page.getByTestId('rider-portal')).toHaveCount(0);
    await expect(page).toHaveURL(exactPath('/'));
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    await expectSignedOut(context);
  });

  test('as a rider: the rider dashboard', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.goto('/rider');
    const portal = page.getByTestId('rider-portal');
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Rider Dashboard');
    await expect(portal.getByTestId('role-badge')).toHaveText('Delivery Rider');
    await expect(portal.getByTestId('restricted-badge')).toHaveText('Portal Restricted');
    await expect(portal.getByTestId('rider-stats')).toBeVisible();
    await expect(page).toHaveURL(exactPath('/rider'));
  });

  test('as the admin: allowed', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/rider');
    const portal = page.getByTestId('rider-portal');
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Rider Dashboard');
    await expect(portal.getByTestId('role-badge')).toHaveText('Administrator');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.waitForTimeout(700);
    await expect(page).toHaveURL(exactPath('/rider'));
  });
});

test.describe('/app', () => {
  test('signed out: /login?redirect=/app', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(exactPath('/login?redirect=/app'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });

  test('as a company: Access Denied toast, then /', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/app');
    await expect(page.getByTestId('toast-title')).toHaveText('Access Denied: This app is for delivery riders only');
    await expect(page.getByTestId('rider-app')).toHaveCount(0);
    await expect(page).toHaveURL(exactPath('/'));
    await expect(page.getByTestId('welcome-back')).toHaveText('Welcome back, Khalid! You are signed in as Company Manager.');
  });

  test('as the admin: riders only, so /', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/app');
    await expect(page.getByTestId('toast-title')).toHaveText('Access Denied: This app is for delivery riders only');
    await expect(page).toHaveURL(exactPath('/'));
  });

  test('as a rider: the rider app', async ({ page, context }) => {
    await signIn(context, 'riderUae');
    await page.goto('/app');
    const app = page.getByTestId('rider-app');
    await expect(app.getByRole('heading', { level: 1 })).toHaveText('Rider App');
    await expect(app.getByTestId('role-badge')).toHaveText('Delivery Rider');
    await expect(page).toHaveURL(exactPath('/app'));
  });
});

test.describe('/support', () => {
  test('signed out: /login', async ({ page }) => {
    await page.goto('/support');
    await expect(page).toHaveURL(exactPath('/login'));
  });

  for (const who of ['admin', 'fast', 'rider'] as AccountKey[]) {
    test(`as ${ACCOUNTS[who].role} (${who}): Support`, async ({ page, context }) => {
      await signIn(context, who);
      await page.goto('/support');
      const support = page.getByTestId('support-page');
      await expect(support.getByRole('heading', { level: 1 })).toHaveText('Support');
      await expect(support.getByTestId('role-badge')).toHaveText(ACCOUNTS[who].role);
      await expect(support.getByText(`Signed in as ${ACCOUNTS[who].email}`, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(exactPath('/support'));
    });
  }
});
