import { expect, test } from '@playwright/test';
import { exactPath } from './fixtures';

/** The installable, offline-capable shell (issue 2 item 10; spec section 7: service worker). */

test('the manifest is complete and every icon it names is served', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const m = (await res.json()) as {
    name: string;
    short_name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(m.name).toBe('KWT Delivery');
  expect(m.short_name).toBeTruthy();
  expect(m.display).toBe('standalone');
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(m.start_url).toBe('/');
  const sizes = m.icons.map((i) => i.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(m.icons.some((i) => (i.purpose ?? '').split(' ').includes('maskable'))).toBe(true);
  for (const icon of m.icons) {
    const r = await request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type'], icon.src).toContain('image/png');
    const [w, h] = icon.sizes.split('x').map(Number);
    const png = await r.body();
    // PNG IHDR: width and height are big-endian at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([w, h]);
  }
  // The page links the manifest.
  const html = await (await request.get('/')).text();
  expect(html).toContain('manifest.webmanifest');
});

test('the service worker is served as JavaScript and never cached by HTTP', async ({ request }) => {
  const res = await request.get('/service-worker.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/javascript/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const js = await res.text();
  expect(js).toContain('precache');
});

test('offline after the first visit: the app shell opens, deep links render, /api is not served from cache', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('landing-hub')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  const swUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(swUrl!).pathname).toBe('/service-worker.js');
  // `ready` means an active worker, which only activates once its precache is complete.

  // Warm an API answer so that a stale copy would exist if /api were cached.
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('landing-hub').getByRole('heading', { level: 1 })).toHaveText(
      'Run your delivery fleet across Kuwait and the UAE',
    );

    await page.goto('/contact');
    await expect(page).toHaveURL(exactPath('/contact'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByTestId('business-hours').getByRole('listitem')).toHaveText(['Sun-Thu 8-18', 'Fri-Sat 9-16']);

    const api = await page.evaluate(async () => {
      try {
        const r = await fetch('/api/auth/user');
        return `status ${r.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});
