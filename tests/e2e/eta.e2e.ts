import { expect, test, type Browser } from '@playwright/test';
import { freshCompany, freshRider, signIn, trpcGet, trpcPost, type FreshCompany } from './fixtures';
import { setOrderPins } from './db';

/**
 * Issue 25 item 3: the ETAs kept per order, shown to the customer ("arriving in about 12 min") and the company.
 * A fresh company's car rider (default model: 26 km/h, detour 1.35) with no position yet starts at the pickup:
 * 4 min there, then 2.68 km in a straight line = 8.35 min: the drop-off in 12.35 min, "about 12 min".
 */
const KM_LAT = 1 / 111.32;
const PICKUP = { lat: 29.3375, lng: 48.0758 };
const DROPOFF = { lat: PICKUP.lat + 2.68 * KM_LAT, lng: PICKUP.lng };

async function assignedOrder(browser: Browser, company: FreshCompany) {
  const rider = await freshRider(company);
  const ctx = await browser.newContext();
  await signIn(ctx, { email: company.manager.email });
  const customerName = `ETA Customer ${Date.now()}`;
  const { order } = await trpcPost<{ order: { id: string } }>(ctx.request, 'company.createOrder', {
    customerName,
    customerPhone: '+96550001234',
    pickupAddress: 'Sultan Center, Salmiya',
    deliveryAddress: 'Jabriya, Block 8, Street 12',
    deliveryFee: 1.5,
    codAmount: 0,
    currency: company.currency,
  });
  await setOrderPins(order.id, PICKUP, DROPOFF);
  await trpcPost(ctx.request, 'company.assignOrder', { orderId: order.id, riderId: rider.id });
  const detail = await trpcGet<{ trackingCode: string; etaDropoffAt: string }>(ctx.request, 'company.orderDetail', { id: order.id });
  await ctx.close();
  return { ...detail, customerName };
}

test.describe('ETAs (issue 25)', () => {
  test('the tracking page says when the order arrives, in English and Arabic', async ({ browser }) => {
    const company = await freshCompany();
    const order = await assignedOrder(browser, company);
    for (const [lang, text, width] of [
      ['en', 'Your order is arriving in about 12 min', 390],
      ['ar', 'طلبك يصل خلال 12 دقيقة تقريبًا', 1280],
    ] as const) {
      const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await ctx.addInitScript((l) => localStorage.setItem('kwt.locale', l), lang);
      const page = await ctx.newPage();
      await page.goto(`/track/${order.trackingCode}`);
      await expect(page.getByTestId('track-eta')).toHaveText(text);
      await page.screenshot({ path: `.tmp/shots-eta/track-${lang}-${width}.png`, fullPage: true });
      await ctx.close();
    }
  });

  test('the company sees the drop-off ETA in its order list and the pickup and drop-off ETAs in the detail', async ({ browser }) => {
    const company = await freshCompany();
    const order = await assignedOrder(browser, company);
    // As the screen formats it: en-GB, or Kuwait's Arabic with Western digits.
    const time = (iso: string, lang: 'en' | 'ar' = 'en') => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-KW-u-nu-latn' : 'en-GB', { timeZone: 'Asia/Kuwait', timeStyle: 'short' }).format(new Date(iso));
    for (const [lang, width] of [
      ['en', 1280],
      ['ar', 390],
    ] as const) {
      const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await signIn(ctx, { email: company.manager.email });
      // A signed-in user's language is the account's.
      expect((await ctx.request.post('/api/trpc/auth.setLocale', { data: { locale: lang } })).status()).toBe(200);
      const page = await ctx.newPage();
      await page.goto('/company?tab=orders');
      const eta = page.getByTestId('order-eta').locator('visible=true');
      if (lang === 'en') await expect(eta).toHaveText(`ETA ${time(order.etaDropoffAt)}`);
      else await expect(eta).toHaveText(`الوصول ${time(order.etaDropoffAt, 'ar')}`);
      await page.screenshot({ path: `.tmp/shots-eta/orders-${lang}-${width}.png` });
      await (width === 390 ? page.getByRole('button', { name: order.customerName }) : page.getByTestId('orders-table').getByRole('button', { name: 'View', exact: true })).first().click();
      const detail = page.getByTestId('order-eta-detail');
      await expect(detail).toContainText(time(order.etaDropoffAt, lang));
      if (lang === 'en') await expect(detail).toContainText(/^Estimated arrivalPickup \d{1,2}:\d{2} · Drop-off \d{1,2}:\d{2}$/);
      await page.screenshot({ path: `.tmp/shots-eta/order-detail-${lang}-${width}.png` });
      await ctx.close();
    }
  });
});
