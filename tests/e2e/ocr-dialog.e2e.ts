import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { blankPicture, fakeCameraArgs, odometerPicture, writeY4m } from './fake-camera';
import { expectToast, freshCompany, freshRider, getJson, giveCash, holdRequests, signIn } from './fixtures';
import { reviewRoi } from '../../src/client/ocr/roi';
import type { OcrRoi } from '../../src/shared/schemas/ocr';

/**
 * The OCR camera dialog (issue 6 item 4, spec sections 4, 8, 9) against the real server and its
 * real OCR: Chromium's fake camera films a printed odometer reading 084512.
 */
const CAMERA_DIR = '.tmp/e2e-camera';
const ODOMETER = `${CAMERA_DIR}/odometer-084512.y4m`;
const BLANK = `${CAMERA_DIR}/blank.y4m`;
const SHOTS = '.tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const test = base.extend<object, { cameraFile: string }>({
  cameraFile: [
    async ({}, use) => {
      writeY4m(ODOMETER, await odometerPicture('084512'));
      await use(ODOMETER);
    },
    { scope: 'worker' },
  ],
  launchOptions: [async ({ cameraFile }, use) => use({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(cameraFile)] }), { scope: 'worker' }],
});

test.use({ viewport: PHONE, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

const dialog = (page: Page) => page.getByTestId('ocr-dialog');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/ocr-${name}-${page.viewportSize()!.width}x${page.viewportSize()!.height}.png` });

/** The duty's start km once the outbox has delivered it (the app shows the duty at once, optimistically). */
const dutyStartKm = (ctx: BrowserContext) => expect.poll(async () => (await getJson<{ startOdometer: number } | null>(ctx, '/api/rider/duty'))?.startOdometer ?? null);
const captures = async (ctx: BrowserContext) =>
  (await getJson<{ result: { data: { id: string; type: string; valueKm: number | null; ocrConfidence: number | null }[] } }>(ctx, '/api/trpc/ocr.captures')).result.data;

/** The demo rider, off duty (the seed may leave the rider on duty), on /app with the odometer dialog open. */
async function openScan(page: Page, context: BrowserContext) {
  await signIn(context, 'rider');
  const open = await getJson<{ startOdometer: number | null } | null>(context, '/api/rider/duty');
  if (open) expect((await context.request.post('/api/rider/duty/end', { data: { endOdometerKm: open.startOdometer ?? 0 } })).status()).toBe(200);
  await page.goto('/app');
  await page.getByTestId('duty-start').click();
  await page.getByTestId('odometer-scan').click();
  await expectLive(page);
}

async function expectLive(page: Page) {
  await expect(dialog(page)).toHaveAttribute('data-phase', 'live');
  await expect.poll(() => page.getByTestId('ocr-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(1280);
  await expect(page.getByTestId('ocr-photo')).toHaveCount(0);
}

/** The multipart fields of a captured /api/ocr/process request. */
function multipartFields(body: Buffer): Record<string, string> {
  const text = body.toString('latin1');
  const fields: Record<string, string> = {};
  for (const m of text.matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: ([^\r]+)\r\n)?\r\n/g)) fields[m[1]!] = m[2] ?? text.slice(m.index! + m[0].length, text.indexOf('\r\n--', m.index!));
  return fields;
}

test('reads the odometer: live → processing → 84512 shown; Retake → live; Confirm → duty starts at 84512 km', async ({ page, context }) => {
  test.setTimeout(60_000);
  await openScan(page, context);
  await expect(dialog(page).getByRole('heading', { name: 'Start Odometer' })).toBeVisible();
  await expect(dialog(page)).toHaveAttribute('role', 'dialog');
  await shot(page, 'live');

  const held = await holdRequests(page, '**/api/ocr/process');
  const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ocr/process'));
  await page.getByTestId('ocr-capture').click();
  await expect(dialog(page)).toHaveAttribute('data-phase', 'processing');
  await expect(page.getByTestId('ocr-photo')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(page.getByTestId('ocr-processing')).toHaveText('Reading the odometer...');
  await shot(page, 'processing');
  const fields = multipartFields((await request).postDataBuffer()!);
  expect([fields.image, fields.imageType]).toEqual(['image/jpeg', 'start_odometer']);
  const roi = JSON.parse(fields.roi!) as { x: number; y: number; w: number; h: number };
  // The guide frame on a phone: the middle of the 16:9 frame (its sides are cropped by object-cover).
  expect(roi.x).toBeGreaterThan(0.3);
  expect(roi.x + roi.w).toBeLessThan(0.7);
  expect([roi.y, roi.h]).toEqual([0.34, 0.32]);
  held.release();

  await expect(dialog(page)).toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
  await expect(page.getByTestId('ocr-value')).toHaveValue('84512');
  await expect(page.getByTestId('ocr-confidence')).toHaveText(/^Read with \d+% confidence$/);
  await expect(page.getByTestId('ocr-low-confidence')).toHaveCount(0);
  await expect(page.getByLabel('Odometer reading')).toHaveValue('84512');
  await shot(page, 'result');

  await page.getByTestId('ocr-retake').click();
  await expectLive(page);

  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-value')).toHaveValue('84512', { timeout: 20_000 });
  const submitted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ocr/submit'));
  await page.getByTestId('ocr-confirm').click();
  const body = (await submitted).postDataJSON() as { type: string; reading: { value: number; corrected: boolean; confidence: number } };
  expect(body.type).toBe('start_odometer');
  expect(body.reading).toMatchObject({ value: 84512, corrected: false });
  expect(body.reading.confidence).toBeGreaterThan(0);
  await expect(dialog(page)).toHaveCount(0);

  await expect(page.getByTestId('odometer-input')).toHaveValue('84512');
  await expect(page.getByTestId('odometer-photo')).toBeVisible();
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await dutyStartKm(context).toBe(84512);
  await expect(page.getByTestId('outbox-synced')).toHaveText('All synced');
  const scan = (await captures(context)).find((c) => c.type === 'start_odometer');
  expect(scan).toMatchObject({ valueKm: 84512 });
  expect(scan!.ocrConfidence).toBeGreaterThan(0);
});

test('the end reading: a km typed over the photo’s is caught; the photo’s reading ends the duty', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signIn(context, 'rider');
  const open = await getJson<{ startOdometer: number | null } | null>(context, '/api/rider/duty');
  if (!open) expect((await context.request.post('/api/rider/duty/start', { data: { startOdometerKm: 84400 } })).status()).toBe(200);
  const startKm = open?.startOdometer ?? 84400;
  await page.goto('/app');
  await page.getByTestId('duty-end').click();
  await page.getByTestId('odometer-scan').click();
  await expectLive(page);
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-value')).toHaveValue('84512', { timeout: 20_000 });
  await page.getByTestId('ocr-confirm').click();
  await expect(dialog(page)).toHaveCount(0);
  await page.getByTestId('odometer-input').fill('84513');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('odometer-error')).toHaveText('The odometer photo reads 84512 km, not 84513 km');
  await page.getByTestId('odometer-input').fill('84512');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
  await expectToast(page, `Duty ended: ${new Intl.NumberFormat('en').format(84512 - startKm)} km`);
});

test('low confidence: the value is shown with a warning; screenshots at 1280×800', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await openScan(page, context);
  await shot(page, 'live');
  const held = await holdRequests(page, '**/api/ocr/process');
  await page.getByTestId('ocr-capture').click();
  await expect(dialog(page)).toHaveAttribute('data-phase', 'processing');
  await shot(page, 'processing');
  const answered = page.waitForResponse('**/api/ocr/process');
  held.release();
  await expect(page.getByTestId('ocr-value')).toHaveValue('84512', { timeout: 20_000 });
  // The server says where it found the digits; the review zooms on them (with room around), not on the whole guide frame.
  const { result } = (await (await answered).json()) as { result: { region?: OcrRoi } };
  expect(result.region).toBeDefined();
  const shown = reviewRoi(result.region, null)!;
  const style = (await page.getByTestId('ocr-crop').locator('img').getAttribute('style')) ?? '';
  expect(Number(/width: ([\d.]+)%/.exec(style)?.[1])).toBeCloseTo(100 / shown.w, 1);
  await shot(page, 'result');
  await page.getByTestId('ocr-retake').click();
  await expectLive(page);

  // The server's threshold decides lowConfidence; this photo reads clearly, so its answer is replaced.
  await page.unroute('**/api/ocr/process');
  await page.route('**/api/ocr/process', (route) =>
    route.fulfill({ json: { result: { confidence: 41, text: '084S12', value: 84512, fields: { odometerKm: 84512 }, lowConfidence: true } } }),
  );
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-low-confidence')).toHaveText('We are not sure about this reading. Check it against the photo and correct it if needed.');
  await shot(page, 'low-confidence');
  await page.setViewportSize(PHONE);
  await shot(page, 'low-confidence');
  // The rider corrects it: the reading goes with corrected: true.
  await page.getByTestId('ocr-value').fill('84518');
  const submitted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ocr/submit'));
  await page.getByTestId('ocr-confirm').click();
  expect(((await submitted).postDataJSON() as { reading: unknown }).reading).toEqual({ value: 84518, confidence: 41, text: '084S12', corrected: true });
  await expect(page.getByTestId('odometer-input')).toHaveValue('84518');
});

test('401 while reading: “Unauthorized... logged out”, then the login page after 500 ms', async ({ page, context }) => {
  await openScan(page, context);
  const held = await holdRequests(page, '**/api/ocr/process');
  await page.getByTestId('ocr-capture').click();
  await expect(dialog(page)).toHaveAttribute('data-phase', 'processing');
  await context.clearCookies();
  held.release();
  await expectToast(page, 'Unauthorized... logged out');
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)app$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('offline: OCR needs a connection, the rider types the value, the photo waits in the outbox', async ({ page, context }) => {
  await openScan(page, context);
  await context.setOffline(true);
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-offline')).toContainText('Reading a photo needs a connection.');
  await page.getByTestId('ocr-confirm').click();
  await expect(page.getByTestId('ocr-error')).toHaveText('Type the reading you see in the photo.');
  await page.getByTestId('ocr-value').fill('84,512');
  await page.getByTestId('ocr-confirm').click();
  await expectToast(page, 'Data Recorded Locally... sync failed - will retry');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('odometer-input')).toHaveValue('84512');
  await expect(page.getByTestId('odometer-photo')).toBeVisible();
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await context.setOffline(false);
  // The `online` event replays (a try made before the link is really up waits for the next round);
  // meanwhile the rider taps Sync now (the count) while it shows.
  const pending = page.getByTestId('outbox-pending');
  await expect
    .poll(
      async () => {
        if (await pending.isVisible()) await pending.click({ timeout: 1_000 }).catch(() => undefined);
        return page.getByTestId('outbox-synced').isVisible();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(true);
  await dutyStartKm(context).toBe(84512);
  expect((await captures(context)).find((c) => c.type === 'start_odometer')).toMatchObject({ valueKm: 84512, ocrConfidence: null });
});

test('422 (a photo with no number): the spec’s toast; the rider can retake or type the value', async ({ playwright }) => {
  test.setTimeout(60_000);
  writeY4m(BLANK, await blankPicture());
  const browser = await playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(BLANK)] });
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await openScan(page, context);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ocr/process'));
    await page.getByTestId('ocr-capture').click();
    expect((await answer).status()).toBe(422);
    await expectToast(page, 'OCR Processing Failed', 'Failed to process image. Please try again.');
    await expect(dialog(page)).toHaveAttribute('data-phase', 'review');
    await expect(page.getByTestId('ocr-failed')).toHaveText('Retake the photo, or type the reading you see in it.');
    await expect(page.getByTestId('ocr-value')).toHaveValue('');
    await page.getByTestId('ocr-retake').click();
    await expectLive(page);
    await page.getByTestId('ocr-capture').click();
    await expect(page.getByTestId('ocr-failed')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('ocr-value').fill('84512');
    await page.getByTestId('ocr-confirm').click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByTestId('odometer-input')).toHaveValue('84512');
  } finally {
    await browser.close();
  }
});

test('/rider header: Odometer reads the start, “Confirm & start duty” starts it; the next scan is the end', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signIn(context, 'rider');
  const open = await getJson<{ startOdometer: number | null } | null>(context, '/api/rider/duty');
  if (open) expect((await context.request.post('/api/rider/duty/end', { data: { endOdometerKm: open.startOdometer ?? 0 } })).status()).toBe(200);
  await page.goto('/rider');
  await page.getByTestId('capture-odometer').click();
  await expect(dialog(page).getByRole('heading', { name: 'Start Odometer' })).toBeVisible();
  await expectLive(page);
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-value')).toHaveValue('84512', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Confirm & start duty' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expectToast(page, 'Duty started');
  await dutyStartKm(context).toBe(84512);
  await page.getByTestId('capture-odometer').click();
  await expect(dialog(page).getByRole('heading', { name: 'End Odometer' })).toBeVisible();
});

test('/rider: Submit Cash → Scan cash slip prefills the amount; a changed amount is flagged to the admin', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  // A rider of a new company who holds 1.500 KWD (fixtures.ts).
  const company = await freshCompany();
  const rider = await freshRider(company);
  await giveCash(company, rider, [1.5]);
  await signIn(context, rider);
  // The camera films 084512; a slip of that many fils would be 84.512 KWD, more than the rider holds: the rider types the slip's amount.
  await page.route('**/api/ocr/process', (route) => route.fulfill({ json: { result: { confidence: 88, text: 'TOTAL 1.000', value: 1000, currency: 'KWD', fields: {}, lowConfidence: false } } }));
  await page.goto('/rider');
  await page.getByTestId('submit-cash').click();
  await page.getByTestId('scan-slip').click();
  await expect(dialog(page)).toHaveAttribute('data-phase', 'live');
  await expect(dialog(page).getByRole('heading', { name: 'Cash' })).toBeVisible();
  await expect.poll(() => page.getByTestId('ocr-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-value')).toHaveValue('1.000');
  await expect(page.getByLabel('Cash slip amount')).toBeVisible();
  await page.getByTestId('ocr-confirm').click();
  await expect(dialog(page)).toHaveCount(0);
  const form = page.getByTestId('cash-dialog');
  await expect(form.getByLabel('Amount (KWD)')).toHaveValue('1.000');
  await expect(form.getByTestId('slip-attached')).toContainText('Cash slip: KWD 1.000');
  await form.getByLabel('Amount (KWD)').fill('0.900');
  await expect(form.getByTestId('slip-mismatch')).toBeVisible();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/cash\/submit$/.test(r.url()));
  await form.getByTestId('cash-confirm').click();
  expect((await sent).postDataJSON()).toMatchObject({ amount: 0.9, slipCaptureId: expect.any(String) });
  await expectToast(page, 'Cash Submitted');

  const admin = await browser.newContext({ viewport: DESKTOP });
  await signIn(admin, 'admin');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Cash hand-overs' }).click();
  const row = adminPage.getByTestId('cash-row').filter({ hasText: rider.name });
  await expect(row).toContainText('KWD 0.900');
  await expect(row.getByTestId('cash-slip')).toHaveText('Cash slip: KWD 1.000');
  await expect(row.getByTestId('cash-slip-check')).toHaveText('Differs from slip');
  await row.getByTestId('cash-confirm-row').click();
  await expect(row).toHaveAttribute('data-status', 'confirmed');
  await admin.close();
});
