import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, exactPath, expectToast, PASSWORD, type AccountKey } from './fixtures';

/** Spec sections 4, 5 and 8: the general and company login screens. */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

const LOGIN_CALL = /\/api\/trpc\/auth\.login/;

const submit = (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Sign In|Signing in\.\.\.)$/ });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submit(page).click();
}

test.describe('general login', () => {
  test('an empty password: Error / Please enter both email and password, no call', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => LOGIN_CALL.test(r.url()) && calls++);
    await page.goto('/login');
    await fillLogin(page, ACCOUNTS.admin.email, '');
    await expectToast(page, 'Error', 'Please enter both email and password');
    expect(calls).toBe(0);
    await expect(page).toHaveURL(exactPath('/login'));
  });

  test('a whitespace-only password is trimmed to empty: the same error', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => LOGIN_CALL.test(r.url()) && calls++);
    await page.goto('/login');
    await fillLogin(page, ACCOUNTS.admin.email, '    ');
    await expectToast(page, 'Error', 'Please enter both email and password');
    expect(calls).toBe(0);
  });

  test('an empty email is blocked by the browser (type=email, required)', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => LOGIN_CALL.test(r.url()) && calls++);
    await page.goto('/login');
    await fillLogin(page, '', PASSWORD);
    const email = page.getByLabel('Email');
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.waitForTimeout(200);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(calls).toBe(0);
  });

  test('a wrong password: Login Failed / Invalid credentials...', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ACCOUNTS.admin.email, 'Wrong-password-1');
    await expectToast(page, 'Login Failed', 'Invalid credentials. Please check your email and password.');
    await expect(submit(page)).toHaveText('Sign In');
    await expect(submit(page)).toBeEnabled();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(exactPath('/login'));
  });

  test('the button reads Signing in... while the call is pending', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(LOGIN_CALL, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/login');
    await fillLogin(page, `  ${ACCOUNTS.admin.email}  `, PASSWORD);
    await expect(submit(page)).toHaveText('Signing in...');
    await expect(submit(page)).toBeDisabled();
    release();
    await expectToast(page, 'Login Successful', 'Welcome back, Sara!');
    await expect(page).toHaveURL(exactPath('/admin'));
  });

  test('success: Login Successful / Welcome back, Sara!, then /admin after 200 ms; role hint inferred from the email', async ({ page }) => {
    await page.goto('/login');
    const call = page.waitForRequest(LOGIN_CALL);
    const t0 = Date.now();
    await fillLogin(page, ACCOUNTS.admin.email, PASSWORD);
    // httpBatchLink posts { "0": input } (or { "0": { json: input } } with a transformer).
    const body = (await call).postDataJSON() as Record<string, Record<string, unknown>>;
    const first = body['0'] ?? body;
    const input = (first.json ?? first) as Record<string, string>;
    expect(input).toMatchObject({ email: 'admin@kwtdelivery.com', password: PASSWORD, role: 'admin' });
    await expectToast(page, 'Login Successful', 'Welcome back, Sara!');
    await expect(page).toHaveURL(exactPath('/admin'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    await expect(page.getByTestId('admin-portal').getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  });

  for (const who of Object.keys(ACCOUNTS) as AccountKey[]) {
    const a = ACCOUNTS[who];
    test(`${a.email} lands on ${a.portal}`, async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, a.email, PASSWORD);
      await expectToast(page, 'Login Successful', `Welcome back, ${a.firstName}!`);
      await expect(page).toHaveURL(exactPath(a.portal));
      await expect(page.getByTestId('role-badge')).toHaveText(a.role);
    });
  }

  test('/login?error=too-many (a refused Google callback) says to wait', async ({ page }) => {
    await page.goto('/login?error=too-many');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Too many attempts. Please wait a few minutes and try again.');
  });

  test('/login?redirect=/admin as a rider ignores the redirect: /rider', async ({ page }) => {
    await page.goto('/login?redirect=/admin');
    await fillLogin(page, ACCOUNTS.rider.email, PASSWORD);
    await expect(page).toHaveURL(exactPath('/rider'));
    await expect(page.getByTestId('rider-portal')).toBeVisible();
  });

  test('/login?redirect=/app as a rider follows the redirect: /app', async ({ page }) => {
    await page.goto('/login?redirect=/app');
    await fillLogin(page, ACCOUNTS.rider.email, PASSWORD);
    await expect(page).toHaveURL(exactPath('/app'));
    await expect(page.getByTestId('rider-app').getByRole('heading', { level: 1 })).toHaveText('Rider App');
  });

  test('/login?redirect=/company as a company follows the redirect', async ({ page }) => {
    await page.goto('/login?redirect=/company');
    await fillLogin(page, ACCOUNTS.emirates.email, PASSWORD);
    await expect(page).toHaveURL(exactPath('/company'));
  });
});

test.describe('company login', () => {
  async function fillCompany(page: Page, email: string, password: string) {
    await page.getByLabel('Company Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button').click();
  }

  test('a wrong password shows the server message in the alert', async ({ page }) => {
    await page.goto('/company-login');
    await fillCompany(page, ACCOUNTS.fast.email, 'Wrong-password-2');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid credentials. Please check your email and password.');
    await expect(page).toHaveURL(exactPath('/company-login'));
    await expect(page.getByRole('main').getByRole('button')).toHaveText('Sign In');
  });

  test('a network failure shows Network error. Please try again.', async ({ page }) => {
    await page.route(LOGIN_CALL, (route) => route.abort('internetdisconnected'));
    await page.goto('/company-login');
    await fillCompany(page, ACCOUNTS.fast.email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Network error. Please try again.');
    await expect(page).toHaveURL(exactPath('/company-login'));
  });

  test('it first ends any current session silently', async ({ page }) => {
    await page.goto('/company-login');
    const logout = page.waitForRequest(/\/api\/trpc\/auth\.logout/);
    const login = page.waitForRequest(LOGIN_CALL);
    await fillCompany(page, ACCOUNTS.fast.email, PASSWORD);
    const [lo, li] = [await logout, await login];
    expect(lo.method()).toBe('POST');
    expect(li.method()).toBe('POST');
    await expect(page).toHaveURL(exactPath('/company'));
  });

  test('success does a full navigation to /company', async ({ page }) => {
    await page.goto('/company-login');
    await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));
    const nav = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/company');
    await fillCompany(page, ACCOUNTS.fast.email, PASSWORD);
    await nav;
    await expect(page).toHaveURL(exactPath('/company'));
    await expect(page.getByTestId('company-portal').getByRole('heading', { level: 1 })).toHaveText('Company Portal');
    // A full navigation leaves the old document (and its globals) behind.
    expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBeUndefined();
  });
});
