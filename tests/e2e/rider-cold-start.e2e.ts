import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { fireBackgroundSync } from './background-sync';
import { riderDayOnServer } from './db';
import { blankPicture, fakeCameraArgs, writeY4m } from './fake-camera';
import { expectToast, freshCompany, freshRider, getJson, PASSWORD, signIn, trpcGet, trpcPost, type FreshCompany, type FreshRider } from './fixtures';
import { keptCache } from './kept-cache';

/**
 * Issue 20, items 3 and 8: a rider's whole day after an offline COLD start. The browser is closed (the process
 * exits) after one online visit, then started again on the same profile with no network before any page opens:
 * the installed app, the rider's cached answers, the outbox and every lazily loaded dialog come from the service
 * worker's precache and IndexedDB. Every rider action is done through the UI, every page is closed while still
 * offline; the app reopened online replays the outbox, and the server holds each record exactly once.
 */
const KUWAIT = { latitude: 29.3375, longitude: 48.0263 };
const SALMIYA = { latitude: 29.3339, longitude: 48.0761 };
const CAMERA = '.tmp/e2e-camera/cold-start-odometer.y4m';
const SHOTS = '.tmp/shots-cold';
const BASE = () => test.info().project.use.baseURL!;
/** src/client/shell/InstallPrompt.tsx's INSTALL_DISMISSED_KEY (that module is the app's, with React in it). */
const INSTALL_DISMISSED_KEY = 'kwt-install-dismissed';
const TICKET = { subject: 'Scanner freezes in the basement', body: 'The odometer scanner froze twice in the Salmiya car park.' };

test.describe.configure({ timeout: 60_000 });

interface Day {
  company: FreshCompany;
  rider: FreshRider;
  manager: APIRequestContext;
  /** The cash order (7.250 KWD) delivered with proof, the one that fails, the one only picked up. */
  cash: string;
  fails: string;
  picked: string;
  pin: string;
}

async function order(manager: APIRequestContext, riderId: string, customerName: string, codAmount: number): Promise<string> {
  const { order } = await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', {
    customerName,
    customerPhone: '+96550001234',
    pickupAddress: 'Warehouse 4, Shuwaikh',
    deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
    deliveryFee: 1,
    codAmount,
    currency: 'KWD',
  });
  await trpcPost(manager, 'company.assignOrder', { orderId: order.id, riderId });
  return order.id;
}

/** A fresh rider with three assigned orders, one of them cash; the customer's PIN of the cash order. */
async function newDay(): Promise<Day> {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  const manager = await request.newContext({ baseURL: BASE() });
  expect((await manager.post('/api/auth/login', { data: { email: company.manager.email, password: PASSWORD } })).status()).toBe(200);
  const cash = await order(manager, rider.id, 'Noura Al-Sabah', 7.25);
  const fails = await order(manager, rider.id, 'Fahad Al-Mutairi', 0);
  const picked = await order(manager, rider.id, 'Maryam Al-Kandari', 0);
  const { trackingCode } = await trpcGet<{ trackingCode: string }>(manager, 'company.orderDetail', { id: cash });
  const { deliveryPin: pin } = (await (await manager.get(`/api/track/${trackingCode}`)).json()) as { deliveryPin: string };
  return { company, rider, manager, cash, fails, picked, pin };
}

/** The phone's browser on its profile: the fake camera films a plain card (no reading: offline nothing is read anyway). */
function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(CAMERA)],
    baseURL: BASE(),
    viewport: { width: 390, height: 844 },
    timezoneId: 'Asia/Kuwait',
    serviceWorkers: 'allow',
    // Granting replaces Chromium's defaults: background-sync must be named, or registering the sync is refused.
    permissions: ['geolocation', 'background-sync', 'camera'],
    geolocation: KUWAIT,
  });
}

/** A page of the app with its install offer put off for the session (as "Later" does): it never covers a dialog. */
async function appPage(context: BrowserContext): Promise<Page> {
  await context.addInitScript((key) => {
    try {
      sessionStorage.setItem(key, '1');
    } catch {
      /* about:blank has no storage */
    }
  }, INSTALL_DISMISSED_KEY);
  return context.pages()[0] ?? (await context.newPage());
}

/** Online once: /app controlled by the worker, its answers persisted, the region chosen. */
async function firstVisit(context: BrowserContext, day: Day): Promise<void> {
  await signIn(context, day.rider);
  const page = await appPage(context);
  await page.goto('/app');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // A first visit is not controlled until the worker claims it; a reload is, as every later start is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByTestId('region-confirm').click();
  await expect(page.getByTestId('region-summary')).toContainText('Kuwait (KWD)');
  await expect(page.getByTestId('my-order')).toHaveCount(3);
  // The rider's answers are kept on the device (the persister writes at most once a second).
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain('Maryam Al-Kandari');
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain('"tracking","today"');
}


/**
 * No network for the pages nor for the service worker. In a browser started again on its profile, Playwright's
 * offline switch reaches the pages but not the service worker started with it: the worker's fetches still went
 * out, and since the browser itself is online, Background Sync fired at once and the worker sent the "offline"
 * records while the rider was still recording them. So the worker's requests are cut too (context.route sees
 * them in Chromium), as a phone without signal cuts them.
 */
async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}

const card = (page: Page, id: string) => page.locator(`[data-testid="my-order"][data-order-id="${id}"]`);

async function pickUp(page: Page, id: string) {
  await card(page, id).getByTestId('order-picked-up').click();
  await expect(card(page, id).getByTestId('order-status')).toHaveText('Picked up');
}

/** The whole day, offline, through the UI. */
async function offlineDay(page: Page, day: Day) {
  // Region: Kuwait → UAE → Kuwait, before any cash is on hand (with cash held the server refuses a change).
  for (const [to, shown] of [['uae', 'UAE (AED)'], ['kuwait', 'Kuwait (KWD)']] as const) {
    await page.getByTestId('region-summary').getByRole('button', { name: 'Change' }).click();
    await page.getByTestId(`region-option-${to}`).click();
    await page.getByTestId('region-confirm').click();
    await expect(page.getByTestId('region-summary')).toContainText(shown);
  }

  // Start duty with the odometer photo: offline the photo is not read; the rider types what it shows.
  await page.getByTestId('duty-start').click();
  await page.getByTestId('odometer-scan').click();
  await expect(page.getByTestId('ocr-dialog')).toHaveAttribute('data-phase', 'live');
  await page.getByTestId('ocr-capture').click();
  await expect(page.getByTestId('ocr-offline')).toContainText('Reading a photo needs a connection.');
  await page.getByTestId('ocr-value').fill('84512');
  await page.getByTestId('ocr-confirm').click();
  await expect(page.getByTestId('odometer-photo')).toBeVisible();
  await expect(page.getByTestId('odometer-input')).toHaveValue('84512');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');

  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On break');
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');

  await page.context().setGeolocation(SALMIYA);
  await page.getByTestId('gps-update').click();
  await expect(page.getByTestId('gps-position')).toContainText('29.3339');

  for (const id of [day.cash, day.fails, day.picked]) await pickUp(page, id);

  // Delivered with the proof photo, the recipient's name and the customer's PIN (checked on replay).
  await card(page, day.cash).getByTestId('order-delivered').click();
  const deliver = page.getByTestId('deliver-dialog');
  await deliver.getByTestId('recipient-name').fill('Noura');
  await deliver.getByTestId('delivery-pin').fill(day.pin);
  const proof = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b08d57' } }).jpeg().toBuffer();
  await deliver.getByTestId('proof-photo').setInputFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: proof });
  await expect(deliver.getByTestId('proof-preview')).toBeVisible();
  await deliver.getByTestId('deliver-submit').click();
  await expect(card(page, day.cash)).toHaveCount(0);
  // The dialog stays (and the page behind it inert) until the outbox has answered.
  await expect(deliver).toBeHidden();

  await card(page, day.fails).getByTestId('order-failed').click();
  await page.getByTestId('fail-reason').fill('Customer not answering, building closed');
  await page.getByTestId('fail-submit').click();
  await expect(card(page, day.fails)).toHaveCount(0);
  // The card leaves the list as soon as the write is stored; the dialog closes once the outbox has answered. Until
  // then the modal dialog makes the rest of the page inert, and typing there reaches nothing (as on a phone).
  await expect(page.getByTestId('fail-dialog')).toHaveCount(0);

  // Cash: the hand-over waits on the phone, its code comes from the server.
  await expect(page.getByTestId('app-cash-on-hand')).toHaveText('KWD 7.250');
  await page.getByTestId('cash-amount').fill('5');
  await expect(page.getByTestId('cash-amount')).toHaveValue('5');
  await page.getByTestId('cash-submit').click();
  await expect(page.getByTestId('handover-queued')).toHaveText('Hand-over of KWD 5.000 saved on this phone. Its code comes when the phone is back online.');

  // A support ticket from the support card.
  await page.getByTestId('support-report').click();
  const report = page.getByTestId('report-problem');
  await report.getByLabel('Subject *').fill(TICKET.subject);
  await report.getByLabel('Description *').fill(TICKET.body);
  await page.screenshot({ path: `${SHOTS}/report-problem-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/report-problem-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await report.getByRole('button', { name: 'Create Ticket' }).click();
  await expectToast(page, 'Data Recorded Locally... sync failed - will retry');
  await expect(report).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/cold-offline-day-390.png`, fullPage: true });

  await page.getByTestId('duty-end').click();
  await page.getByTestId('odometer-input').fill('84530');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
}

/** The day on the server after the replay: each record exactly once, the PIN matched (nothing flagged). */
async function expectDayOnServer(day: Day, context: BrowserContext): Promise<void> {
  const s = await riderDayOnServer(day.rider.id);
  expect(s.shifts.map((x) => [x.startOdometerKm, x.endOdometerKm, x.endedBy])).toEqual([[84512, 84530, 'rider']]);
  const odometer = s.captures.filter((c) => c.type === 'start_odometer');
  expect(odometer.map((c) => c.valueKm)).toEqual([84512]);
  expect(s.shifts[0]!.startCaptureId).toBe(odometer[0]!.id);
  expect(s.breaks.map((b) => b.endedAt !== null)).toEqual([true]);
  // The ping of the duty's start (the periodic one) and the manual update from Salmiya, none twice.
  expect(s.pings.length).toBeGreaterThanOrEqual(2);
  expect(s.pings.filter((p) => p.lat === SALMIYA.latitude && p.lng === SALMIYA.longitude)).toHaveLength(1);
  const times = s.pings.map((p) => `${p.lat},${p.lng},${p.recordedAt.getTime()}`);
  expect(new Set(times).size).toBe(times.length);
  expect(s.submissions).toEqual([{ amountMinor: 5000, currency: 'KWD', status: 'pending' }]);
  expect(s.tickets).toEqual([{ ...TICKET, companyId: day.company.id }]);
  expect(s.regionChanges.map((r) => JSON.stringify(r.detail))).toEqual([expect.stringContaining('"AED"'), expect.stringContaining('"KWD"')]);

  const detail = (id: string) =>
    trpcGet<{ status: string; recipientName: string | null; failureReason: string | null; proofCaptureId: string | null; timeline: { status: string }[] }>(day.manager, 'company.orderDetail', { id });
  const delivered = await detail(day.cash);
  expect([delivered.status, delivered.recipientName]).toEqual(['delivered', 'Noura']);
  expect(delivered.timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up', 'delivered']);
  const proof = s.captures.filter((c) => c.type === 'proof');
  expect(proof).toHaveLength(1);
  expect(delivered.proofCaptureId).toBe(proof[0]!.id);
  const failed = await detail(day.fails);
  expect([failed.status, failed.failureReason]).toEqual(['failed', 'Customer not answering, building closed']);
  expect(failed.timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up', 'failed']);
  expect((await detail(day.picked)).timeline.map((e) => e.status)).toEqual(['pending', 'assigned', 'picked_up']);
  // The PIN typed offline matched: nothing for the company to review.
  expect(await trpcGet<unknown[]>(day.manager, 'company.flagged', { open: true })).toEqual([]);
  expect((await getJson<{ pendingCash: number; cashOnHand: number }>(context, '/api/dashboard/rider')).pendingCash).toBe(5);
}

/** The cold start up to the end of the offline day, every page then closed with the phone still offline. */
async function coldOfflineDay(context: BrowserContext, day: Day): Promise<void> {
  await goOffline(context);
  const page = await appPage(context);
  const started = Date.now();
  await page.goto('/app');
  await expect(card(page, day.picked)).toBeVisible();
  console.log(`offline cold start (browser relaunched) to the rider's orders: ${Date.now() - started} ms`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('offline-line')).toHaveText(/^Offline — last synced \d{2}:\d{2}$/);
  await offlineDay(page, day);
  // Nothing has reached the server.
  expect((await riderDayOnServer(day.rider.id)).shifts).toEqual([]);
  for (const p of context.pages()) await p.close();
}

/**
 * One online visit, the browser closed, then started again on its profile with no network: the rider's day done
 * offline and every page closed; then `replay` brings it to the server.
 */
async function coldDay(replay: (context: BrowserContext, day: Day) => Promise<void>): Promise<void> {
  writeY4m(CAMERA, await blankPicture());
  const day = await newDay();
  const profile = mkdtempSync(join(tmpdir(), 'kwt-cold-'));
  let context: BrowserContext | null = null;
  try {
    context = await launch(profile);
    await firstVisit(context, day);
    await context.close(); // the browser exits: nothing of the app is left running
    context = await launch(profile);
    await coldOfflineDay(context, day);
    await replay(context, day);
  } finally {
    await context?.close();
    await day.manager.dispose();
    rmSync(profile, { recursive: true, force: true });
  }
}

test('a rider’s day after an offline cold start: every action through the UI, each record on the server once after reconnecting', () =>
  coldDay(async (context, day) => {
    await goOnline(context);
    const again = await appPage(context);
    await again.goto('/app');
    await expect(again.getByTestId('outbox-synced')).toHaveText('All synced', { timeout: 20_000 });
    await expect(again.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
    await again.screenshot({ path: `${SHOTS}/cold-synced-390.png`, fullPage: true });
    await expectDayOnServer(day, context);
  }));

test('the same day after an offline cold start, delivered by Background Sync with no page of the app open', () =>
  coldDay(async (context, day) => {
    await goOnline(context);
    // No page of the app is open: the worker's replay, fired as the browser does when the network is back.
    await fireBackgroundSync(context, BASE());
    await expect.poll(async () => (await riderDayOnServer(day.rider.id)).tickets.length, { timeout: 20_000 }).toBe(1);
    await expectDayOnServer(day, context);
    // Reopened, the app shows what the worker sent: nothing waits, and the hand-over's code from the answer the
    // worker kept (the server holds only its hash).
    const again = await appPage(context);
    await again.goto('/app');
    await expect(again.getByTestId('outbox-synced')).toHaveText('All synced', { timeout: 20_000 });
    await expect(again.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
  }));
