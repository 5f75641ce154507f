import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';
import { formatMoney, toMinor } from '../../src/shared/money';
import { expectToast, signIn } from './fixtures';

/**
 * Issue 9 review, item 1, in the rider app: a rider who still has cash to account for cannot switch
 * region; the server refuses, the outbox says why, and the region shown goes back to what it was.
 */
test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

const SHOTS = '.tmp/shots-fy';

interface Dash {
  riderId: string;
  currency: 'KWD';
  outstandingCash: number;
}

async function dashboard(ctx: BrowserContext): Promise<Dash> {
  const res = await ctx.request.get('/api/dashboard/rider');
  expect(res.status()).toBe(200);
  return res.json();
}

/** A delivered cash order, so the demo rider certainly has cash to account for. */
async function cashDelivered(browser: Browser, rider: BrowserContext, riderId: string) {
  const admin = await browser.newContext();
  await signIn(admin, 'admin');
  const companies = (await (await admin.request.get('/api/companies')).json()) as { id: string; name: string }[];
  const created = await admin.request.post('/api/orders', {
    data: {
      companyId: companies.find((c) => c.name === 'Fast Delivery')!.id,
      customerName: 'Fatma Al-Ali',
      customerPhone: '+96550004321',
      pickupAddress: 'Kuwait City, Souq Al-Mubarakiya',
      deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
      itemDescription: 'Perfume',
      deliveryFee: 1,
      codAmount: 3.5,
      currency: 'KWD',
    },
  });
  expect(created.status()).toBe(200);
  const orderId = ((await created.json()) as { order: { id: string } }).order.id;
  expect((await admin.request.post('/api/trpc/admin.orderAssign', { data: { orderId, riderId } })).status()).toBe(200);
  await admin.close();
  for (const data of [{ status: 'picked_up' }, { status: 'delivered', recipientName: 'Fatma' }]) {
    expect((await rider.request.post(`/api/rider/orders/${orderId}/status`, { data })).status()).toBe(200);
  }
}

async function setAccountLocale(ctx: BrowserContext, locale: 'en' | 'ar') {
  expect((await ctx.request.post('/api/trpc/auth.setLocale', { data: { locale } })).status()).toBe(200);
}

async function tryUae(page: Page, language: 'en' | 'ar', amount: string) {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(language, key, params);
  await page.goto('/app');
  const summary = page.getByTestId('region-summary');
  await expect(summary).toContainText(t('region.kuwait'));
  await summary.getByRole('button', { name: t('app.region.change') }).click();
  await page.getByTestId('region-option-uae').click();
  await page.getByTestId('region-confirm').click();
  await expectToast(page, t('outbox.refused'), t('app.region.cashOutstanding', { amount }));
  // The region shown goes back to Kuwait, on screen and in storage.
  await expect(page.getByTestId('region-summary')).toContainText(t('region.kuwait'));
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('rider-region')))!)).toMatchObject({ id: 'kuwait' });
}

test('a rider with cash to account for cannot switch region; the app keeps the region it had', async ({ browser }) => {
  test.setTimeout(120_000); // two languages, two sizes and possibly a delivery to make cash: slow on a loaded 2-core machine
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(ctx, 'rider');
  await ctx.addInitScript(() => localStorage.setItem('rider-region', JSON.stringify({ id: 'kuwait' })));
  let dash = await dashboard(ctx);
  if (dash.outstandingCash <= 0) {
    await cashDelivered(browser, ctx, dash.riderId);
    dash = await dashboard(ctx);
  }
  expect(dash.currency).toBe('KWD');
  const page = await ctx.newPage();
  try {
    await tryUae(page, 'en', formatMoney(toMinor(dash.outstandingCash, 'KWD'), 'KWD', 'en-KW'));
    await page.screenshot({ path: `${SHOTS}/region-refused-390-en.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/region-refused-1280-en.png` });

    await setAccountLocale(ctx, 'ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await tryUae(page, 'ar', formatMoney(toMinor(dash.outstandingCash, 'KWD'), 'KWD', 'ar-KW-u-nu-latn'));
    await page.screenshot({ path: `${SHOTS}/region-refused-390-ar.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/region-refused-1280-ar.png` });
  } finally {
    await setAccountLocale(ctx, 'en');
  }
  // The server kept the rider's region: the money still shows in KWD.
  expect((await dashboard(ctx)).currency).toBe('KWD');
  await ctx.close();
});
