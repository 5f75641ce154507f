import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { getJson, signIn, trpcGet } from './fixtures';

/**
 * A rider's full duty day in the app (/app): region, start duty, a break, pick up
 * and deliver an order, submit cash, end duty. Once online; once with the network
 * cut in the middle and a lost answer, then checked through the API: every record
 * exists exactly once.
 *
 * Service workers are blocked so the page's own requests are the ones cut and
 * intercepted; the outbox lives in the page (IndexedDB), not in the worker.
 */
const KUWAIT = { latitude: 29.3375, longitude: 48.0263 };
const SALMIYA = { latitude: 29.3339, longitude: 48.0761 };

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['geolocation'],
  geolocation: KUWAIT,
  timezoneId: 'Asia/Kuwait',
  serviceWorkers: 'block',
  // Chromium's fake camera: the start odometer is scanned for real.
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] },
});

const SAVED_LOCALLY = 'Data Recorded Locally... sync failed - will retry';

/** As the admin: a cash order for Fast Delivery, assigned to the demo rider. */
async function assignedOrder(browser: Browser, riderId: string, codAmount: number): Promise<string> {
  const ctx = await browser.newContext();
  await signIn(ctx, 'admin');
  const companies = await getJson<{ id: string; name: string }[]>(ctx, '/api/companies');
  const fast = companies.find((c) => c.name === 'Fast Delivery')!;
  const created = await ctx.request.post('/api/orders', {
    data: {
      companyId: fast.id,
      customerName: 'Noura Al-Sabah',
      customerPhone: '+96550001234',
      pickupAddress: 'Kuwait City, Souq Al-Mubarakiya',
      deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
      itemDescription: 'Documents',
      deliveryFee: 1.5,
      codAmount,
      currency: 'KWD',
    },
  });
  expect(created.status()).toBe(200);
  const orderId = ((await created.json()) as { order: { id: string } }).order.id;
  const assigned = await ctx.request.post('/api/trpc/admin.orderAssign', { data: { orderId, riderId } });
  expect(assigned.status()).toBe(200);
  await ctx.close();
  return orderId;
}

async function timeline(browser: Browser, orderId: string) {
  const ctx = await browser.newContext();
  await signIn(ctx, 'admin');
  const res = await ctx.request.get(`/api/trpc/admin.orderDetail?input=${encodeURIComponent(JSON.stringify({ id: orderId }))}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    result: { data: { status: string; recipientName: string | null; proofCaptureId: string | null; timeline: { status: string }[] } };
  };
  await ctx.close();
  return body.result.data;
}

interface Dash {
  riderId: string;
  cashOnHand: number;
  pendingCash: number;
}

async function openApp(page: Page) {
  // The first-visit onboarding modal (another screen's) may cover the app: skip it whenever it shows.
  await page.addLocatorHandler(page.getByTestId('onboarding-modal').getByRole('button', { name: 'Skip for Now' }), (b) => b.click());
  await page.goto('/app');
  await expect(page.getByTestId('rider-app').getByRole('heading', { level: 1 })).toHaveText('Rider App');
}

async function pickRegion(page: Page) {
  const picker = page.getByTestId('region-picker');
  await expect(picker).toBeVisible();
  // Preselected from the browser time zone (Asia/Kuwait).
  await expect(page.getByTestId('region-option-kuwait')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('region-confirm').click();
  await expect(page.getByTestId('region-summary')).toContainText('Kuwait (KWD)');
  const stored = await page.evaluate(() => localStorage.getItem('rider-region'));
  expect(JSON.parse(stored!)).toMatchObject({ id: 'kuwait', currency: 'KWD', timezone: 'Asia/Kuwait' });
}

async function startDuty(page: Page, scan = false) {
  await page.getByTestId('duty-start').click();
  if (scan) {
    // The OCR dialog (tests/e2e/ocr-dialog.e2e.ts reads a real odometer): the test pattern is read or not; the rider sets the value.
    await page.getByTestId('odometer-scan').click();
    await expect(page.getByTestId('ocr-dialog')).toHaveAttribute('data-phase', 'live');
    await expect.poll(() => page.getByTestId('ocr-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await page.getByTestId('ocr-capture').click();
    await expect(page.getByTestId('ocr-dialog')).toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
    await page.getByTestId('ocr-value').fill('84512');
    await page.getByTestId('ocr-confirm').click();
    await expect(page.getByTestId('odometer-photo')).toBeVisible();
  }
  await page.getByTestId('odometer-input').fill('84512');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await expect(page.getByTestId('duty-clock')).toBeVisible();
}

async function takeBreak(page: Page) {
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On break');
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
}

async function deliver(page: Page, orderId: string, photo?: string) {
  // The panel counts the rider's deliveries of today (the server's, docs/figures.md): this one adds one.
  const before = (await trpcGet<{ ordersCompleted: number }>(page.context(), 'tracking.today')).ordersCompleted;
  const card = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('order-cash')).toHaveText('KWD 7.250');
  await expect(card.getByRole('link', { name: 'Call Noura Al-Sabah' })).toHaveAttribute('href', 'tel:+96550001234');
  await expect(card.getByRole('link', { name: 'WhatsApp Noura Al-Sabah' })).toHaveAttribute('href', 'https://wa.me/96550001234');
  await expect(card.getByRole('link', { name: /Salmiya, Block 10/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Salmiya, Block 10, Street 5, House 12')}`,
  );
  await card.getByTestId('order-picked-up').click();
  await expect(card.getByTestId('order-status')).toHaveText('Picked up');
  await card.getByTestId('order-delivered').click();
  const dialog = page.getByTestId('deliver-dialog');
  await expect(dialog).toContainText('Collect KWD 7.250 in cash');
  await dialog.getByTestId('deliver-submit').click();
  await expect(dialog).toContainText("Recipient's name is required");
  await dialog.getByTestId('recipient-name').fill('Noura');
  if (photo) {
    await dialog.getByTestId('proof-photo').setInputFiles(photo);
    await expect(dialog.getByTestId('proof-preview')).toBeVisible();
  }
  await dialog.getByTestId('deliver-submit').click();
  await expect(card).toHaveCount(0);
  // The card leaves the list once the write is stored, the dialog once the outbox has answered; until then the modal
  // dialog makes the rest of the page inert, and what is typed there lands in the dialog (as on a phone).
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('perf-orders')).toHaveText(String(before + 1));
}

async function submitCash(page: Page, amount: string) {
  const field = page.getByTestId('cash-amount');
  await field.fill(amount);
  await expect(field).toHaveValue(amount);
  await page.getByTestId('cash-submit').click();
  await expect(page.getByTestId('cash-amount')).toHaveValue('');
}

async function endDuty(page: Page) {
  await page.getByTestId('duty-end').click();
  await page.getByTestId('odometer-input').fill('84000');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('odometer-error')).toHaveText('The end reading (84000 km) is below the start reading (84512 km)');
  await page.getByTestId('odometer-input').fill('84600');
  await expect(page.getByTestId('duty-km-preview')).toHaveText('Distance this duty: 88 km');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
}

async function riderDay(browser: Browser, context: BrowserContext) {
  await signIn(context, 'rider');
  // The demo seed may leave the rider on duty: close that shift so the day starts off duty.
  const open = await getJson<{ startOdometer: number | null } | null>(context, '/api/rider/duty');
  if (open) expect((await context.request.post('/api/rider/duty/end', { data: { endOdometerKm: open.startOdometer ?? 0 } })).status()).toBe(200);
  const before = await getJson<Dash>(context, '/api/dashboard/rider');
  const orderId = await assignedOrder(browser, before.riderId, 7.25);
  return { before, orderId };
}

test.describe.configure({ mode: 'serial' });

test('a duty day online: every write reaches the server at once', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  const { before, orderId } = await riderDay(browser, context);
  await openApp(page);
  await expect(page.getByTestId('notifications-count')).toHaveText(/^[1-9]/);
  await pickRegion(page);
  await startDuty(page, true);
  const scans = (await (await context.request.get('/api/trpc/ocr.captures')).json()) as { result: { data: { type: string }[] } };
  expect(scans.result.data.map((c) => c.type)).toContain('start_odometer');
  await expect(page.getByTestId('gps-card')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('gps-position')).toHaveText('29.33750, 48.02630');
  await takeBreak(page);
  // The app shows the break's end at once; the write reaches the server a moment later.
  const duty = () => getJson<{ startOdometer: number; breaks: { start: string; end: string | null }[] }>(context, '/api/rider/duty');
  await expect.poll(async () => (await duty()).breaks.map((b) => b.end !== null)).toEqual([true]);
  expect((await duty()).startOdometer).toBe(84512);
  await deliver(page, orderId);
  await submitCash(page, '5');
  // The new hand-over and its code take their place in the page before the next tap: a tap aimed while the
  // page still moves can land on Submit Cash, which with an empty amount hands over all the cash.
  await expect(page.getByTestId('handover-pending').first()).toContainText('KWD 5.000');
  await expect(page.getByTestId('handover-code')).toBeVisible();
  await page.getByTestId('perf-sync').click();
  await expect(page.getByTestId('perf-sync')).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('perf-sync')).toHaveAttribute('data-status', 'idle', { timeout: 6_000 });
  await endDuty(page);
  await expect(page.getByTestId('outbox-synced')).toHaveText('All synced');

  expect(await getJson(context, '/api/rider/duty')).toBeNull();
  const order = await timeline(browser, orderId);
  expect([order.status, order.recipientName]).toEqual(['delivered', 'Noura']);
  expect(order.timeline.filter((e) => e.status === 'delivered')).toHaveLength(1);
  const after = await getJson<Dash>(context, '/api/dashboard/rider');
  expect(after.pendingCash).toBeCloseTo(before.pendingCash + 5, 3);
  expect(after.cashOnHand).toBeCloseTo(before.cashOnHand + 7.25 - 5, 3);
});

test('a duty day with the network cut in the middle: queued, counted, replayed once', async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  const { before, orderId } = await riderDay(browser, context);
  await openApp(page);
  await pickRegion(page);
  await startDuty(page);
  // The app shows the duty at once (the outbox); the write reaches the server a moment later.
  await expect.poll(async () => (await getJson<{ startOdometer: number } | null>(context, '/api/rider/duty'))?.startOdometer).toBe(84512);
  // The first location of the duty has gone out; nothing waits.
  await expect(page.getByTestId('gps-card')).toContainText('Last shared');
  await expect(page.getByTestId('outbox-synced')).toHaveText('All synced');

  await context.setOffline(true);
  await expect(page.getByTestId('outbox-synced')).toHaveText('Offline');
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('toast-title')).toHaveText(SAVED_LOCALLY);
  await expect(page.getByTestId('duty-status')).toHaveText('On break');
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await context.setGeolocation(SALMIYA);
  await page.getByTestId('gps-update').click();
  // break start, break end and this location wait in the outbox
  await expect(page.getByTestId('outbox-pending')).toHaveText('3');
  // With a proof photo: the upload and the delivery both wait; the delivery takes the photo's captureId on replay.
  await deliver(page, orderId, 'public/icons/icon-192.png');
  // Cash on hand already counts the delivery's 7.250 while it waits.
  await expect(page.getByTestId('app-cash-on-hand')).toHaveText(`KWD ${(before.cashOnHand + 7.25).toFixed(3)}`);
  await submitCash(page, '5');
  await expect(page.getByTestId('app-cash-pending')).toHaveText(`KWD ${(before.pendingCash + 5).toFixed(3)}`);
  await endDuty(page);
  const pending = page.getByTestId('outbox-pending');
  await expect(pending).toBeVisible();
  const queued = Number(await pending.innerText());
  // break start + end, location, picked up, proof photo, delivered, cash, duty end (and possibly a GPS ping)
  expect(queued).toBeGreaterThanOrEqual(8);
  await expect(pending).toHaveAttribute('aria-label', `${queued} records waiting to sync`);

  // Back online, but the first answer to the cash submission is lost on the way back:
  // the server has applied it, the phone does not know, and replays it with the same key.
  let lost = 0;
  const cashKeys: string[] = [];
  await page.route('**/api/riders/*/cash/submit', async (route) => {
    cashKeys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost++ === 0) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await context.setOffline(false);
  // The `online` event replays the queue until the lost answer stops it; Sync now (the count) goes on.
  await expect.poll(() => cashKeys.length, { timeout: 20_000 }).toBe(1);
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(page.getByTestId('outbox-synced')).toHaveText('All synced', { timeout: 20_000 });
  expect(cashKeys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(cashKeys).size).toBe(1);

  expect(await getJson(context, '/api/rider/duty')).toBeNull();
  const order = await timeline(browser, orderId);
  expect([order.status, order.recipientName]).toEqual(['delivered', 'Noura']);
  expect(order.timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up', 'delivered']);
  const captures = await trpcGet<{ id: string; type: string }[]>(context, 'ocr.captures');
  const proofs = captures.filter((c) => c.type === 'proof');
  expect(proofs).toHaveLength(1);
  expect(order.proofCaptureId).toBe(proofs[0]!.id);
  const after = await getJson<Dash>(context, '/api/dashboard/rider');
  expect(after.pendingCash).toBeCloseTo(before.pendingCash + 5, 3);
  expect(after.cashOnHand).toBeCloseTo(before.cashOnHand + 7.25 - 5, 3);
  const today = await getJson<{ kmTraveled: number }>(context, '/api/tracking/today');
  expect(today.kmTraveled).toBeGreaterThan(0);
});
