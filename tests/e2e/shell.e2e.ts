import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectToast } from './fixtures';

/** The app shell: chat bubble, toasts, install prompt (spec sections 2, 4 and 9). */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

test('the chat bubble opens a panel on every page, and the minimise toggle collapses and expands it', async ({ page }) => {
  for (const path of ['/contact', '/login', '/does-not-exist']) {
    await page.goto(path);
    await expect(page.getByTestId('chat-bubble')).toBeVisible();
  }
  await page.goto('/');
  const bubble = page.getByTestId('chat-bubble');
  await expect(bubble).toHaveAccessibleName('Open chat');
  await expect(page.getByTestId('chat-panel')).toHaveCount(0);
  await bubble.click();

  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await expect(bubble).toHaveCount(0);
  await expect(panel.getByText('KWT Delivery Assistant', { exact: true })).toBeVisible();
  const body = panel.getByTestId('chat-body');
  await expect(body).toBeVisible();
  await expect(body).toContainText('Hello! I can tell you about KWT Delivery');

  const toggle = panel.getByTestId('chat-minimize');
  await toggle.click();
  await expect(body).toHaveCount(0);
  await expect(panel).toBeVisible();
  await toggle.click();
  await expect(panel.getByTestId('chat-body')).toBeVisible();

  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByTestId('chat-panel')).toHaveCount(0);
  await expect(page.getByTestId('chat-bubble')).toBeVisible();
});

test('toasts: one at a time, the newest replaces the last, gone after 5 s', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.rider.email);
  await page.getByLabel('Password').fill('   ');
  const button = page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true });
  await button.click();
  await expectToast(page, 'Error', 'Please enter both email and password');

  await page.getByLabel('Password').fill('Not-the-password-3');
  await button.click();
  await expectToast(page, 'Login Failed', 'Invalid credentials. Please check your email and password.');
  const shownAt = Date.now();
  await expect(page.getByTestId('toast')).toHaveCount(1);

  // Still there just before 5 s (the timer restarted with the newest toast) and gone just after.
  await page.waitForTimeout(Math.max(0, 4200 - (Date.now() - shownAt)));
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 2500 });
});

test('a toast can be closed by hand', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.rider.email);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Error');
  await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

/** A synthetic beforeinstallprompt event with the prompt()/userChoice of the real one. */
async function offerInstall(page: Page) {
  return page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { __prompted?: number };
    e.prompt = () => {
      w.__prompted = (w.__prompted ?? 0) + 1;
      return Promise.resolve();
    };
    e.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(e);
    return { at: Date.now(), defaultPrevented: e.defaultPrevented };
  });
}

test.describe('install prompt', () => {
  test('shown 3 s after the browser offers installation; Install App calls prompt()', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    const { at, defaultPrevented } = await offerInstall(page);
    expect(defaultPrevented).toBe(true);
    const card = page.getByTestId('install-prompt');
    await page.waitForTimeout(2000);
    await expect(card).toHaveCount(0);
    await expect(card).toBeVisible({ timeout: 3000 });
    expect(Date.now() - at).toBeGreaterThanOrEqual(2900);
    await expect(card.getByText('Install KWT Delivery', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Later', 'Install App']);
    await card.getByRole('button', { name: 'Install App' }).click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
  });

  test('Later hides it and remembers the dismissal for the session', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    await offerInstall(page);
    const card = page.getByTestId('install-prompt');
    await expect(card).toBeVisible({ timeout: 5000 });
    await card.getByRole('button', { name: 'Later' }).click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('kwt-install-dismissed'))).not.toBeNull();

    // A second offer on the same page shows nothing.
    await offerInstall(page);
    await page.waitForTimeout(3500);
    await expect(card).toHaveCount(0);

    // Nor after a reload in the same session.
    await page.reload();
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    await offerInstall(page);
    await page.waitForTimeout(3500);
    await expect(card).toHaveCount(0);
  });

  test('not shown when the app already runs installed (display-mode: standalone)', async ({ page }) => {
    await page.addInitScript(() => {
      const orig = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? ({ ...orig(q), matches: true, media: q } as MediaQueryList) : orig(q);
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-hub')).toBeVisible();
    await offerInstall(page);
    await page.waitForTimeout(3500);
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
  });
});
