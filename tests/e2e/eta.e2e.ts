import { expect, test, type Browser } from '@playwright/test';
import { appMounted, freshCompany, freshRider, signIn, trpcGet, trpcPost, type FreshCompany, type FreshRider } from './fixtures';
import { setOrderPins, setRiderPosition } from './db';

/**
 * Issue 25 item 3: the ETAs kept per order, shown to the customer ("arriving in about 12 min") and the company.
 * A fresh company's car rider (default model: 26 km/h, detour 1.35) with no position yet starts at the pickup:
 * 4 min there, then 2.68 km in a straight line = 8.35 min: the drop-off in 12.35 min, "about 12 min".
 */
const KM_LAT = 1 / 111.32;
const PICKUP = { lat: 29.3375, lng: 48.0758 };
const DROPOFF = { lat: PICKUP.lat + 2.68 * KM_LAT, lng: PICKUP.lng };

async function assignedOrder(browser: Browser, company: FreshCompany, rider: FreshRider | null = null, pins = { pickup: PICKUP, dropoff: DROPOFF }) {
  rider ??= await freshRider(company);
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
  await setOrderPins(order.id, pins.pickup, pins.dropoff);
  await trpcPost(ctx.request, 'company.assignOrder', { orderId: order.id, riderId: rider.id });
  const detail = await trpcGet<{ trackingCode: string; etaPickupAt: string; etaDropoffAt: string }>(ctx.request, 'company.orderDetail', { id: order.id });
  await ctx.close();
  return { ...detail, id: order.id, customerName };
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

  test("the rider sees their orders in the planned stop order, each stop's number and expected time", async ({ browser }) => {
    const company = await freshCompany();
    const rider = await freshRider(company);
    // 1 km south of the first pickup; the second order is picked up 300 m on and dropped off 1 km on, before the
    // first's drop-off 2.68 km on: the plan is A's pickup, B's pickup, B's drop-off, A's drop-off.
    await setRiderPosition(rider.id, { lat: PICKUP.lat - KM_LAT, lng: PICKUP.lng });
    const a = await assignedOrder(browser, company, rider);
    const b = await assignedOrder(browser, company, rider, { pickup: { lat: PICKUP.lat + 0.3 * KM_LAT, lng: PICKUP.lng }, dropoff: { lat: PICKUP.lat + KM_LAT, lng: PICKUP.lng } });
    const manager = await browser.newContext();
    await signIn(manager, { email: company.manager.email });
    // B's assignment re-planned A: its ETAs as they are now.
    const now = await trpcGet<{ etaPickupAt: string; etaDropoffAt: string }>(manager.request, 'company.orderDetail', { id: a.id });
    await manager.close();
    const time = (iso: string, lang: 'en' | 'ar') => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-KW-u-nu-latn' : 'en-GB', { timeZone: 'Asia/Kuwait', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
    for (const lang of ['en', 'ar'] as const) {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
      await ctx.addInitScript(() => localStorage.setItem('rider-region', 'kuwait'));
      await signIn(ctx, rider);
      expect((await ctx.request.post('/api/trpc/auth.setLocale', { data: { locale: lang } })).status()).toBe(200);
      const page = await ctx.newPage();
      await page.goto('/app');
      await appMounted(page);
      const cards = page.getByTestId('my-order');
      await expect(cards).toHaveCount(2);
      const stop = lang === 'en' ? (n: number) => `Stop ${n}` : (n: number) => `المحطة ${n}`;
      const about = lang === 'en' ? (iso: string) => `about ${time(iso, 'en')}` : (iso: string) => `نحو الساعة ${time(iso, 'ar')}`;
      await expect(cards.nth(0)).toContainText(a.customerName);
      await expect(cards.nth(0).getByTestId('order-stop')).toHaveText([stop(1), stop(4)]);
      await expect(cards.nth(0).getByTestId('order-eta')).toHaveText([about(now.etaPickupAt), about(now.etaDropoffAt)]);
      await expect(cards.nth(1)).toContainText(b.customerName);
      await expect(cards.nth(1).getByTestId('order-stop')).toHaveText([stop(2), stop(3)]);
      await expect(cards.nth(1).getByTestId('order-eta')).toHaveText([about(b.etaPickupAt), about(b.etaDropoffAt)]);
      await page.getByTestId('my-orders').screenshot({ path: `.tmp/shots-finish/rider-stops-${lang}-390.png` });
      await ctx.close();
    }
  });
});
