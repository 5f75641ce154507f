import { expect, test } from '@playwright/test';
import { exactPath, expectToast, holdRequests, signIn } from './fixtures';

/** Spec section 2: the public rows of the route table (the guarded rows are in guards.e2e.ts). */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

const PORTALS = [
  {
    id: 'admin',
    title: 'Admin Dashboard',
    features: ['System-wide statistics', 'Company management', 'Rider and order management', 'Google Sheets sync', 'Reports generation'],
  },
  {
    id: 'company',
    title: 'Company Portal',
    features: ['Fleet management', 'Rider onboarding', 'Order tracking', 'Revenue analytics', 'Company data export'],
  },
  {
    id: 'rider',
    title: 'Rider Portal',
    features: ['Duty check-in and check-out', 'Odometer and receipt scanning', 'GPS location sharing', 'Cash on delivery hand-over', 'Works offline'],
  },
];

test.describe('/ signed out: the landing hub', () => {
  test('hero, four feature chips, three portal cards and enterprise features', async ({ page }) => {
    await page.goto('/');
    const hub = page.getByTestId('landing-hub');
    await expect(hub.getByRole('heading', { level: 1 })).toHaveText('Run your delivery fleet across Kuwait and the UAE');
    await expect(page.getByTestId('authenticated-home')).toHaveCount(0);

    const chips = page.getByTestId('feature-chips').getByRole('listitem');
    await expect(chips).toHaveText(['Real-time Analytics', 'Receipt & Odometer OCR', 'GPS Tracking', 'Installable PWA']);

    const cards = page.getByTestId('portal-cards').locator('article');
    await expect(cards).toHaveCount(3);
    for (const p of PORTALS) {
      const card = page.getByTestId(`portal-card-${p.id}`);
      await expect(card.getByRole('heading')).toHaveText(p.title);
      await expect(card.getByRole('listitem')).toHaveText(p.features);
      const link = card.getByRole('link');
      await expect(link).toHaveCount(1);
      await expect(link).toHaveText(`Enter ${p.title}`);
      // TanStack may percent-encode the slash; the target is the same URL either way.
      expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toBe(`/login?redirect=/${p.id}`);
    }

    const enterprise = page.getByTestId('enterprise-features');
    await expect(enterprise.getByRole('heading', { level: 2 })).toHaveText('Enterprise features');
    await expect(enterprise.getByRole('heading', { level: 3 })).toHaveText([
      'Secure sessions and roles',
      'KWD and AED',
      'Offline first',
      'AI assistant',
    ]);
  });

  test('a portal card link opens the login with its redirect', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('portal-card-company').getByRole('link').click();
    await expect(page).toHaveURL(exactPath('/login?redirect=/company'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });

  test('the hero Sign In goes to the server login path, which ends on /login without Google', async ({ page }) => {
    await page.goto('/');
    const signIn = page.getByTestId('hero-sign-in');
    await expect(signIn).toHaveText('Sign In');
    await expect(signIn).toHaveAttribute('href', '/api/login');
    const nav = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/login' && r.isNavigationRequest());
    await signIn.click();
    await nav;
    await expect(page).toHaveURL(exactPath('/login'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });
});

test('/ signed in: the welcome-back line and Contact Us for Demo', async ({ page, context }) => {
  await signIn(context, 'admin');
  await page.goto('/');
  const home = page.getByTestId('authenticated-home');
  await expect(home.getByTestId('welcome-back')).toHaveText('Welcome back, Sara! You are signed in as Administrator.');
  await expect(page.getByTestId('landing-hub')).toHaveCount(0);
  await expect(home.getByTestId('portal-cards').locator('article')).toHaveCount(3);
  const contact = home.getByRole('link', { name: 'Contact Us for Demo', exact: true });
  await expect(contact).toHaveAttribute('href', '/contact');
  await contact.click();
  await expect(page).toHaveURL(exactPath('/contact'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});

test('the loading screen shows while the auth check is pending', async ({ page }) => {
  const held = await holdRequests(page, /\/api\/trpc\/auth\.me/);
  await page.goto('/');
  await expect(page.getByText('Loading KWT Delivery...', { exact: true })).toBeVisible();
  await expect(page.getByTestId('landing-hub')).toHaveCount(0);
  expect(held.seen()).toBeGreaterThan(0);
  held.release();
  await expect(page.getByTestId('landing-hub')).toBeVisible();
  await expect(page.getByText('Loading KWT Delivery...', { exact: true })).toHaveCount(0);
});

test('a failing auth check (not a 401) is treated as signed out', async ({ page }) => {
  await page.route(/\/api\/trpc\/auth\.me/, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/');
  await expect(page.getByTestId('landing-hub')).toBeVisible();
});

test('an unknown path shows the not-found page with links to / and /login', async ({ page }) => {
  await page.goto('/does-not-exist');
  const nf = page.getByTestId('not-found');
  await expect(nf.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(nf.getByText("The page you're looking for doesn't exist or you may need to log in.", { exact: true })).toBeVisible();
  const links = nf.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toHaveAttribute('href', '/');
  await expect(links.nth(1)).toHaveAttribute('href', '/login');
  await links.nth(1).click();
  await expect(page).toHaveURL(exactPath('/login'));
});

test.describe('/contact (public)', () => {
  test('shows business hours and sends a valid message', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByTestId('business-hours').getByRole('listitem')).toHaveText(['Sun-Thu 8-18', 'Fri-Sat 9-16']);

    const form = page.getByTestId('contact-form');
    await form.locator('[name=name]').fill('Noura Al-Sabah');
    await form.locator('[name=email]').fill('Noura@Example.com');
    await form.locator('[name=phone]').fill('+96550001234');
    await form.locator('[name=company]').fill('Gulf Couriers');
    await form.locator('[name=inquiryType]').selectOption('demo');
    await form.locator('[name=message]').fill('We run 40 riders in Hawalli and want a demo.');
    const submitted = page.waitForResponse((r) => r.url().includes('/api/trpc/contact.submit'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await submitted).status()).toBe(200);
    await expectToast(page, 'Message Sent Successfully', "Thank you! We'll get back to you within 24 hours.");
    // The form resets on success.
    await expect(form.locator('[name=name]')).toHaveValue('');
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test('an invalid message shows an error and is not sent', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/trpc/contact.submit')) sent++;
    });
    // Whitespace passes the browser's `required` check but not the shared schema.
    await form.locator('[name=name]').fill('   ');
    await form.locator('[name=email]').fill('noura@example.com');
    await form.locator('[name=inquiryType]').selectOption('pricing');
    await form.locator('[name=message]').fill('How much per rider?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Name is required');
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // An empty required field is blocked by the browser before the app sees it.
    await form.locator('[name=name]').fill('Noura');
    await form.locator('[name=message]').fill('');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.locator('[name=message]').evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    await page.waitForTimeout(200);
    expect(sent).toBe(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a server failure shows the failure toast', async ({ page }) => {
    await page.route(/\/api\/trpc\/contact\.submit/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.locator('[name=name]').fill('Noura');
    await form.locator('[name=email]').fill('noura@example.com');
    await form.locator('[name=inquiryType]').selectOption('support');
    await form.locator('[name=message]').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Failed to send message. Please try again.');
  });
});

test('/login renders the general login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  await expect(page.getByText('Sign in to your KWT Delivery account', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
});

test('/company-login renders the company login', async ({ page }) => {
  await page.goto('/company-login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company Login');
  await expect(page.getByLabel('Company Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByText('Having trouble signing in? Contact your administrator.', { exact: true })).toBeVisible();
  await expect(page.getByText('When your company account is created, the administrator sends you a one-time link to choose your password. If it has expired, ask them for a new one.', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
