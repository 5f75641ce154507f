import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { money } from '../../src/client/format';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expectToast, freshCompany, freshRider, getJson, giveCash, signIn, trpcGet } from './fixtures';

/** Chromium's fake camera (a moving test pattern) and no permission prompt: the OCR dialog runs end to end. */
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] },
});

type Dashboard = { riderId: string; currency: 'KWD' | 'AED'; todayOrders: number; completedOrders: number; cashOnHand: number; pendingCash: number };
type Today = { kmTraveled: number; route: { distanceKm: number; dutyMinutes: number; efficiency: number; lastLocation: { lat: number; lng: number } | null } };

const dashboard = (r: APIRequestContext) => getJson<Dashboard>(r, '/api/dashboard/rider');
const today = (r: APIRequestContext) => getJson<Today>(r, '/api/tracking/today');

/** Tiles never load here (closed network); the map must not wait for them. */
const blockTiles = (page: Page) => page.route(/tile\.openstreetmap\.org/, (route) => route.abort());

test.describe('/rider as a rider (issue 5 item 1)', () => {
  test('real figures: cards, cash, Today’s Route and Today’s Progress from the server', async ({ context, page }) => {
    await signIn(context, 'rider');
    const [d, k] = await Promise.all([dashboard(context.request), today(context.request)]);
    await page.goto('/rider');
    await expect(page.getByTestId('rider-today-orders')).toContainText(String(d.todayOrders));
    await expect(page.getByTestId('rider-completed')).toContainText(String(d.completedOrders));
    await expect(page.getByTestId('cash-on-hand')).toHaveText(money(d.cashOnHand, d.currency));
    await expect(page.getByTestId('cash-pending')).toHaveText(money(d.pendingCash, d.currency));
    await expect(page.getByTestId('route-distance')).toHaveText(`${k.route.distanceKm} km`);
    await expect(page.getByTestId('progress-km')).toHaveText(`${k.kmTraveled} km`);
    await expect(page.getByTestId('route-time')).toHaveText(`${Math.floor(k.route.dutyMinutes / 60)} h ${k.route.dutyMinutes % 60} min`);
    await expect(page.getByTestId('route-efficiency')).toHaveText(`${k.route.efficiency}%`);
    await expect(page.getByRole('button', { name: 'Odometer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Receipt' })).toBeVisible();
  });

  test('Update Location sends { lat, lng, accuracy } with an Idempotency-Key and stores a ping', async ({ context, page }) => {
    await signIn(context, 'rider');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 29.2, longitude: 48.1, accuracy: 12 });
    const before = await today(context.request);
    await page.goto('/rider');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/riders\/[^/]+\/location$/.test(r.url()));
    await page.getByTestId('update-location').click();
    const req = await sent;
    expect(req.postDataJSON()).toMatchObject({ lat: 29.2, lng: 48.1, accuracy: 12 });
    expect(req.headers()['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    await expectToast(page, 'Location Updated', 'Your company can see where you are.');
    await expect.poll(async () => (await today(context.request)).route.lastLocation).toMatchObject({ lat: 29.2, lng: 48.1 });
    const after = await today(context.request);
    expect(after.kmTraveled).toBeGreaterThan(before.kmTraveled);
    await expect(page.getByTestId('location-state')).toHaveText('Live');
    await expect(page.getByTestId('route-distance')).toHaveText(`${after.route.distanceKm} km`);

    await context.setGeolocation({ latitude: 29.3, longitude: 48.1 });
    await page.getByTestId('update-location').click();
    await expect.poll(async () => (await today(context.request)).kmTraveled).toBeGreaterThan(after.kmTraveled);
  });

  test('Update Location without a position: the spec’s Location Error toast', async ({ context, page }) => {
    await signIn(context, 'rider');
    await context.clearPermissions();
    await page.goto('/rider');
    await page.getByTestId('update-location').click();
    await expectToast(page, 'Location Error', 'Unable to get location. Please check GPS settings.');
  });

  test('Submit Cash sends { amount } and moves it to pending', async ({ context, page }) => {
    // A rider of a new company who holds 2.000 KWD (fixtures.ts).
    const company = await freshCompany();
    const rider = await freshRider(company);
    await giveCash(company, rider, [2]);
    await signIn(context, rider);
    const d = await dashboard(context.request);
    expect(d).toMatchObject({ riderId: rider.id, currency: 'KWD', cashOnHand: 2, pendingCash: 0 });
    await page.goto('/rider');
    await page.getByTestId('submit-cash').click();
    const dialog = page.getByTestId('cash-dialog');
    await expect(dialog.locator('input[name=amount]')).toHaveValue('2.000');
    await dialog.locator('input[name=amount]').fill('3');
    await dialog.getByTestId('cash-confirm').click();
    await expect(dialog.getByText('You cannot submit more than you hold (KWD 2.000).')).toBeVisible();

    await dialog.locator('input[name=amount]').fill('0.5');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/riders/${d.riderId}/cash/submit`));
    await dialog.getByTestId('cash-confirm').click();
    const req = await sent;
    expect(req.postDataJSON()).toEqual({ amount: 0.5 });
    expect(req.headers()['idempotency-key']).toBeTruthy();
    await expectToast(page, 'Cash Submitted', 'KWD 0.500 is pending confirmation by your company.');
    await expect(dialog).not.toBeVisible();
    expect(await dashboard(context.request)).toMatchObject({ cashOnHand: 1.5, pendingCash: 0.5 });
    await expect(page.getByTestId('cash-on-hand')).toHaveText('KWD 1.500');
  });

  test('with no cash on hand, Submit Cash is blocked with the spec’s toast', async ({ context, page }) => {
    // A rider of a new UAE company who has not collected any cash.
    await signIn(context, await freshRider(await freshCompany('uae')));
    expect(await dashboard(context.request)).toMatchObject({ currency: 'AED', cashOnHand: 0 });
    await page.goto('/rider');
    await expect(page.getByTestId('cash-on-hand')).toHaveText('AED 0.00');
    await page.getByTestId('submit-cash').click();
    await expectToast(page, 'No Cash to Submit', "You don't have any cash on hand to submit.");
    await expect(page.getByTestId('cash-dialog')).not.toBeVisible();
  });

  test('Receipt opens the OCR dialog with the fake camera: capture → Retake → capture → Confirm stores a capture with its total', async ({ context, page }) => {
    await signIn(context, 'rider');
    await trackStreams(page);
    const before = await trpcGet<{ id: string; type: string }[]>(context.request, 'ocr.captures');
    await page.goto('/rider');
    await page.getByTestId('capture-receipt').click();
    const dialog = page.getByTestId('ocr-dialog');
    await expect(dialog).toHaveAttribute('data-phase', 'live');
    await expect(dialog.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect.poll(() => page.getByTestId('ocr-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

    // The test pattern is read (a number in it) or not (the spec's toast): either way the rider confirms the total.
    await page.getByTestId('ocr-capture').click();
    await expect(dialog).toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
    await expect(page.getByTestId('ocr-photo')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await page.getByTestId('ocr-retake').click();
    await expect(dialog).toHaveAttribute('data-phase', 'live');
    await expect(page.getByTestId('ocr-photo')).toHaveCount(0);

    await page.getByTestId('ocr-capture').click();
    await expect(dialog).toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
    await page.getByTestId('ocr-value').fill('3.250');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ocr/submit'));
    await page.getByTestId('ocr-confirm').click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['email', 'image', 'location', 'reading', 'riderId', 'riderName', 'timestamp', 'type']);
    expect(body).toMatchObject({ type: 'receipt', email: 'rider@example.com', riderName: 'Rashid Khan', reading: { value: 3250, currency: 'KWD' } });
    await expectToast(page, 'Photo Saved', 'Your receipt photo is saved.');
    await expect(dialog).toHaveCount(0);
    expect(await liveTracks(page)).toBe(0);
    const after = await trpcGet<{ id: string; type: string; valueMinor: number | null; currency: string | null }[]>(context.request, 'ocr.captures');
    expect(after.length).toBe(before.length + 1);
    expect(after.find((c) => !before.some((b) => b.id === c.id))).toMatchObject({ type: 'receipt', valueMinor: 3250, currency: 'KWD' });
  });

  test('OCR dialog: closing stops the camera; a refused camera shows the spec’s texts', async ({ context, page }) => {
    await signIn(context, 'rider');
    await trackStreams(page);
    await page.goto('/rider');
    await page.getByTestId('capture-odometer').click();
    await expect(page.getByTestId('ocr-dialog')).toHaveAttribute('data-phase', 'live');
    expect(await liveTracks(page)).toBe(1);
    await page.getByTestId('ocr-dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('ocr-dialog')).toHaveCount(0);
    expect(await liveTracks(page)).toBe(0);

    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.getByTestId('capture-receipt').click();
    await expect(page.getByTestId('scanner-error')).toContainText('Camera access denied. Please allow camera permissions.');
    await expectToast(page, 'Camera Error', 'Unable to access camera. Please check permissions.');
  });
});

/** Keep every camera stream the page opens, to check that closing the scanner stops them. */
async function trackStreams(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __streams: MediaStream[] };
    w.__streams = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const s = await original(c);
      w.__streams.push(s);
      return s;
    };
  });
}
const liveTracks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length);

test.describe('/rider as the admin', () => {
  test('picks a rider and sees that rider’s day, read-only', async ({ context, page }) => {
    await signIn(context, 'admin');
    await page.goto('/rider');
    await expect(page.getByTestId('admin-stats')).toBeVisible();
    const picker = page.getByTestId('rider-picker');
    await picker.getByRole('searchbox').fill('Bilal');
    await expect(picker.getByTestId('rider-pick-option')).toHaveCount(1);
    await picker.getByTestId('rider-pick-option').click();
    await expect(page.getByTestId('viewing-rider')).toHaveText('Bilal Ahmed · Emirates Express Delivery');
    await expect(page).toHaveURL(/\/rider\?rider=/);
    await expect(page.getByTestId('rider-dashboard')).toHaveAttribute('data-readonly', 'true');
    await expect(page.getByTestId('cash-on-hand')).toContainText('AED');
    await expect(page.getByTestId('rider-route')).toBeVisible();
    for (const id of ['submit-cash', 'update-location', 'capture-odometer', 'capture-receipt']) await expect(page.getByTestId(id)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('viewing-rider')).toHaveText('Bilal Ahmed · Emirates Express Delivery');
    await page.getByTestId('change-rider').click();
    await expect(page.getByTestId('rider-picker')).toBeVisible();
  });
});

const FAST_ON_DUTY = ['Rashid Khan', 'Imran Siddiqui', 'Mahmoud Fathy'];
const EMIRATES = ['Bilal Ahmed', 'Samuel Otieno', 'Faisal Qureshi', 'Nabil Haddad', 'Tariq Mahmood', 'Vikram Rao'];

test.describe('live fleet map (issue 5 item 6)', () => {
  test('/company: Fast Delivery’s riders only, drawn without tiles; a tap draws the day; moves arrive live', async ({ browser, context, page }) => {
    await blockTiles(page);
    await signIn(context, 'fast');
    await page.goto('/company');
    const map = page.getByTestId('fleet-map');
    for (const name of FAST_ON_DUTY) await expect(map.locator(`.leaflet-marker-icon[title="${name}"]`)).toBeVisible();
    for (const name of EMIRATES) await expect(map.getByText(name)).toHaveCount(0);
    // Other test files add riders to Fast Delivery in the shared database: the roster matches the company's own list.
    const own = await getJson<unknown[]>(context.request, '/api/company/riders');
    expect(own.length).toBeGreaterThanOrEqual(6);
    await expect(map.getByTestId('fleet-rider')).toHaveCount(own.length);
    await expect(map).toHaveAttribute('data-live', 'pending');

    await map.locator('.leaflet-marker-icon[title="Rashid Khan"]').click();
    await expect(map.getByTestId('fleet-route')).toContainText(/Rashid Khan: today's route, [\d.]+ km/);
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);

    // Rashid sends a position from his phone; the manager's map moves his pin without a reload.
    const rider = await browser.newContext();
    await signIn(rider, 'rider');
    const me = await getJson<{ roleData: { id: string } }>(rider.request, '/api/auth/user');
    const res = await rider.request.post(`/api/riders/${me.roleData.id}/location`, { data: { lat: 29.301, lng: 47.951, accuracy: 9 }, headers: { 'Idempotency-Key': `e2e-move-${Date.now()}` } });
    expect(res.status()).toBe(200);
    await expect(map.locator(`[data-testid=fleet-marker][data-rider="${me.roleData.id}"]`)).toHaveAttribute('data-lat', '29.301');
    await rider.close();
  });

  test('/admin: every company’s riders, or one company', async ({ context, page }) => {
    await blockTiles(page);
    await signIn(context, 'admin');
    await page.goto('/admin');
    const map = page.getByTestId('fleet-map');
    await expect(map.locator('.leaflet-marker-icon[title="Bilal Ahmed"]')).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon[title="Rashid Khan"]')).toBeVisible();
    await map.getByTestId('fleet-company').selectOption({ label: 'Emirates Express Delivery' });
    await expect(map.locator('.leaflet-marker-icon[title="Rashid Khan"]')).toHaveCount(0);
    await expect(map.locator('.leaflet-marker-icon[title="Bilal Ahmed"]')).toBeVisible();
    await expect(map.getByTestId('fleet-rider')).toHaveCount(6);
  });
});
