import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { freshCompany, freshRider, PASSWORD, signIn, trpcGet, trpcPost } from './fixtures';

/**
 * Issue 22 item 2: after 5 wrong delivery PINs the rider cannot complete the order, even with the right PIN; the
 * company's order detail says so and confirms the delivery itself.
 */
test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

async function api(email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await ctx.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return ctx;
}

test('five wrong PINs lock the delivery; the company confirms it from the order detail', async ({ page, context }) => {
  const company = await freshCompany();
  const rider = await freshRider(company);
  const customer = `Pin ${Date.now().toString(36)}`;
  const manager = await api(company.manager.email);
  const { order } = await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', {
    customerName: customer, customerPhone: '+96555123456', pickupAddress: 'Warehouse 4, Shuwaikh', deliveryAddress: 'Salmiya, Block 10, Street 5, House 12', deliveryFee: 1.5, codAmount: 2.5, currency: company.currency,
  });
  await trpcPost(manager, 'company.assignOrder', { orderId: order.id, riderId: rider.id });
  const { deliveryPin } = await trpcGet<{ deliveryPin: string }>(manager, 'company.orderDetail', { id: order.id });
  await manager.dispose();
  const wrong = String((Number(deliveryPin) + 1) % 10_000).padStart(4, '0');

  const phone = await api(rider.email);
  expect((await phone.post(`/api/rider/orders/${order.id}/status`, { data: { status: 'picked_up' } })).status()).toBe(200);
  const deliver = (pin: string) => phone.post(`/api/rider/orders/${order.id}/status`, { data: { status: 'delivered', recipientName: 'Noura', pin } });
  for (let left = 4; left >= 1; left--) {
    const res = await deliver(wrong);
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(`Tries left: ${left}`);
  }
  expect((await deliver(wrong)).status()).toBe(409);
  const right = await deliver(deliveryPin);
  expect(right.status()).toBe(409);
  expect(((await right.json()) as { error: { message: string } }).error.message).toBe('Too many wrong PINs: the company must confirm this delivery');
  await phone.dispose();

  await signIn(context, company.manager);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/company?tab=orders');
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: customer }).getByRole('button').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-pin-locked')).toContainText('Too many wrong PINs were typed for this order');
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.getByTestId('order-pin-locked').scrollIntoViewIfNeeded();
  await page.waitForTimeout(400); // the dialog's open animation after the resize
  await page.screenshot({ path: '.tmp/shots-pin-lock/company-pin-locked-390.png' });
  await detail.getByTestId('order-confirm-delivery').click();
  await expect(detail.getByTestId('order-pin-locked')).toHaveCount(0);
  const after = await trpcGet<{ status: string }>(context.request, 'company.orderDetail', { id: order.id });
  expect(after.status).toBe('delivered');
});
