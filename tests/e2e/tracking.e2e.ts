import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './fixtures';

/** tRPC over plain HTTP, as the admin's session (no transformer: JSON in, { result: { data } } out). */
async function query<T>(api: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await api.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()).result.data as T;
}
async function mutate<T>(api: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await api.post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()).result.data as T;
}

interface Detail {
  id: string;
  trackingCode: string;
  status: string;
  customerName: string;
  customerPhone: string;
  deliveryAddress: string;
  deliveryFee: number;
  currency: string;
  riderName: string | null;
}

/** A page with no session at all: what a customer opening the link sees. */
async function customerPage(browser: Browser, code: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/track/${code}`);
  return page;
}

/** None of the order's private fields appear anywhere on the page. */
async function expectNothingPrivate(page: Page, d: Detail) {
  const text = await page.locator('main').innerText();
  const digits = text.replace(/\D/g, '');
  expect(digits).not.toContain(d.customerPhone.replace(/\D/g, ''));
  expect(text).not.toContain(d.customerName);
  expect(text).not.toContain(d.currency);
  expect(text).not.toContain(d.deliveryFee.toFixed(d.currency === 'KWD' ? 3 : 2));
  const [, ...rest] = d.deliveryAddress.split(',');
  for (const part of rest) if (part.trim()) expect(text).not.toContain(part.trim());
  if (d.riderName) expect(text).not.toContain(d.riderName.split(' ').slice(1).join(' '));
}

test.describe('customer tracking link (issue 4 item 4)', () => {
  test.beforeEach(async ({ context }) => {
    const res = await context.request.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
    expect(res.status()).toBe(200);
  });

  test('a seeded delivered order: its status and timeline, and no phone, fee or customer name', async ({ context, browser }) => {
    const list = await query<{ items: { id: string }[] }>(context.request, 'admin.orderList', { status: 'delivered', pageSize: 5 });
    const d = await query<Detail>(context.request, 'admin.orderDetail', { id: list.items[0]!.id });
    expect(d.trackingCode).toMatch(/^[0-9a-f]{24}$/);
    const page = await customerPage(browser, d.trackingCode);
    await expect(page.getByTestId('track-status')).toHaveText('Delivered');
    await expect(page.getByTestId('track-step-delivered')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('track-rider')).toHaveText(`Your rider ${d.riderName!.split(' ')[0]}`);
    await expect(page.getByTestId('track-area')).toHaveText(`Delivery to ${d.deliveryAddress.split(',')[0]!.trim()}`);
    await expect(page.getByTestId('track-position')).toHaveCount(0);
    await expectNothingPrivate(page, d);
    await page.context().close();
  });

  test('a new order followed from assigned to out for delivery, with the rider’s first name and live position', async ({ context, browser }) => {
    const companies = (await (await context.request.get('/api/companies')).json()) as { id: string; name: string }[];
    const fast = companies.find((c) => c.name === 'Fast Delivery')!;
    const created = await mutate<{ order: { id: string } }>(context.request, 'admin.createOrder', {
      companyId: fast.id,
      customerName: 'Dana Al-Tracking',
      customerPhone: '+96566554433',
      pickupAddress: 'The Avenues, Rai',
      deliveryAddress: 'Jabriya, Block 8, Street 12, House 30',
      deliveryFee: 1.75,
      currency: 'KWD',
    });
    const riders = await query<{ items: { id: string; name: string }[] }>(context.request, 'admin.riderList', { q: 'Rashid Khan' });
    const rashid = riders.items[0]!;
    await mutate(context.request, 'admin.orderAssign', { orderId: created.order.id, riderId: rashid.id });
    const d = await query<Detail>(context.request, 'admin.orderDetail', { id: created.order.id });

    const page = await customerPage(browser, d.trackingCode);
    await expect(page.getByTestId('track-status')).toHaveText('Rider assigned');
    await expect(page.getByTestId('track-rider')).toHaveText('Your rider Rashid');
    await expect(page.getByTestId('track-area')).toHaveText('Delivery to Jabriya');
    await expect(page.getByTestId('track-position')).toHaveCount(0);
    await expectNothingPrivate(page, d);

    // The rider shares a position, then picks the order up.
    const riderContext = await browser.newContext();
    expect((await riderContext.request.post('/api/auth/login', { data: { email: ACCOUNTS.rider.email, password: PASSWORD } })).status()).toBe(200);
    expect((await riderContext.request.post(`/api/riders/${rashid.id}/location`, { data: { lat: 29.3251, lng: 48.0311 } })).status()).toBe(200);
    await riderContext.close();
    await mutate(context.request, 'admin.orderSetStatus', { orderId: created.order.id, status: 'picked_up' });

    await page.reload();
    await expect(page.getByTestId('track-status')).toHaveText('Out for delivery');
    await expect(page.getByTestId('track-map-link')).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=29\.3251&mlon=48\.0311/);
    await expect(page.getByTestId('track-position-updated')).toContainText('Updated');
    await expect(page.getByTestId('track-step-picked_up')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('track-step-delivered')).toHaveAttribute('data-done', 'false');
    await expectNothingPrivate(page, d);
    await page.context().close();

    // Leave the seeded rider as we found him: the order goes back to pending (no rider) and is cancelled.
    for (const status of ['failed', 'pending', 'cancelled']) await mutate(context.request, 'admin.orderSetStatus', { orderId: created.order.id, status });
  });

  test('an unknown or malformed code says the delivery was not found', async ({ browser }) => {
    for (const code of ['ffffffffffffffffffffffff', 'not-a-code']) {
      const page = await customerPage(browser, code);
      await expect(page.getByTestId('track-not-found')).toContainText('We could not find this delivery');
      await page.context().close();
    }
  });
});
