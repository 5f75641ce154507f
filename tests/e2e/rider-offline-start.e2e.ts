import { chromium, expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { endSessionsOf } from './db';
import { freshCompany, freshRider, giveCash, PASSWORD, signIn, trpcPost, type FreshCompany, type FreshRider } from './fixtures';
import { keptCache } from './kept-cache';

/**
 * Issue 20, items 1, 2 and 8: a rider's app reopened without a network. A persistent browser profile (service
 * worker, IndexedDB and cookies survive closing every page), as a phone keeps them: the rider's last answers come
 * from the persisted query cache, never the sign-in page; only the server's 401 signs the rider out and wipes that
 * cache; a second rider on the same phone never sees the first one's data.
 */
const SHOTS = '.tmp/shots-offline';
const PHONE = '+96550001234';

test.describe.configure({ timeout: 60_000 });

interface World {
  company: FreshCompany;
  rider: FreshRider;
  customer: string;
  address: string;
}

/** A rider of a new company with one order waiting (or already picked up) and 3.500 KWD on hand. */
async function riderWithWork({ pickedUp = false } = {}): Promise<World> {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  await giveCash(company, rider, [2.5, 1]);
  const customer = `Noura ${rider.name.split(' ')[1]}`;
  const address = 'Salmiya, Block 10, Street 5, House 12';
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post('/api/auth/login', { data: { email: company.manager.email, password: PASSWORD } })).status()).toBe(200);
  const { order } = await trpcPost<{ order: { id: string } }>(api, 'company.createOrder', {
    customerName: customer,
    customerPhone: PHONE,
    pickupAddress: 'Warehouse 4, Shuwaikh',
    deliveryAddress: address,
    deliveryFee: 1,
    codAmount: 0,
    currency: 'KWD',
  });
  await trpcPost(api, 'company.assignOrder', { orderId: order.id, riderId: rider.id });
  if (pickedUp) await trpcPost(api, 'company.setOrderStatus', { orderId: order.id, status: 'picked_up' });
  await api.dispose();
  return { company, rider, customer, address };
}

/** A phone's browser profile: everything it keeps survives closing its pages. */
async function phone(size = { width: 390, height: 844 }): Promise<{ context: BrowserContext; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'kwt-phone-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'allow',
    viewport: size,
    timezoneId: 'Asia/Kuwait',
  });
  return {
    context,
    dispose: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The rider app online, controlled by the service worker, with its answers written to the persisted cache. */
async function openOnline(context: BrowserContext, w: World): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/app');
  await expect(page.getByTestId('my-order').filter({ hasText: w.customer })).toBeVisible();
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null);
  // Both portals' answers are kept (the app asks for /rider's too, a moment after its first paint).
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain('"tracking","today"');
  expect(await keptCache(page)).toContain(w.customer);
  return page;
}


async function closePages(context: BrowserContext): Promise<void> {
  for (const p of context.pages()) await p.close();
}

/** Any sign-in page the browser shows, at any moment. */
function watchSignIn(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('page', (p) => p.on('framenavigated', (f) => f === p.mainFrame() && /\/(api\/)?login/.test(f.url()) && seen.push(f.url())));
  return seen;
}

test('reopened offline, /app and /rider are the rider’s, from the kept cache, never the sign-in page', async () => {
  const w = await riderWithWork();
  const { context, dispose } = await phone();
  try {
    await signIn(context, w.rider);
    const online = await openOnline(context, w);
    // A hand-over of 1.000 KWD: the server answers with its one-time code.
    await online.getByTestId('cash-amount').fill('1');
    await online.getByTestId('cash-submit').click();
    await expect(online.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
    const code = (await online.getByTestId('handover-code').textContent())!.trim();
    await expect.poll(() => keptCache(online), { timeout: 5_000 }).toContain(`"code":"${code}"`);
    // The figures the app asked for again after the hand-over are kept too (saved at most once a second).
    await expect.poll(() => keptCache(online), { timeout: 5_000 }).toContain('"pendingCash":1,');
    const signInPages = watchSignIn(context);
    await context.setOffline(true);
    await closePages(context);

    const app = await context.newPage();
    const started = Date.now();
    await app.goto('/app');
    const order = app.getByTestId('my-order').filter({ hasText: w.customer });
    await expect(order).toBeVisible();
    const ms = Date.now() - started;
    console.log(`offline cold start of /app to the rider's orders: ${ms} ms`);
    expect(ms).toBeLessThan(2000);
    await expect(app.getByTestId('portal-header')).toContainText(w.rider.name.split(' ')[0]!);
    await expect(order).toContainText(w.address);
    await expect(order.getByRole('link', { name: `Call ${w.customer}` })).toHaveAttribute('href', `tel:${PHONE}`);
    await expect(app.getByTestId('duty-status')).toHaveText('Off duty');
    await expect(app.getByTestId('app-cash-on-hand')).toHaveText('KWD 2.500');
    await expect(app.getByTestId('app-cash-pending')).toHaveText('KWD 1.000');
    await expect(app.getByTestId('handover-code')).toHaveText(code);
    await expect(app.getByTestId('offline-line')).toHaveText(/^Offline — last synced \d{2}:\d{2}$/);
    await app.screenshot({ path: `${SHOTS}/app-offline-390.png`, fullPage: true });

    const rider = await context.newPage();
    const riderStarted = Date.now();
    await rider.goto('/rider');
    await expect(rider.getByTestId('cash-on-hand')).toHaveText('KWD 2.500');
    await expect(rider.getByTestId('cash-pending')).toHaveText('KWD 1.000');
    console.log(`offline cold start of /rider to the rider's dashboard: ${Date.now() - riderStarted} ms`);
    await expect(rider.getByTestId('rider-portal')).toContainText(w.company.name);
    await expect(rider.getByTestId('offline-line')).toHaveText(/^Offline — last synced \d{2}:\d{2}$/);
    await rider.screenshot({ path: `${SHOTS}/rider-offline-390.png`, fullPage: true });
    await rider.setViewportSize({ width: 1280, height: 800 });
    await rider.screenshot({ path: `${SHOTS}/rider-offline-1280.png` });
    await app.setViewportSize({ width: 1280, height: 800 });
    await app.screenshot({ path: `${SHOTS}/app-offline-1280.png` });

    // In Arabic (the header's switch; the server hears of it later), still offline.
    await rider.getByTestId('lang-switch').first().click();
    await expect(rider.getByTestId('offline-line')).toHaveText(/^غير متصل — آخر مزامنة \d{2}:\d{2}$/);
    await rider.setViewportSize({ width: 390, height: 844 });
    await rider.screenshot({ path: `${SHOTS}/rider-offline-ar-390.png` });
    expect(signInPages).toEqual([]);
  } finally {
    await dispose();
  }
});

test('a 401 when the connection returns signs the rider out and wipes the kept cache', async () => {
  const w = await riderWithWork();
  const { context, dispose } = await phone();
  try {
    await signIn(context, w.rider);
    await openOnline(context, w);
    await context.setOffline(true);
    await closePages(context);
    const page = await context.newPage();
    await page.goto('/app');
    await expect(page.getByTestId('my-order').filter({ hasText: w.customer })).toBeVisible();

    // Meanwhile the session ended on the server; the phone comes back online.
    await endSessionsOf(w.rider.email);
    await context.setOffline(false);
    // (The first check after the `online` event may still fail: the app asks again 1.5 s after the event, and every 10 s while it fails.)
    await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)app$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await expect.poll(() => keptCache(page)).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rider-app:') || k === 'kwt.cacheOwner'))).toEqual([]);

    // Reopened offline again: nothing of the rider is shown.
    await context.setOffline(true);
    await closePages(context);
    const again = await context.newPage();
    await again.goto('/app');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await expect(again.getByText(w.customer)).toHaveCount(0);
  } finally {
    await dispose();
  }
});

test('a second rider signing in on the same phone never sees the first rider’s data, online or offline', async () => {
  const first = await riderWithWork();
  const second = await riderWithWork();
  const { context, dispose } = await phone();
  try {
    await signIn(context, first.rider);
    await openOnline(context, first);
    await closePages(context);

    // The first rider is signed out on this phone (another sign-in replaces the cookie), the second signs in.
    await context.clearCookies();
    await signIn(context, second.rider);
    const page = await context.newPage();
    const shown: string[] = [];
    await page.exposeFunction('__sawFirst', (where: string) => shown.push(where));
    await page.addInitScript((name) => {
      new MutationObserver(() => {
        if (document.body?.innerText.includes(name)) (window as unknown as { __sawFirst: (w: string) => void }).__sawFirst(location.pathname);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, first.customer);
    await page.goto('/app');
    await expect(page.getByTestId('my-order').filter({ hasText: second.customer })).toBeVisible();
    await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain(second.customer);
    expect(await keptCache(page)).not.toContain(first.customer);

    await context.setOffline(true);
    await closePages(context);
    const offline = await context.newPage();
    await offline.goto('/app');
    await expect(offline.getByTestId('my-order').filter({ hasText: second.customer })).toBeVisible();
    await expect(offline.getByText(first.customer)).toHaveCount(0);
    expect(shown).toEqual([]);
  } finally {
    await dispose();
  }
});

test('storage nearly full: a warning before the proof photo; a record the phone cannot keep is said not saved', async ({ browser }) => {
  const w = await riderWithWork({ pickedUp: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    await signIn(context, w.rider);
    // This phone has 4 MB left of its site quota.
    await context.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ usage: 96 * 1024 * 1024, quota: 100 * 1024 * 1024 }) });
    });
    const page = await context.newPage();
    await page.goto('/app');
    const order = page.getByTestId('my-order').filter({ hasText: w.customer });
    await order.getByTestId('order-delivered').click();
    const dialog = page.getByTestId('deliver-dialog');
    await expect(dialog.getByTestId('storage-warning')).toHaveText(
      'This phone’s storage is almost full. Free some space before taking photos: records waiting to sync are kept, but a new photo may not fit.',
    );
    await page.screenshot({ path: `${SHOTS}/storage-warning-390.png` });

    // The outbox's IndexedDB refuses the write for lack of space.
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
        if (this.name === 'entries') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    await dialog.getByLabel('Recipient\'s name').fill('Noura');
    await dialog.getByTestId('deliver-submit').click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Not saved: this phone’s storage is full' });
    await expect(toast.getByTestId('toast-title')).toHaveText('Not saved: this phone’s storage is full');
    await expect(toast.getByTestId('toast-description')).toHaveText('Free some space on the phone, then try again. Records already waiting to sync are kept.');
    // The dialog stays with what was typed; nothing was sent or queued, the order is still to deliver.
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('p[role=alert]')).toHaveText('Not saved: this phone’s storage is full');
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0);
    await expect(order.getByTestId('order-status')).toHaveText('Picked up');
  } finally {
    await context.close();
  }
});
