import { replayOutbox } from './outbox-replay';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshCompany, freshRider, PASSWORD, signIn, trpcGet, trpcPost, type FreshCompany } from './fixtures';

/**
 * Issue 21, item 2: one definition per figure at every door. The same rider's /app performance panel and /rider
 * (Today's Progress, Today's Route) show the same delivered count, orders per hour, average order time, km and
 * efficiency for deliveries made through the server; a delivery recorded on the phone offline counts once, before
 * and after it is synced. Service workers blocked: the page's own outbox replays on `online`.
 */
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

const MIN = 60_000;
/** Kuwait's local midnight (+03:00, no daylight saving) of the instant: today's window starts there. */
const kuwaitMidnight = (ms: number) => Math.floor((ms + 3 * 3_600_000) / 86_400_000) * 86_400_000 - 3 * 3_600_000;

async function session(email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return api;
}

async function assigned(manager: APIRequestContext, company: FreshCompany, riderId: string, codAmount: number): Promise<string> {
  const { order } = await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', {
    customerName: 'Noura Al-Sabah',
    customerPhone: '+96550001234',
    pickupAddress: 'Warehouse 4, Shuwaikh',
    deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
    deliveryFee: 1,
    codAmount,
    currency: company.currency,
  });
  await trpcPost(manager, 'company.assignOrder', { orderId: order.id, riderId });
  return order.id;
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** What /rider shows, read off its cards: delivered, orders per hour, average order time, km, efficiency. */
async function riderDoor(page: Page) {
  await page.goto('/rider');
  await expect(page.getByTestId('rider-progress')).toBeVisible();
  const rate = /^[\d.]+/.exec(await text(page, 'route-rate'))?.[0];
  return { delivered: await text(page, 'progress-orders'), rate, average: await text(page, 'progress-average'), km: await text(page, 'progress-km'), efficiency: await text(page, 'route-efficiency') };
}

/** The same figures on the /app performance panel, once it has the server's answer. */
async function appDoor(page: Page, delivered: number) {
  await page.goto('/app');
  await expect(page.getByTestId('perf-orders')).toHaveText(String(delivered));
  return { delivered: await text(page, 'perf-orders'), rate: await text(page, 'perf-rate'), average: await text(page, 'perf-average'), km: await text(page, 'perf-distance'), efficiency: await text(page, 'perf-efficiency') };
}

test('/app and /rider show the same figures of the day; an offline delivery counts once before and after sync', async ({ page, context }) => {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  const manager = await session(company.manager.email);
  const riderApi = await session(rider.email);
  await context.addInitScript(() => localStorage.setItem('rider-region', 'kuwait'));
  await page.addLocatorHandler(page.getByTestId('onboarding-modal').getByRole('button', { name: 'Skip for Now' }), (b) => b.click());
  await signIn(context, rider);

  // A shift of about 12 minutes with three deliveries made through the server (1, 2 and 3 minutes from pick-up), 8 km on the odometer.
  const now = Date.now();
  await trpcPost(riderApi, 'rider.dutyStart', { startOdometerKm: 1000, at: now - 12 * MIN });
  const deliveredAt: number[] = [];
  for (let i = 0; i < 3; i++) {
    const orderId = await assigned(manager, company, rider.id, 2.5);
    const at = now - (9 - 3 * i) * MIN;
    await trpcPost(riderApi, 'rider.setOrderStatus', { orderId, status: 'picked_up', at: at - (i + 1) * MIN });
    await trpcPost(riderApi, 'rider.setOrderStatus', { orderId, status: 'delivered', recipientName: 'Noura', at });
    deliveredAt.push(at);
  }
  await trpcPost(riderApi, 'rider.dutyEnd', { endOdometerKm: 1008, at: now - MIN });
  // Today's deliveries (a run just after midnight leaves the earlier ones in yesterday, at both doors alike).
  const today = deliveredAt.filter((at) => at >= kuwaitMidnight(Date.now())).length;

  const onRider = await riderDoor(page);
  expect(onRider.delivered).toBe(String(today));
  const onApp = await appDoor(page, today);
  expect(onApp).toEqual(onRider);
  // (The shift ends at the server's clock: its length, so the rate, is known only to a few seconds.)
  if (today === 3) expect({ ...onApp, rate: Number(onApp.rate) > 14 && Number(onApp.rate) < 16 }).toEqual({ delivered: '3', rate: true, average: '2 min', km: '8 km', efficiency: '100%' });

  // A new duty; a fourth order delivered on the phone while offline.
  await trpcPost(riderApi, 'rider.dutyStart', { startOdometerKm: 1008 });
  const fourth = await assigned(manager, company, rider.id, 1.25);
  await page.goto('/app');
  const card = page.locator(`[data-testid="my-order"][data-order-id="${fourth}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('perf-orders')).toHaveText(String(today));
  // The delivery dialog's code is fetched on the page's first tap: made while online.
  const dialogs = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/assets/OrderDialogs-'));
  await page.getByTestId('rider-app').getByRole('heading', { level: 1 }).click();
  await dialogs;

  await context.setOffline(true);
  await card.getByTestId('order-picked-up').click();
  await expect(card.getByTestId('order-status')).toHaveText('Picked up');
  await card.getByTestId('order-delivered').click();
  await page.getByTestId('deliver-dialog').getByTestId('recipient-name').fill('Noura');
  await page.getByTestId('deliver-dialog').getByTestId('deliver-submit').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('deliver-dialog')).toBeHidden();
  await expect(page.getByTestId('perf-orders')).toHaveText(String(today + 1));

  // Back online: sent, the server's answer now has it, and it is still counted once.
  const refetched = page.waitForResponse((r) => r.url().includes('tracking.today') && r.status() === 200);
  await replayOutbox(page, context);
  await refetched;
  expect((await trpcGet<{ ordersCompleted: number }>(riderApi, 'tracking.today')).ordersCompleted).toBe(today + 1);
  await expect(page.getByTestId('perf-orders')).toHaveText(String(today + 1));
  await page.reload();
  await expect(page.getByTestId('perf-orders')).toHaveText(String(today + 1));
  // /rider first draws the day as the phone kept it (the persisted query cache), then the server's answer.
  await page.goto('/rider');
  await expect(page.getByTestId('progress-orders')).toHaveText(String(today + 1));
  await Promise.all([manager.dispose(), riderApi.dispose()]);
});
